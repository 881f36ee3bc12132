import {
  normalizeEmail,
  type ExportUsersQuery,
  type ListUsersQuery,
  type Paginated,
  type Position,
  type Status,
  type UpdateProfileInput,
  type UpdateUserInput,
  type User,
  type UserListFilter,
  type UsersByEmailsQuery,
} from '@staff-admin/shared';
import { isUniqueViolation } from '../../db/errors.js';
import { requireRecentAuth } from '../../http/guards.js';
import { nowIso, toIso, type Clock } from '../../lib/clock.js';
import { conflict, EmailTaken, forbidden, invalid, UserNotFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { pageOffset, paginationMeta, wholeListMeta } from '../../lib/pagination.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { TransactionScope, UnitOfWork } from '../../db/unit-of-work.js';
import { NO_ORIGIN, type RequestOrigin } from '../audit/index.js';
import type { AuthContext, SessionsService } from '../sessions/index.js';
import type { UploadsService } from '../uploads/index.js';
import { grantsAdminRole } from './admin-role.js';
import { resolveUserFilter, type UserFilter } from './user-search.js';
import type { UserBatchQuery, UserChanges, UsersRepository } from './users.repository.js';
import { USER_ADMIN_MESSAGES } from './users.messages.js';
import {
  AdminsNotLocked,
  assertNotOwnedByDirectory,
  deleteUser,
  editUser,
  isActiveAdmin,
  releasePicture,
  type ChangeContext,
  type UserEdit,
  type UsersTransaction,
} from './user-changes.js';

/** How many users the CSV export reads per query (docs/user-management.md). */
export const USER_EXPORT_BATCH_SIZE = 500;

export interface UsersServiceDeps {
  repository: UsersRepository;
  hasher: PasswordHasher;
  sessions: SessionsService;
  unitOfWork: UnitOfWork<UsersTransaction>;
  uploads: UploadsService;
  clock: Clock;
  /** Users per query of the CSV export; USER_EXPORT_BATCH_SIZE unless given (tests lower it). */
  exportBatchSize?: number;
}

/** Only the filter's own fields of a list or export query (not its page or order). */
const filterFields = (query: UserListFilter): UserListFilter => ({
  search: query.search,
  includeInactive: query.includeInactive,
  position: query.position,
  status: query.status,
  neverSignedIn: query.neverSignedIn,
  dormantDays: query.dormantDays,
  invitedDays: query.invitedDays,
});

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
  private readonly repository: UsersRepository;
  private readonly hasher: PasswordHasher;
  private readonly sessions: SessionsService;

  constructor(private readonly deps: UsersServiceDeps) {
    this.repository = deps.repository;
    this.hasher = deps.hasher;
    this.sessions = deps.sessions;
  }

  async getById(id: string): Promise<User> {
    const user = isUuid(id) ? await this.repository.findById(id.toLowerCase()) : undefined;
    if (!user) throw new UserNotFound();
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

  /** The list's filter as the repositories take it: "N days" counted back from the clock's now. */
  private resolveFilter(query: UserListFilter, now = this.deps.clock.now()): UserFilter {
    return resolveUserFilter(filterFields(query), new Date(now));
  }

  /**
   * GET /users: CONTRACT §4's list query and the filters of issue 16 (role, status, never signed
   * in, dormant); `all` puts every match on one page.
   */
  async list(query: ListUsersQuery): Promise<Paginated<User>> {
    const offset = query.all ? 0 : pageOffset(query.page, query.limitPerPage);
    const { users, total } = await this.repository.findPage({
      ...this.resolveFilter(query),
      sortBy: query.sortBy,
      sortDirection: query.sortDirection,
      offset,
      limit: query.all ? undefined : query.limitPerPage,
    });
    const meta = query.all
      ? wholeListMeta(total)
      : paginationMeta(query.page, query.limitPerPage, total);
    return { data: users, meta };
  }

  /**
   * GET /users/export.csv: every match of the list's filter, in the list's order, as batches of
   * users read one query at a time (keyset paging, see UsersRepository.findBatch): the next batch
   * is read only when the previous one has been consumed, so memory stays at one batch however
   * many users match. The filter's "N days" is fixed once, at the start (`exportedAt`). The export is audited
   * (`user.list_exported`, with the filter and the number of matches) before any row is read.
   */
  async exportList(
    actorId: string,
    query: ExportUsersQuery,
    origin: RequestOrigin,
  ): Promise<{ exportedAt: string; batches: AsyncIterable<User[]> }> {
    const now = this.deps.clock.now();
    const batchQuery: UserBatchQuery = {
      ...this.resolveFilter(query, now),
      sortBy: query.sortBy,
      sortDirection: query.sortDirection,
    };
    const matches = await this.repository.countMatches(batchQuery);
    await this.deps.unitOfWork.run(({ repos }) =>
      repos.audit.record({
        action: 'user.list_exported',
        actorId,
        origin,
        details: {
          filter: filterFields(query),
          sortBy: query.sortBy,
          sortDirection: query.sortDirection,
          matches,
        },
      }),
    );
    const batchSize = this.deps.exportBatchSize ?? USER_EXPORT_BATCH_SIZE;
    const repository = this.repository;
    // Read before the answer starts, so that a failing database is a 503, not a cut-off file.
    const first = await repository.findBatch(batchQuery, null, batchSize);
    async function* batches() {
      yield first.users;
      let next = first.next;
      while (next) {
        const batch = await repository.findBatch(batchQuery, next, batchSize);
        if (batch.users.length > 0) yield batch.users;
        next = batch.next;
      }
    }
    return { exportedAt: toIso(now), batches: batches() };
  }

  /** PATCH /users/profile: one's own name and picture. */
  updateProfile(userId: string, input: UpdateProfileInput): Promise<User> {
    const changes: UserChanges = { full_name: input.fullName };
    if (input.imageUrl !== undefined) changes.image_url = input.imageUrl;
    return this.edit(userId, {
      changes,
      check: (user) => assertNotOwnedByDirectory(user, changes),
    });
  }

  /**
   * PATCH /users/:id (admins): nobody changes their own position or status (403); pending is
   * neither set nor left here (400); the last active admin stays one (409); granting the admin
   * role needs a recent confirmation (403).
   */
  updateUser(
    actor: AuthContext,
    id: string,
    input: UpdateUserInput,
    origin: RequestOrigin,
  ): Promise<User> {
    if (!isUuid(id)) throw new UserNotFound();
    const userId = id.toLowerCase();
    if (input.status === 'pending') {
      throw invalid(USER_ADMIN_MESSAGES.statusNotSettable, {
        status: USER_ADMIN_MESSAGES.statusNotSettable,
      });
    }
    const changes: UserChanges = {};
    if (input.fullName !== undefined) changes.full_name = input.fullName;
    if (input.position !== undefined) changes.position = input.position;
    if (input.status !== undefined) changes.status = input.status;
    if (input.imageUrl !== undefined) changes.image_url = input.imageUrl;
    return this.edit(userId, {
      changes,
      by: { actorId: actor.userId, origin },
      check: (user) => {
        const positionChanges =
          changes.position !== undefined && changes.position !== user.position;
        const statusChanges = changes.status !== undefined && changes.status !== user.status;
        if (userId === actor.userId && (positionChanges || statusChanges)) {
          throw forbidden(USER_ADMIN_MESSAGES.ownPositionOrStatus);
        }
        if (statusChanges && user.status === 'pending') {
          throw invalid(USER_ADMIN_MESSAGES.pendingStatus);
        }
        assertNotOwnedByDirectory(user, changes);
        if (positionChanges && user.roleFromSso) {
          throw conflict(USER_ADMIN_MESSAGES.roleManagedBySso);
        }
        const after = {
          position: changes.position ?? user.position,
          status: changes.status ?? user.status,
        };
        if (grantsAdminRole(user, after)) requireRecentAuth(actor, this.deps.clock);
      },
    });
  }

  /**
   * PATCH /users/:id/status (admins): active or inactive, never on oneself or a pending user; an
   * inactive admin made active needs a recent confirmation (403).
   */
  updateStatus(
    actor: AuthContext,
    id: string,
    status: 'active' | 'inactive',
    origin: RequestOrigin,
  ): Promise<User> {
    if (!isUuid(id)) throw new UserNotFound();
    const userId = id.toLowerCase();
    if (userId === actor.userId) throw forbidden(USER_ADMIN_MESSAGES.ownPositionOrStatus);
    return this.edit(userId, {
      changes: { status },
      by: { actorId: actor.userId, origin },
      check: (user) => {
        if (user.status === 'pending') throw invalid(USER_ADMIN_MESSAGES.pendingStatus);
        assertNotOwnedByDirectory(user, { status });
        if (grantsAdminRole(user, { position: user.position, status })) {
          requireRecentAuth(actor, this.deps.clock);
        }
      },
    });
  }

  /**
   * DELETE /users/:id (admins): never oneself (403) nor the last active admin (409). Sessions,
   * one-time tokens and queued mail go with the user; others they invited keep `invitedBy` null.
   */
  async delete(actor: AuthContext, id: string, origin: RequestOrigin): Promise<void> {
    if (!isUuid(id)) throw new UserNotFound();
    const userId = id.toLowerCase();
    if (userId === actor.userId) throw forbidden(USER_ADMIN_MESSAGES.deleteSelf);
    const removed = await this.runWithAdminRule((scope, activeAdmins) =>
      deleteUser(
        scope,
        userId,
        { actorId: actor.userId, origin },
        this.changeContext(activeAdmins),
      ),
    );
    await this.deps.uploads.removeFiles(removed);
  }

  /** One edit in one transaction (editUser); files are removed once it is committed. */
  private async edit(userId: string, request: UserEdit): Promise<User> {
    const removed = await this.runWithAdminRule((scope, activeAdmins) =>
      editUser(scope, userId, request, this.changeContext(activeAdmins)),
    );
    await this.deps.uploads.removeFiles(removed);
    return this.getById(userId);
  }

  private changeContext(activeAdmins: () => string[]): ChangeContext {
    return { activeAdmins, clock: this.deps.clock, sessions: this.sessions };
  }

  /**
   * One transaction that may take an active admin's rights away, where the last active admin
   * must stay one. Only then are the active admins locked: `work` first runs without that lock,
   * and `activeAdmins()` throws if the user (locked by then) turns out to be an active admin; the
   * transaction is rolled back and `work` runs again with the admins locked first. Admins first,
   * then the user: every transaction that locks both takes them in that order, and one holding
   * only a user who is not an active admin never waits for an admin. Locking every admin for
   * every user made a bulk deactivation lock each admin's row once per user.
   */
  private async runWithAdminRule<T>(
    work: (scope: TransactionScope<UsersTransaction>, activeAdmins: () => string[]) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.deps.unitOfWork.run((scope) =>
        work(scope, () => {
          throw new AdminsNotLocked();
        }),
      );
    } catch (error) {
      if (!(error instanceof AdminsNotLocked)) throw error;
      return this.deps.unitOfWork.run(async (scope) => {
        const admins = await scope.repos.users.lockActiveAdminIds();
        return work(scope, () => admins);
      });
    }
  }

  /**
   * Data retention: deletes an account unused since before `cutoff` with its personal data
   * (sessions, links, queued mail, pictures and other uploads) and leaves only an anonymous id in
   * the audit trail. Checked again inside the transaction: an account used meanwhile, or the last
   * active admin, is kept. Files are removed once the change is committed.
   */
  async expire(userId: string, cutoff: string): Promise<'expired' | 'kept' | 'skipped'> {
    const outcome = await this.deps.unitOfWork.run(async ({ repos, afterCommit }) => {
      const activeAdmins = await repos.users.lockActiveAdminIds();
      const user = await repos.users.findStandingForUpdate(userId);
      const lastActivityAt = user && (await repos.retention.staleSince(userId, cutoff));
      if (!user || !lastActivityAt) return { result: 'skipped' as const, files: [] };
      if (isActiveAdmin(user) && !activeAdmins.some((id) => id !== userId)) {
        return { result: 'kept' as const, files: [] };
      }
      const files = [
        ...(await releasePicture(repos, user.imageUrl)),
        ...(await repos.uploads.deleteByOwner(userId)),
      ];
      const anonymousId = newId();
      await repos.audit.anonymize(userId, anonymousId);
      await repos.users.deleteById(userId);
      await repos.audit.record({
        action: 'user.expired',
        targetId: anonymousId,
        origin: NO_ORIGIN,
        details: { lastActivityAt, position: user.position, status: user.status },
      });
      afterCommit(() => this.sessions.userChanged(userId));
      return { result: 'expired' as const, files };
    });
    await this.deps.uploads.removeFiles(outcome.files);
    return outcome.result;
  }

  listAll(): Promise<User[]> {
    return this.repository.listAll();
  }

  hasAnyUser(): Promise<boolean> {
    return this.repository.hasAnyUser();
  }

  async create(input: CreateUserInput): Promise<User> {
    if (input.status === 'pending' && input.password !== undefined) {
      throw invalid('A pending user sets a password from the invitation, not now');
    }
    if (input.status !== 'pending' && input.password === undefined) {
      throw invalid('An active or inactive user needs a password');
    }
    const now = nowIso(this.deps.clock);
    const id = newId();
    const passwordHash =
      input.password === undefined ? null : await this.hasher.hash(input.password);
    try {
      await this.deps.unitOfWork.run(async ({ repos }) => {
        await repos.users.insert({
          id,
          email: normalizeEmail(input.email),
          full_name: input.fullName ?? null,
          position: input.position,
          status: input.status,
          password_hash: passwordHash,
          invited_by: input.invitedBy ?? null,
          created_at: now,
          updated_at: now,
        });
        await repos.audit.record({
          action: 'user.created',
          targetId: id,
          origin: NO_ORIGIN,
          details: { position: input.position, status: input.status },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTaken();
      throw error;
    }
    return this.getById(id);
  }

  /**
   * Sets a new password (the CLI) and ends every session of the user: old credentials stop
   * working at once, in every process.
   */
  async setPassword(email: string, password: string): Promise<User> {
    const user = await this.repository.findByEmail(normalizeEmail(email));
    if (!user) throw new UserNotFound();
    if (user.status === 'pending') {
      throw invalid('This user is pending: they choose a password from the invitation');
    }
    const passwordHash = await this.hasher.hash(password);
    await this.deps.unitOfWork.run(async ({ repos, afterCommit }) => {
      const now = nowIso(this.deps.clock);
      await repos.users.setPasswordHash(user.id, passwordHash, now);
      await repos.sessions.revokeUserSessions(user.id, now);
      await repos.audit.record({
        action: 'password.changed',
        targetId: user.id,
        origin: NO_ORIGIN,
        details: { via: 'cli' },
      });
      afterCommit(() => this.sessions.userChanged(user.id));
    });
    return user;
  }
}
