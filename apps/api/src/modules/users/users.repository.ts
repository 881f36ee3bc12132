import type { Position, Status, User } from '@staff-admin/shared';
import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DbEngine } from '../../db/database.js';
import type { DB, UsersTable } from '../../db/schema.js';
import {
  COLLECT_MATCHES_UP_TO,
  searchCondition,
  sortColumn,
  usesTrigramIndex,
  type UserListQuery,
} from './user-search.js';

export type UserRow = Selectable<UsersTable>;
/** `full_name_lower` is derived from `full_name` here, never given by callers. */
export type NewUserRow = Omit<Insertable<UsersTable>, 'full_name_lower'>;

interface PageWindow {
  limit: number;
  offset: number;
}

const sortDirection = (query: UserListQuery) => (query.sortDirection === 'ASC' ? 'asc' : 'desc');

/** The search and sort key of a full name (see migration 0003). */
export const fullNameKey = (fullName: string | null | undefined): string =>
  fullName ? fullName.toLowerCase() : '';

/** The fields an edit may change; `full_name_lower` follows `full_name`. */
export interface UserChanges {
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
    /** Tests lower it to check that both plans of `findPage` give the same pages. */
    private readonly collectMatchesUpTo = COLLECT_MATCHES_UP_TO,
    /** MFA_REQUIRED_ROLES: a User's `twoStepRequired`. */
    private readonly twoStepRoles: readonly Position[] = [],
  ) {}

  private toUser = (row: UserSelection): User => ({
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    position: row.position,
    status: row.status,
    imageUrl: row.image_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    invitedBy: row.invited_by ? { id: row.invited_by, fullName: row.inviter_full_name } : null,
    // SQLite has no boolean: 0 or 1.
    twoStepEnabled: Boolean(row.two_step_enabled),
    twoStepRequired: this.twoStepRoles.includes(row.position),
  });

  /** Users joined with their inviter's name: the contract's User shape. */
  private selectUsers() {
    return this.db
      .selectFrom('users')
      .leftJoin('users as inviter', 'inviter.id', 'users.invited_by')
      .select([
        'users.id',
        'users.email',
        'users.full_name',
        'users.position',
        'users.status',
        'users.image_url',
        'users.created_at',
        'users.updated_at',
        'users.invited_by',
        'users.two_step_enabled',
        'inviter.full_name as inviter_full_name',
      ]);
  }

  async findById(id: string): Promise<User | undefined> {
    const row = await this.selectUsers().where('users.id', '=', id).executeTakeFirst();
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

  /**
   * One page of the list (CONTRACT §4 "List query"): search in email and full name, a stable
   * order (the id breaks ties), and the number of all matches. `limit` undefined means every match.
   *
   * A page is found as ids, then loaded, by one of two plans:
   * - walk: the sort column's index in order, skipping non-matches, until the page is filled.
   *   Best without a search (a deep page reads only the index) and for dense matches.
   * - collect: gather all matches, then sort them (a materialized CTE). Best when matches are
   *   rare, or cluster in sort order (a Thai term sorted by name): a walk could read the whole
   *   index for them.
   * Terms the trigram indexes serve are counted first (cheap), and the count picks the plan.
   * Shorter terms need a scan whatever the plan, so they collect and count in that one scan.
   */
  async findPage(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const filter = searchCondition(this.engine, query);
    if (query.limit === undefined) {
      const rows = await this.orderedUsers(query).where(filter).execute();
      return { users: rows.map(this.toUser), total: rows.length };
    }
    const page = { limit: query.limit, offset: query.offset };

    if (query.search && !usesTrigramIndex(query.search)) {
      const rows = await this.collectPage(query, filter, page);
      const total = rows[0]?.total ?? (await this.count(filter));
      return { users: await this.loadInOrder(rows), total: Number(total) };
    }

    const total = await this.count(filter);
    if (total === 0) return { users: [], total };
    const rows =
      query.search && total <= this.collectMatchesUpTo
        ? await this.collectPage(query, filter, page)
        : await this.walkPage(query, filter, page);
    return { users: await this.loadInOrder(rows), total };
  }

  private async count(filter: Expression<SqlBool>): Promise<number> {
    const { total } = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(filter)
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  /** The id tie-break makes the order stable, so pages never overlap. */
  private orderedUsers(query: UserListQuery) {
    const direction = sortDirection(query);
    return this.selectUsers()
      .orderBy(sortColumn(query.sortBy), direction)
      .orderBy('users.id', direction);
  }

  private walkPage(query: UserListQuery, filter: Expression<SqlBool>, page: PageWindow) {
    const direction = sortDirection(query);
    return this.db
      .selectFrom('users')
      .select('users.id as id')
      .where(filter)
      .orderBy(sortColumn(query.sortBy), direction)
      .orderBy('users.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** The page's ids, each row also carrying the number of all matches. */
  private collectPage(query: UserListQuery, filter: Expression<SqlBool>, page: PageWindow) {
    const direction = sortDirection(query);
    return this.db
      .with(
        (cte) => cte('matches').materialized(),
        (db) =>
          db
            .selectFrom('users')
            .select(['users.id as id', sql.ref<string>(sortColumn(query.sortBy)).as('sort_key')])
            .where(filter),
      )
      .selectFrom('matches')
      .select(['id', sql<number>`(select count(*) from matches)`.as('total')])
      .orderBy('sort_key', direction)
      .orderBy('id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** The users with these ids, in the order of the ids. */
  private async loadInOrder(rows: { id: string }[]): Promise<User[]> {
    const users = await this.findByIds(rows.map((row) => row.id));
    const byId = new Map(users.map((user) => [user.id, user]));
    return rows.flatMap((row) => byId.get(row.id) ?? []);
  }

  /** The user's standing, locked until the transaction ends (PostgreSQL; SQLite writes one at a time). */
  async findStandingForUpdate(id: string): Promise<UserStanding | undefined> {
    let query = this.db
      .selectFrom('users')
      .select(['id', 'position', 'status', 'image_url as imageUrl'])
      .where('id', '=', id);
    if (this.engine === 'postgres') query = query.forUpdate();
    return query.executeTakeFirst();
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

  async recordLogin(id: string, now: string, rehashed?: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set(rehashed ? { last_login_at: now, password_hash: rehashed } : { last_login_at: now })
      .where('id', '=', id)
      .execute();
  }
}

type UserSelection = Omit<UserRow, 'password_hash' | 'last_login_at' | 'full_name_lower'> & {
  inviter_full_name: string | null;
};
