import type { Position, Status } from '@staff-admin/shared';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, RefreshTokensTable, SessionsTable } from '../../db/schema.js';

/** A session's lifetimes: what decides whether it is still alive. */
export interface SessionTimes {
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** A session as the authenticate step sees it, with its user's current standing. */
export interface SessionAccessRow extends SessionTimes {
  userId: string;
  status: Status;
  position: Position;
  twoStepEnabled: boolean;
  /** Started by SSO with the provider's multi-factor sign-in (counts as two-step). */
  twoStepByProvider: boolean;
  reauthenticatedAt: string | null;
}

export interface RefreshTokenRow {
  id: string;
  sessionId: string;
  expiresAt: string;
  usedAt: string | null;
  successorSealed: string | null;
  session: SessionTimes;
  userId: string;
  userStatus: Status;
}

/** One of a user's sessions as the sessions list shows it. */
export interface SessionListRow {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  ip: string | null;
  userAgent: string | null;
}

export class SessionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(work: (repository: SessionsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SessionsRepository(trx)));
  }

  async insertSession({
    two_step_by_provider: byProvider,
    ...row
  }: Insertable<SessionsTable>): Promise<void> {
    // A literal: each engine takes its own boolean (SQLite binds no JavaScript boolean).
    const twoStepByProvider = byProvider ? sql<boolean>`true` : sql<boolean>`false`;
    await this.db
      .insertInto('sessions')
      .values({ ...row, two_step_by_provider: twoStepByProvider })
      .execute();
  }

  async insertRefreshToken(row: Insertable<RefreshTokensTable>): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  /** The one query behind every authenticated request: a primary-key lookup and a join. */
  async findAccess(sessionId: string): Promise<SessionAccessRow | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.user_id as userId',
        'sessions.created_at as createdAt',
        'sessions.last_used_at as lastUsedAt',
        'sessions.expires_at as expiresAt',
        'sessions.revoked_at as revokedAt',
        'users.status as status',
        'users.position as position',
        'users.two_step_enabled as twoStepEnabled',
        'sessions.reauthenticated_at as reauthenticatedAt',
        'sessions.two_step_by_provider as twoStepByProvider',
      ])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst();
    // SQLite has no boolean: 0 or 1.
    return (
      row && {
        ...row,
        twoStepEnabled: Boolean(row.twoStepEnabled),
        twoStepByProvider: Boolean(row.twoStepByProvider),
      }
    );
  }

  /** Records that the session's owner entered their password (and code) again just now. */
  async setReauthenticated(sessionId: string, now: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ reauthenticated_at: now })
      .where('id', '=', sessionId)
      .execute();
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'refresh_tokens.id as id',
        'refresh_tokens.session_id as sessionId',
        'refresh_tokens.expires_at as expiresAt',
        'refresh_tokens.used_at as usedAt',
        'refresh_tokens.successor_sealed as successorSealed',
        'sessions.created_at as sessionCreatedAt',
        'sessions.last_used_at as sessionLastUsedAt',
        'sessions.expires_at as sessionExpiresAt',
        'sessions.revoked_at as sessionRevokedAt',
        'users.id as userId',
        'users.status as userStatus',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        sessionId: row.sessionId,
        expiresAt: row.expiresAt,
        usedAt: row.usedAt,
        successorSealed: row.successorSealed,
        session: {
          createdAt: row.sessionCreatedAt,
          lastUsedAt: row.sessionLastUsedAt,
          expiresAt: row.sessionExpiresAt,
          revokedAt: row.sessionRevokedAt,
        },
        userId: row.userId,
        userStatus: row.userStatus,
      }
    );
  }

  /**
   * Marks a refresh token used and keeps its successor pair (sealed) for the grace window, only if
   * nobody used it first. False means another request won the race with the same token.
   */
  async markRefreshTokenUsed(
    id: string,
    change: { replacedBy: string; now: string; successorSealed: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({
        used_at: change.now,
        replaced_by: change.replacedBy,
        successor_sealed: change.successorSealed,
      })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Drops the sealed successor pairs of the session's other tokens (their grace has ended). */
  async clearSealedSuccessors(sessionId: string, exceptTokenId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ successor_sealed: null })
      .where('session_id', '=', sessionId)
      .where('id', '!=', exceptTokenId)
      .where('successor_sealed', 'is not', null)
      .execute();
  }

  /** Drops every sealed successor pair kept since before `usedBefore` (the grace window). */
  async clearSealedSuccessorsUsedBefore(usedBefore: string): Promise<number> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ successor_sealed: null })
      .where('successor_sealed', 'is not', null)
      .where('used_at', '<', usedBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Records use of the session and its new end. With `ifLastUsedBefore`, only when the stored use
   * is older (concurrent requests write it once).
   */
  async touchSession(
    id: string,
    change: { now: string; expiresAt: string; ifLastUsedBefore?: string },
  ): Promise<void> {
    let query = this.db
      .updateTable('sessions')
      .set({ last_used_at: change.now, expires_at: change.expiresAt })
      .where('id', '=', id);
    if (change.ifLastUsedBefore) query = query.where('last_used_at', '<', change.ifLastUsedBefore);
    await query.execute();
  }

  /** The user's sessions with what the sessions list shows, most recently used first. */
  private sessionsOf(userId: string) {
    return this.db
      .selectFrom('sessions')
      .select([
        'id',
        'created_at as createdAt',
        'last_used_at as lastUsedAt',
        'ip',
        'user_agent as userAgent',
      ])
      .where('user_id', '=', userId)
      .orderBy('last_used_at', 'desc')
      .orderBy('id');
  }

  /** Sessions of the user that are not revoked and have not reached their stored end. */
  async listLive(userId: string, now: string): Promise<SessionListRow[]> {
    return this.sessionsOf(userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
  }

  /** Every session of the user the database still holds, live or ended. */
  async listAll(userId: string): Promise<(SessionListRow & SessionTimes)[]> {
    return this.sessionsOf(userId)
      .select(['expires_at as expiresAt', 'revoked_at as revokedAt'])
      .execute();
  }

  async findTimes(sessionId: string, userId: string): Promise<SessionTimes | undefined> {
    return this.db
      .selectFrom('sessions')
      .select([
        'created_at as createdAt',
        'last_used_at as lastUsedAt',
        'expires_at as expiresAt',
        'revoked_at as revokedAt',
      ])
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** True when this call revoked it (it was live until now). */
  async revokeSession(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
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
