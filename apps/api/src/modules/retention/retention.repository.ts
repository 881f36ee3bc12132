import { sql, type Kysely } from 'kysely';
import type { Position, Status } from '@staff-admin/shared';
import type { DB } from '../../db/schema.js';

/** An account whose last sign-in (or creation, if it never signed in) is before the cutoff. */
export interface StaleAccount {
  id: string;
  email: string;
  position: Position;
  status: Status;
  lastActivityAt: string;
}

/** An unused invitation past its expiry, not yet marked. */
export interface LapsedInvitation {
  tokenId: string;
  userId: string;
  email: string;
  expiresAt: string;
}

/** The directory decides when its people go (SCIM, issue 36): they never expire here. */
const notManagedByDirectory = sql<boolean>`not ${sql.ref('managed_by_directory')}`;

export class RetentionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Oldest activity first, so that of several stale admins the most recent one is kept. */
  async findStaleAccounts(cutoff: string): Promise<StaleAccount[]> {
    const lastActivity = sql<string>`coalesce(${sql.ref('last_login_at')}, ${sql.ref('created_at')})`;
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'position', 'status', lastActivity.as('lastActivityAt')])
      .where(lastActivity, '<', cutoff)
      .where(notManagedByDirectory)
      .orderBy(lastActivity)
      .orderBy('id')
      .execute();
  }

  /** The user's last activity if it is still before the cutoff (undefined: gone or active since). */
  async staleSince(userId: string, cutoff: string): Promise<string | undefined> {
    const lastActivity = sql<string>`coalesce(${sql.ref('last_login_at')}, ${sql.ref('created_at')})`;
    const row = await this.db
      .selectFrom('users')
      .select(lastActivity.as('lastActivityAt'))
      .where('id', '=', userId)
      .where(lastActivity, '<', cutoff)
      .where(notManagedByDirectory)
      .executeTakeFirst();
    return row?.lastActivityAt;
  }

  async findLapsedInvitations(now: string): Promise<LapsedInvitation[]> {
    return this.db
      .selectFrom('one_time_tokens')
      .innerJoin('users', 'users.id', 'one_time_tokens.user_id')
      .select([
        'one_time_tokens.id as tokenId',
        'users.id as userId',
        'users.email as email',
        'one_time_tokens.expires_at as expiresAt',
      ])
      .where('one_time_tokens.type', '=', 'confirmation_token')
      .where('one_time_tokens.used_at', 'is', null)
      .where('one_time_tokens.expired_at', 'is', null)
      .where('one_time_tokens.expires_at', '<=', now)
      .orderBy('one_time_tokens.expires_at')
      .execute();
  }
}
