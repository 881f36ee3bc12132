import type { Position, Status, User } from '@staff-admin/shared';
import type { Insertable, Kysely, RawBuilder, Selectable, Updateable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { DbEngine } from '../../db/database.js';
import type { DB, UsersTable } from '../../db/schema.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { RememberedMatches } from './remembered-matches.js';
import {
  SEARCH_PLANS,
  type SearchPlans,
  type UserFilter,
  type UserListQuery,
} from './user-search.js';
import { UserListing, type UserBatchQuery, type UserCursor } from './user-listing.js';
import { selectUsers, toUser, type UserSelection } from './user-selection.js';

export type { UserBatchQuery, UserCursor } from './user-listing.js';

/** A verified password's stored hash, and the same password hashed with today's settings. */
export interface PasswordRehash {
  verifiedHash: string;
  rehashed: string;
}

export type UserRow = Selectable<UsersTable>;
/** `full_name_lower` is derived from `full_name` here, never given by callers. */
export type NewUserRow = Omit<Insertable<UsersTable>, 'full_name_lower'>;

/** The search and sort key of a full name (see migration 0003). */
export const fullNameKey = (fullName: string | null | undefined): string =>
  fullName ? fullName.toLowerCase() : '';

/** The fields an edit may change; `full_name_lower` follows `full_name`. */
export interface UserChanges {
  /** Only the directory changes an email (SCIM's userName); already normalized. */
  email?: string;
  full_name?: string;
  position?: Position;
  status?: Status;
  image_url?: string | null;
}

/** What the rules of an edit or a deletion look at. */
export interface UserStanding {
  id: string;
  position: Position;
  status: Status;
  imageUrl: string | null;
  /** The role follows the company sign-in's claim (issue 35): not changed by hand. */
  roleFromSso: boolean;
  fullName: string | null;
  /** Provisioned from the directory (issue 36): name and status not changed by hand. */
  managedByDirectory: boolean;
}

/** What login needs to decide: no profile fields. */
export interface UserCredentials {
  id: string;
  status: Status;
  position: Position;
  passwordHash: string | null;
  /** A second factor is on: a right password then asks for the second step. */
  twoStepEnabled: boolean;
}

export class UsersRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: DbEngine,
    /** Tests move them to check that every plan of `findPage` gives the same pages. */
    plans: SearchPlans = SEARCH_PLANS,
    /** MFA_REQUIRED_ROLES: a User's `twoStepRequired`. */
    private readonly twoStepRoles: readonly Position[] = [],
    /** Judges whether an invitation has expired (the services' injected clock). */
    private readonly clock: Clock = systemClock,
    /** Remembered counts and orders; none in a transaction, whose writes others do not see yet. */
    remembered?: RememberedMatches,
  ) {
    this.listing = new UserListing(
      db,
      engine,
      { toUser: this.toUser, findByIds: (ids: string[]) => this.findByIds(ids) },
      plans,
      remembered,
    );
  }

  private readonly toUser = (row: UserSelection): User =>
    toUser(row, this.twoStepRoles, this.clock);

  /** The list's search and paging engine (user-listing.ts), reading users as this repository does. */
  private readonly listing: UserListing;

  private selectUsers() {
    return selectUsers(this.db);
  }

  private readonly byId = compiledOnce((id) => this.selectUsers().where('users.id', '=', id));

  async findById(id: string): Promise<User | undefined> {
    const [row] = (await this.db.executeQuery(this.byId(id))).rows;
    return row && this.toUser(row);
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.selectUsers().where('users.email', '=', email).executeTakeFirst();
    return row && this.toUser(row);
  }

  /** Users with these ids, in no particular order. */
  async findByIds(ids: string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    const rows = await this.selectUsers().where('users.id', 'in', ids).execute();
    return rows.map(this.toUser);
  }

  /** One page of the users having one of these (normalised) emails, by email. */
  async findPageByEmails(
    emails: string[],
    { offset, limit }: { offset: number; limit: number },
  ): Promise<{ users: User[]; total: number }> {
    const { total } = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('email', 'in', emails)
      .executeTakeFirstOrThrow();
    const rows = await this.selectUsers()
      .where('users.email', 'in', emails)
      .orderBy('users.email', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { users: rows.map(this.toUser), total: Number(total) };
  }

  findCredentialsById(id: string): Promise<UserCredentials | undefined> {
    return this.findCredentials('id', id);
  }

  findCredentialsByEmail(email: string): Promise<UserCredentials | undefined> {
    return this.findCredentials('email', email);
  }

  private async findCredentials(
    column: 'id' | 'email',
    value: string,
  ): Promise<UserCredentials | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select([
        'id',
        'status',
        'position',
        'password_hash as passwordHash',
        'two_step_enabled as twoStepEnabled',
      ])
      .where(column, '=', value)
      .executeTakeFirst();
    return row && { ...row, twoStepEnabled: Boolean(row.twoStepEnabled) };
  }

  async listAll(): Promise<User[]> {
    const rows = await this.selectUsers()
      .orderBy('users.created_at', 'asc')
      .orderBy('users.email', 'asc')
      .execute();
    return rows.map(this.toUser);
  }

  /** One page of the list (CONTRACT §4 "List query") and the number of all matches (UserListing). */
  findPage(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    return this.listing.findPage(query);
  }

  /** How many users match the filter (what the list counts). */
  countMatches(filter: UserFilter): Promise<number> {
    return this.listing.countMatches(filter);
  }

  /** The next `limit` matches in the list's order after `after` (the export's keyset batches). */
  findBatch(
    query: UserBatchQuery,
    after: UserCursor | null,
    limit: number,
  ): Promise<{ users: User[]; next: UserCursor | null }> {
    return this.listing.findBatch(query, after, limit);
  }

  /** The user's standing, locked until the transaction ends (PostgreSQL; SQLite writes one at a time). */
  async findStandingForUpdate(id: string): Promise<UserStanding | undefined> {
    let query = this.db
      .selectFrom('users')
      .select([
        'id',
        'position',
        'status',
        'image_url as imageUrl',
        'role_from_sso',
        'full_name',
        'managed_by_directory',
      ])
      .where('id', '=', id);
    if (this.engine === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return (
      row && {
        id: row.id,
        position: row.position,
        status: row.status,
        imageUrl: row.imageUrl,
        roleFromSso: Boolean(row.role_from_sso),
        fullName: row.full_name,
        managedByDirectory: Boolean(row.managed_by_directory),
      }
    );
  }

  /** The ids of the active admins (not locked: for reports and plans). */
  async findActiveAdminIds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('position', '=', 'admin')
      .where('status', '=', 'active')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * The ids of the active admins, locked in id order on PostgreSQL so that two transactions that
   * each remove an admin wait for one another instead of both seeing the other admin still there.
   */
  async lockActiveAdminIds(): Promise<string[]> {
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where('position', '=', 'admin')
      .where('status', '=', 'active')
      .orderBy('id');
    if (this.engine === 'postgres') query = query.forUpdate();
    return (await query.execute()).map((row) => row.id);
  }

  async update(id: string, changes: UserChanges, now: string): Promise<void> {
    const set: Updateable<UsersTable> = { ...changes, updated_at: now };
    if (changes.full_name !== undefined) set.full_name_lower = fullNameKey(changes.full_name);
    await this.db.updateTable('users').set(set).where('id', '=', id).execute();
  }

  /** Deletes the user; their sessions, tokens and mail go with them (ON DELETE CASCADE). */
  async deleteById(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  /** True when a user other than `exceptUserId` has this picture. */
  async isImageUsedByOther(imageUrl: string, exceptUserId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('image_url', '=', imageUrl)
      .where('id', '!=', exceptUserId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async hasAnyUser(): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async insert(row: NewUserRow): Promise<void> {
    await this.db
      .insertInto('users')
      .values({ ...row, full_name_lower: fullNameKey(row.full_name) })
      .execute();
  }

  /** Inserts unless the email is taken (even by a concurrent insert); true when inserted. */
  async insertIfEmailFree(row: NewUserRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto('users')
      .values({ ...row, full_name_lower: fullNameKey(row.full_name) })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /**
   * Sets the password hash, and optionally a new status, only while the user has the status
   * `whileStatus`: false when the user is gone or has moved on meanwhile.
   */
  async updatePassword(
    id: string,
    change: { passwordHash: string; status?: Status; now: string; whileStatus: Status },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({
        password_hash: change.passwordHash,
        updated_at: change.now,
        ...(change.status ? { status: change.status } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', change.whileStatus)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async setPasswordHash(id: string, passwordHash: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Sets `users.two_step_enabled` (to an expression over the user's row, evaluated in the same
   * statement) and returns it. Two-step calls it in the transaction of every factor change.
   */
  async setTwoStepEnabled(id: string, enabled: RawBuilder<boolean>): Promise<boolean> {
    await this.db
      .updateTable('users')
      .set({ two_step_enabled: enabled })
      .where('id', '=', id)
      .execute();
    const row = await this.db
      .selectFrom('users')
      .select('two_step_enabled')
      .where('id', '=', id)
      .executeTakeFirst();
    return Boolean(row?.two_step_enabled);
  }

  async recordLogin(id: string, now: string): Promise<void> {
    await this.db.updateTable('users').set({ last_login_at: now }).where('id', '=', id).execute();
  }

  /**
   * After a sign-in's password check: stores the rehash of the password just verified, only while
   * the stored hash is still the verified one (a password changed meanwhile wins, and the lost race
   * is no error). Leaves `updated_at` alone. False when not stored.
   */
  async replacePasswordHash(
    id: string,
    { verifiedHash, rehashed }: PasswordRehash,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ password_hash: rehashed })
      .where('id', '=', id)
      .where('password_hash', '=', verifiedHash)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
