import type { Position, Status } from '@staff-admin/shared';
import type { Insertable, Kysely } from 'kysely';
import type { DB, RefreshTokensTable, SessionsTable } from '../../db/schema.js';

/** A session as the authenticate step sees it, with its user's current standing. */
export interface SessionAccessRow {
  userId: string;
  expiresAt: string;
  revokedAt: string | null;
  status: Status;
  position: Position;
}

export interface RefreshTokenRow {
  id: string;
  sessionId: string;
  expiresAt: string;
  usedAt: string | null;
  sessionExpiresAt: string;
  sessionRevokedAt: string | null;
  userId: string;
  userStatus: Status;
}

export class SessionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(work: (repository: SessionsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SessionsRepository(trx)));
  }

  async insertSession(row: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async insertRefreshToken(row: Insertable<RefreshTokensTable>): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  /** The one query behind every authenticated request: a primary-key lookup and a join. */
  async findAccess(sessionId: string): Promise<SessionAccessRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.user_id as userId',
        'sessions.expires_at as expiresAt',
        'sessions.revoked_at as revokedAt',
        'users.status as status',
        'users.position as position',
      ])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst();
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'refresh_tokens.id as id',
        'refresh_tokens.session_id as sessionId',
        'refresh_tokens.expires_at as expiresAt',
        'refresh_tokens.used_at as usedAt',
        'sessions.expires_at as sessionExpiresAt',
        'sessions.revoked_at as sessionRevokedAt',
        'users.id as userId',
        'users.status as userStatus',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Marks a refresh token used, only if nobody used it first. False means another request won the
   * race with the same token: that is reuse.
   */
  async markRefreshTokenUsed(id: string, replacedBy: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now, replaced_by: replacedBy })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async extendSession(id: string, now: string, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_used_at: now, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async revokeSession(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeUserSessions(userId: string, now: string, exceptSessionId?: string): Promise<void> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
  }
}
