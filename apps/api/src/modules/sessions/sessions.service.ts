import { API_MESSAGES, type Position, type Status } from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import { nowIso, toIso } from '../../lib/clock.js';
import { forbidden, unauthorized, type AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { generateOpaqueToken, hashToken } from '../../lib/secure-token.js';
import type { SessionsRepository } from './sessions.repository.js';

/** Who is calling: set on the request by the authenticate step. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  position: Position;
  status: Status;
}

export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface IssuedSession {
  sessionId: string;
  userId: string;
  refreshToken: string;
}

const USER_AGENT_MAX_LENGTH = 512;

/** 403 for an account that may not use the site now, with the message that says why. */
export function accountNotActive(status: Exclude<Status, 'active'>): AppError {
  return forbidden(
    status === 'pending' ? API_MESSAGES.accountPending : API_MESSAGES.accountInactive,
  );
}

/**
 * Sessions and their refresh-token families. A session lives as long as its newest refresh token
 * (each rotation extends it); logging out or reusing a rotated token revokes it, which ends its
 * access tokens at once because every request checks the session.
 */
export class SessionsService {
  constructor(
    private readonly repository: SessionsRepository,
    private readonly refreshTokenTtlMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(userId: string, meta: SessionMeta): Promise<IssuedSession> {
    const now = Date.now();
    const created = toIso(now);
    const expiresAt = toIso(now + this.refreshTokenTtlMs);
    const sessionId = newId();
    const refreshToken = generateOpaqueToken();
    await this.repository.transaction(async (repository) => {
      await repository.insertSession({
        id: sessionId,
        user_id: userId,
        created_at: created,
        last_used_at: created,
        expires_at: expiresAt,
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      });
      await repository.insertRefreshToken({
        id: newId(),
        session_id: sessionId,
        token_hash: hashToken(refreshToken),
        created_at: created,
        expires_at: expiresAt,
      });
    });
    return { sessionId, userId, refreshToken };
  }

  /**
   * Swaps a refresh token for a new one. Unknown, expired or revoked → 403; a token that was
   * already rotated means it leaked, so its whole session is revoked before the 403.
   */
  async rotate(refreshToken: string): Promise<IssuedSession> {
    const token = await this.repository.findRefreshToken(hashToken(refreshToken));
    const now = Date.now();
    const nowText = toIso(now);
    if (!token) throw forbidden(API_MESSAGES.sessionEnded);
    if (token.usedAt) return this.revokeForReuse(token.sessionId, token.userId, nowText);
    if (token.userStatus !== 'active') throw accountNotActive(token.userStatus);
    if (token.sessionRevokedAt || token.expiresAt <= nowText || token.sessionExpiresAt <= nowText) {
      throw forbidden(API_MESSAGES.sessionEnded);
    }

    const nextId = newId();
    const next = generateOpaqueToken();
    const expiresAt = toIso(now + this.refreshTokenTtlMs);
    const rotated = await this.repository.transaction(async (repository) => {
      if (!(await repository.markRefreshTokenUsed(token.id, nextId, nowText))) return false;
      await repository.insertRefreshToken({
        id: nextId,
        session_id: token.sessionId,
        token_hash: hashToken(next),
        created_at: nowText,
        expires_at: expiresAt,
      });
      await repository.extendSession(token.sessionId, nowText, expiresAt);
      return true;
    });
    if (!rotated) return this.revokeForReuse(token.sessionId, token.userId, nowText);
    return { sessionId: token.sessionId, userId: token.userId, refreshToken: next };
  }

  /** Checks on every authenticated request; the place to add a cache later. */
  async resolveAccess(sessionId: string, userId: string): Promise<AuthContext> {
    const session = await this.repository.findAccess(sessionId);
    if (!session || session.userId !== userId) throw unauthorized(API_MESSAGES.sessionEnded);
    if (session.status !== 'active') throw accountNotActive(session.status);
    if (session.revokedAt || session.expiresAt <= nowIso()) {
      throw unauthorized(API_MESSAGES.sessionEnded);
    }
    return { userId, sessionId, position: session.position, status: session.status };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.repository.revokeSession(sessionId, nowIso());
  }

  /** Ends every session of a user (password set, account disabled), optionally but one. */
  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    await this.repository.revokeUserSessions(userId, nowIso(), exceptSessionId);
  }

  private async revokeForReuse(sessionId: string, userId: string, now: string): Promise<never> {
    this.log.warn({ sessionId, userId }, 'refresh token reused: session revoked');
    await this.repository.revokeSession(sessionId, now);
    throw forbidden(API_MESSAGES.sessionEnded);
  }
}
