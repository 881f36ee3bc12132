import {
  API_MESSAGES,
  normalizeEmail,
  type Paginated,
  type Position,
  type Status,
  type User,
  type UsersByEmailsQuery,
} from '@staff-admin/shared';
import { isUniqueViolation } from '../../db/errors.js';
import { nowIso } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { pageOffset, paginationMeta } from '../../lib/pagination.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { UsersRepository } from './users.repository.js';

export interface CreateUserInput {
  email: string;
  /** Required unless the user is pending: pending users choose theirs from the invitation. */
  password?: string;
  position: Position;
  status: Status;
  fullName?: string | null;
  invitedBy?: string | null;
}

export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
  ) {}

  async getById(id: string): Promise<User> {
    const user = isUuid(id) ? await this.repository.findById(id.toLowerCase()) : undefined;
    if (!user) throw notFound(API_MESSAGES.userNotFound);
    return user;
  }

  /** The users that have one of these emails, a page at a time. */
  async listByEmails(query: UsersByEmailsQuery): Promise<Paginated<User>> {
    const { users, total } = await this.repository.findPageByEmails(query.emails, {
      offset: pageOffset(query.page, query.limitPerPage),
      limit: query.limitPerPage,
    });
    return { data: users, meta: paginationMeta(query.page, query.limitPerPage, total) };
  }

  listAll(): Promise<User[]> {
    return this.repository.listAll();
  }

  hasAnyUser(): Promise<boolean> {
    return this.repository.hasAnyUser();
  }

  async create(input: CreateUserInput): Promise<User> {
    if (input.status === 'pending' && input.password !== undefined) {
      throw new AppError(400, 'A pending user sets a password from the invitation, not now');
    }
    if (input.status !== 'pending' && input.password === undefined) {
      throw new AppError(400, 'An active or inactive user needs a password');
    }
    const now = nowIso();
    const id = newId();
    try {
      await this.repository.insert({
        id,
        email: normalizeEmail(input.email),
        full_name: input.fullName ?? null,
        position: input.position,
        status: input.status,
        password_hash: input.password === undefined ? null : await this.hasher.hash(input.password),
        invited_by: input.invitedBy ?? null,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(API_MESSAGES.emailTaken);
      throw error;
    }
    return this.getById(id);
  }

  /** Sets a new password and ends every session of the user: old credentials stop working. */
  async setPassword(email: string, password: string): Promise<User> {
    const user = await this.repository.findByEmail(normalizeEmail(email));
    if (!user) throw notFound(API_MESSAGES.userNotFound);
    if (user.status === 'pending') {
      throw new AppError(400, 'This user is pending: they choose a password from the invitation');
    }
    await this.repository.setPasswordHash(user.id, await this.hasher.hash(password), nowIso());
    await this.sessions.revokeAllForUser(user.id);
    return user;
  }
}
