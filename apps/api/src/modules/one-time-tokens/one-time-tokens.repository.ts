import type { Status, TokenType } from '@staff-admin/shared';
import type { Insertable, Kysely } from 'kysely';
import type { DB, OneTimeTokensTable } from '../../db/schema.js';
import { useOnce } from '../../db/use-once.js';

/** A stored token with what its checks need to know about its user. */
export interface TokenRecord {
  id: string;
  type: TokenType;
  expiresAt: string;
  usedAt: string | null;
  /** Marked expired by the retention job. */
  expiredAt: string | null;
  userId: string;
  email: string;
  fullName: string | null;
  userStatus: Status;
}

export class OneTimeTokensRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<OneTimeTokensTable>): Promise<void> {
    await this.db.insertInto('one_time_tokens').values(row).execute();
  }

  /** Cancels every earlier token of this type for the user: only the newest link works. */
  async deleteForUser(userId: string, type: TokenType): Promise<void> {
    await this.db
      .deleteFrom('one_time_tokens')
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .execute();
  }

  /** The unused tokens of the same user and type made before this one. */
  async deleteEarlierUnused(id: string): Promise<void> {
    const newer = await this.db
      .selectFrom('one_time_tokens')
      .select(['user_id', 'type', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!newer) return;
    await this.db
      .deleteFrom('one_time_tokens')
      .where('user_id', '=', newer.user_id)
      .where('type', '=', newer.type)
      .where('used_at', 'is', null)
      .where('created_at', '<', newer.created_at)
      .execute();
  }

  async findByHash(tokenHash: string): Promise<TokenRecord | undefined> {
    return this.db
      .selectFrom('one_time_tokens')
      .innerJoin('users', 'users.id', 'one_time_tokens.user_id')
      .select([
        'one_time_tokens.id as id',
        'one_time_tokens.type as type',
        'one_time_tokens.expires_at as expiresAt',
        'one_time_tokens.used_at as usedAt',
        'one_time_tokens.expired_at as expiredAt',
        'users.id as userId',
        'users.email as email',
        'users.full_name as fullName',
        'users.status as userStatus',
      ])
      .where('one_time_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Uses the token up, only if it is still unused and unexpired. False means another request used
   * it first (or it expired meanwhile): the caller must refuse.
   */
  markUsed(id: string, now: string): Promise<boolean> {
    return useOnce(this.db, 'one_time_tokens', id, now);
  }

  /** Marks one lapsed invitation expired (the retention job); false when another run marked it first. */
  async markInvitationExpired(tokenId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('one_time_tokens')
      .set({ expired_at: now })
      .where('id', '=', tokenId)
      .where('expired_at', 'is', null)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
