import type { Position, Status, User } from '@staff-admin/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;

/** What login needs to decide: no profile fields. */
export interface UserCredentials {
  id: string;
  status: Status;
  position: Position;
  passwordHash: string | null;
}

export class UsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

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
        'inviter.full_name as inviter_full_name',
      ]);
  }

  async findById(id: string): Promise<User | undefined> {
    const row = await this.selectUsers().where('users.id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.selectUsers().where('users.email', '=', email).executeTakeFirst();
    return row && toUser(row);
  }

  /** Users with these ids, in no particular order. */
  async findByIds(ids: string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    const rows = await this.selectUsers().where('users.id', 'in', ids).execute();
    return rows.map(toUser);
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
    return { users: rows.map(toUser), total: Number(total) };
  }

  async findCredentialsById(id: string): Promise<UserCredentials | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'status', 'position', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        status: row.status,
        position: row.position,
        passwordHash: row.password_hash,
      }
    );
  }

  async findCredentialsByEmail(email: string): Promise<UserCredentials | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'status', 'position', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        status: row.status,
        position: row.position,
        passwordHash: row.password_hash,
      }
    );
  }

  async listAll(): Promise<User[]> {
    const rows = await this.selectUsers()
      .orderBy('users.created_at', 'asc')
      .orderBy('users.email', 'asc')
      .execute();
    return rows.map(toUser);
  }

  async hasAnyUser(): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async insert(row: NewUserRow): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  /** Inserts unless the email is taken (even by a concurrent insert); true when inserted. */
  async insertIfEmailFree(row: NewUserRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto('users')
      .values(row)
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

function toUser(
  row: Omit<UserRow, 'password_hash' | 'last_login_at'> & { inviter_full_name: string | null },
): User {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    position: row.position,
    status: row.status,
    imageUrl: row.image_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    invitedBy: row.invited_by ? { id: row.invited_by, fullName: row.inviter_full_name } : null,
  };
}
