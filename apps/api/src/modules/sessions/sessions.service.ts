import {
  type ActiveSession,
  type ListSessionsQuery,
  type Paginated,
  type PersonalSession,
  type TokenPair,
} from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../lib/auth-context.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { accountNotActive, notFound, SessionEnded } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { pageOffset, paginationMeta, wholeListMeta } from '../../lib/pagination.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditEntry, RequestOrigin, AuditRepository } from '../audit/index.js';
import { generateOpaqueToken, hashToken } from '../../lib/secure-token.js';
import type { Revocation, RevocationBus } from './revocation-bus.js';
import { SessionCache } from './session-cache.js';
import type {
  RefreshTokenRow,
  SessionAccessRow,
  SessionsRepository,
  SessionTimes,
} from './sessions.repository.js';

/** Who is calling: set on the request by the authenticate step. */
export type { AuthContext };

/** Where the sign-in came from: kept on the session (the sessions list shows it). */
export type SessionMeta = RequestOrigin;

/** A session started by company sign-in: its provider, and whether it asserted MFA. */
export interface SsoSessionStart {
  issuer: string;
  twoStepByProvider: boolean;
}

export interface IssuedSession {
  sessionId: string;
  userId: string;
  refreshToken: string;
}

/** A rotation's result: the session and its new token pair. */
export interface RotatedSession {
  sessionId: string;
  userId: string;
  tokens: TokenPair;
}

/** Signs an access token for a session (the JWT plugin lives with the app). */
export type SignAccessToken = (userId: string, sessionId: string) => string;

export interface SessionPolicy {
  refreshTokenTtlMs: number;
  /** A session ends after this long without a request or a refresh. */
  idleTimeoutMs: number;
  /** A session ends this long after sign-in, however active. */
  maxAgeMs: number;
  /** A rotated refresh token answers the same new pair for this long. */
  reuseGraceMs: number;
  /** How long the authenticate step may reuse what it read about a session (0: never). */
  cacheTtlMs: number;
}

/** The repositories a session change writes through: the sessions, and the audit trail. */
export interface SessionsTransaction {
  sessions: SessionsRepository;
  audit: AuditRepository;
}

export interface SessionsServiceDeps {
  repository: SessionsRepository;
  /** Changes and their audit events commit together. */
  unitOfWork: UnitOfWork<SessionsTransaction>;
  policy: SessionPolicy;
  /** Seals the successor pair kept for the grace window. */
  successorBox: SealedBox;
  /** Where revocations are announced to every process's cache. */
  revocations: RevocationBus;
  log: FastifyBaseLogger;
  clock: Clock;
}

const USER_AGENT_MAX_LENGTH = 512;
/** Requests record their use of the session at most this often (a write per session and minute). */
const TOUCH_INTERVAL_MAX_MS = 60_000;

const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

/**
 * Sessions and their refresh-token families. A session ends when it is revoked (logout, reuse of
 * a rotated token, password change, deactivation), after SESSION_IDLE_TIMEOUT without use, or
 * SESSION_MAX_AGE after sign-in, whichever comes first; every request and every refresh checks
 * all three, so an access token dies with its session. Refresh tokens rotate on every use; a
 * rotated token used again within REFRESH_REUSE_GRACE answers the same new pair (two tabs
 * refreshing at once), after it the whole session is revoked.
 *
 * What the authenticate step reads is cached for SESSION_CACHE_TTL; every revocation (and any
 * change to a user's standing) is announced on the revocation bus, which evicts it in every
 * process at once.
 */
export class SessionsService {
  private readonly repository: SessionsRepository;
  private readonly unitOfWork: UnitOfWork<SessionsTransaction>;
  private readonly policy: SessionPolicy;
  private readonly successorBox: SealedBox;
  private readonly revocations: RevocationBus;
  private readonly log: FastifyBaseLogger;
  private readonly clock: Clock;
  private readonly touchIntervalMs: number;
  private readonly cache: SessionCache;

  constructor(deps: SessionsServiceDeps) {
    ({
      repository: this.repository,
      unitOfWork: this.unitOfWork,
      policy: this.policy,
      successorBox: this.successorBox,
      revocations: this.revocations,
      log: this.log,
      clock: this.clock,
    } = deps);
    this.touchIntervalMs = Math.min(TOUCH_INTERVAL_MAX_MS, this.policy.idleTimeoutMs / 10);
    this.cache = new SessionCache(this.policy.cacheTtlMs, () => this.clock.now());
    this.revocations.subscribe((revocation) => {
      if (revocation === 'all') this.cache.clear();
      else if (revocation.kind === 'session') this.cache.forgetSession(revocation.sessionId);
      else this.cache.forgetUser(revocation.userId);
    });
  }

  /**
   * A new session and its first refresh token; inside the caller's transaction when given its
   * repositories (a login records its audit event with it), in one of its own otherwise.
   */
  async start(
    userId: string,
    meta: SessionMeta,
    repos?: Pick<SessionsTransaction, 'sessions'>,
    sso?: SsoSessionStart,
  ): Promise<IssuedSession> {
    const now = this.clock.now();
    const created = toIso(now);
    const sessionId = newId();
    const refreshToken = generateOpaqueToken();
    const work = async (repository: SessionsRepository) => {
      await repository.insertSession({
        id: sessionId,
        user_id: userId,
        created_at: created,
        last_used_at: created,
        expires_at: toIso(this.endOf({ createdAt: created, lastUsedAt: created })),
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
        // Signing in is entering the password (and code): sensitive changes need no new one yet.
        reauthenticated_at: created,
        sso_issuer: sso?.issuer ?? null,
        two_step_by_provider: sso?.twoStepByProvider ?? false,
      });
      await repository.insertRefreshToken({
        id: newId(),
        session_id: sessionId,
        token_hash: hashToken(refreshToken),
        created_at: created,
        expires_at: toIso(this.refreshTokenEnd(created, now)),
      });
    };
    if (repos) await work(repos.sessions);
    else await this.repository.transaction(work);
    return { sessionId, userId, refreshToken };
  }

  /**
   * Swaps a refresh token for a new pair. Unknown, expired or revoked → 403; a token already
   * rotated is answered with its successor pair within the grace window, and otherwise means it
   * leaked, so its whole session is revoked before the 403.
   */
  async rotate(
    refreshToken: string,
    signAccess: SignAccessToken,
    origin: RequestOrigin,
  ): Promise<RotatedSession> {
    const tokenHash = hashToken(refreshToken);
    const token = await this.repository.findRefreshToken(tokenHash);
    if (!token) throw new SessionEnded('forbidden');
    if (token.usedAt) return this.replayOrRevoke(token, origin);
    const now = this.clock.now();
    this.assertRefreshable(token, now);

    const nowText = toIso(now);
    const nextId = newId();
    const tokens: TokenPair = {
      access_token: signAccess(token.userId, token.sessionId),
      refresh_token: generateOpaqueToken(),
    };
    const rotated = await this.repository.transaction(async (repository) => {
      const won = await repository.markRefreshTokenUsed(token.id, {
        replacedBy: nextId,
        now: nowText,
        successorSealed: this.successorBox.seal(JSON.stringify(tokens)),
      });
      if (!won) return false;
      await repository.insertRefreshToken({
        id: nextId,
        session_id: token.sessionId,
        token_hash: hashToken(tokens.refresh_token),
        created_at: nowText,
        expires_at: toIso(this.refreshTokenEnd(token.session.createdAt, now)),
      });
      await repository.clearSealedSuccessors(token.sessionId, token.id);
      await repository.touchSession(token.sessionId, {
        now: nowText,
        expiresAt: toIso(this.endOf({ createdAt: token.session.createdAt, lastUsedAt: nowText })),
      });
      return true;
    });
    if (rotated) return { sessionId: token.sessionId, userId: token.userId, tokens };

    // Another request rotated this token a moment ago (it committed first): the same rules as
    // for any used token, now that its successor is visible.
    const winner = await this.repository.findRefreshToken(tokenHash);
    if (!winner?.usedAt) throw new SessionEnded('forbidden');
    return this.replayOrRevoke(winner, origin);
  }

  /**
   * Checks on every authenticated request: the session is live and its user active. Records the
   * use (idle timeout) at most every minute.
   */
  async resolveAccess(sessionId: string, userId: string): Promise<AuthContext> {
    const session = await this.findAccess(sessionId);
    if (!session || session.userId !== userId) throw new SessionEnded();
    if (session.status !== 'active') throw accountNotActive(session.status);
    const now = this.clock.now();
    if (!this.isLive(session, now)) throw new SessionEnded();
    if (now - Date.parse(session.lastUsedAt) >= this.touchIntervalMs) {
      const nowText = toIso(now);
      const expiresAt = toIso(this.endOf({ createdAt: session.createdAt, lastUsedAt: nowText }));
      await this.repository.touchSession(sessionId, {
        now: nowText,
        expiresAt,
        ifLastUsedBefore: toIso(now - this.touchIntervalMs),
      });
      this.cache.touched(sessionId, nowText, expiresAt);
    }
    return {
      userId,
      sessionId,
      position: session.position,
      status: session.status,
      twoStepEnabled: session.twoStepEnabled,
      twoStepByProvider: session.twoStepByProvider,
      reauthenticatedAt: session.reauthenticatedAt,
    };
  }

  private async findAccess(sessionId: string): Promise<SessionAccessRow | undefined> {
    // While revocations cannot reach this process, every request asks the database.
    if (!this.revocations.live()) return this.repository.findAccess(sessionId);
    const cached = this.cache.get(sessionId);
    if (cached) return cached;
    const generation = this.cache.generation();
    const session = await this.repository.findAccess(sessionId);
    if (session) this.cache.set(sessionId, session, generation);
    return session;
  }

  /**
   * The user's live sessions: the caller's own first (`current`), then the most recently used; a
   * page of them, or all.
   */
  async listForUser(
    userId: string,
    currentSessionId: string,
    { page, limitPerPage }: ListSessionsQuery,
  ): Promise<Paginated<ActiveSession>> {
    const now = this.clock.now();
    const rows = await this.repository.listLive(userId, toIso(now));
    const live = rows
      .filter((row) => this.endOf(row) > now)
      .map((row) => ({ ...row, current: row.id === currentSessionId }))
      // The caller's own session first; the sort is stable, so the rest stay most recent first.
      .sort((a, b) => Number(b.current) - Number(a.current));
    if (limitPerPage === undefined) return { data: live, meta: wholeListMeta(live.length) };
    const offset = pageOffset(page, limitPerPage);
    return {
      data: live.slice(offset, offset + limitPerPage),
      meta: paginationMeta(page, limitPerPage, live.length),
    };
  }

  /**
   * Every session of the user the database still holds (ended ones stay until the retention job
   * deletes them), with when each ended: revoked, or its stored, idle or absolute end passed.
   */
  async historyForUser(userId: string): Promise<PersonalSession[]> {
    const now = this.clock.now();
    const rows = await this.repository.listAll(userId);
    return rows.map(({ expiresAt, revokedAt, ...row }) => {
      const end = Math.min(Date.parse(expiresAt), this.endOf(row));
      return { ...row, endedAt: revokedAt ?? (end <= now ? toIso(end) : null) };
    });
  }

  /**
   * Revokes one live session of the user (an admin, or the user, ending it); 404 when the user has
   * no such live session.
   */
  async revokeForUser(
    userId: string,
    sessionId: string,
    actor: AuthContext,
    origin: RequestOrigin,
  ): Promise<void> {
    const id = sessionId.toLowerCase();
    const session = isUuid(id) ? await this.repository.findTimes(id, userId) : undefined;
    if (!session || !this.isLive(session, this.clock.now())) throw notFound(SESSION_NOT_FOUND);
    await this.end(id, {
      action: 'session.revoked',
      actorId: actor.userId,
      targetId: userId,
      origin,
      details: { sessionId: id },
    });
  }

  /** Logout: the caller ends their own session. */
  logout(auth: AuthContext, origin: RequestOrigin): Promise<void> {
    return this.end(auth.sessionId, {
      action: 'auth.logout',
      actorId: auth.userId,
      targetId: auth.userId,
      origin,
      details: { sessionId: auth.sessionId },
    });
  }

  /** Revokes a session and records why, together; every process forgets it at once. */
  private async end(sessionId: string, event: AuditEntry): Promise<void> {
    await this.unitOfWork.run(async ({ repos, afterCommit }) => {
      if (await repos.sessions.revokeSession(sessionId, toIso(this.clock.now()))) {
        await repos.audit.record(event);
      }
      afterCommit(() => this.announce({ kind: 'session', sessionId }));
    });
  }

  /**
   * An admin ends every live session of a user at once (bulk "End sessions"): each one is revoked
   * and audited exactly as DELETE /users/:id/sessions/:sessionId does (`session.revoked`), all in
   * one transaction; every process forgets them once it commits. Returns how many were ended
   * (0: the user had none).
   */
  async revokeAllLiveForUser(
    userId: string,
    actor: Pick<AuthContext, 'userId'>,
    origin: RequestOrigin,
  ): Promise<number> {
    return this.unitOfWork.run(async ({ repos, afterCommit }) => {
      const now = this.clock.now();
      const nowText = toIso(now);
      // The sessions the user's session list shows: not revoked, within both lifetimes.
      const live = (await repos.sessions.listLive(userId, nowText)).filter(
        (session) => this.endOf(session) > now,
      );
      let ended = 0;
      for (const session of live) {
        if (!(await repos.sessions.revokeSession(session.id, nowText))) continue;
        ended += 1;
        await repos.audit.record({
          action: 'session.revoked',
          actorId: actor.userId,
          targetId: userId,
          origin,
          details: { sessionId: session.id },
        });
      }
      if (ended > 0) afterCommit(() => this.userChanged(userId));
      return ended;
    });
  }

  /** Ends every session of a user (password set, account disabled), optionally but one. */
  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    await this.repository.revokeUserSessions(userId, toIso(this.clock.now()), exceptSessionId);
    await this.userChanged(userId);
  }

  /**
   * To call once a change to the user's sessions or standing (status, position, password,
   * deletion) is committed: every process forgets what it cached about their sessions.
   */
  userChanged(userId: string): Promise<void> {
    return this.announce({ kind: 'user', userId });
  }

  /**
   * To call once a change to one session (its re-authentication) is committed: every process
   * forgets what it cached about it.
   */
  sessionChanged(sessionId: string): Promise<void> {
    return this.announce({ kind: 'session', sessionId });
  }

  /** The database already holds the change; a failed announcement only delays it (cache TTL). */
  private async announce(revocation: Revocation): Promise<void> {
    try {
      await this.revocations.publish(revocation);
    } catch (error) {
      this.log.error({ err: error, revocation }, 'revocation not announced: caches expire it');
    }
  }

  /** Forgets sealed successor pairs whose grace window has passed; returns how many. */
  clearExpiredSuccessors(now: number = this.clock.now()): Promise<number> {
    return this.repository.clearSealedSuccessorsUsedBefore(toIso(now - this.policy.reuseGraceMs));
  }

  private replayOrRevoke(token: RefreshTokenRow, origin: RequestOrigin): Promise<RotatedSession> {
    const now = this.clock.now();
    const usedAgoMs = now - Date.parse(token.usedAt ?? '');
    if (token.successorSealed && usedAgoMs <= this.policy.reuseGraceMs) {
      this.assertSessionUsable(token, now);
      const tokens = this.openSuccessor(token.successorSealed);
      if (tokens)
        return Promise.resolve({ sessionId: token.sessionId, userId: token.userId, tokens });
    }
    return this.revokeForReuse(token, origin);
  }

  private openSuccessor(sealed: string): TokenPair | undefined {
    try {
      return tokenPairSchema.parse(JSON.parse(this.successorBox.open(sealed)));
    } catch (error) {
      this.log.error({ err: error }, 'a sealed refresh successor cannot be read');
      return undefined;
    }
  }

  private assertRefreshable(token: RefreshTokenRow, now: number): void {
    this.assertSessionUsable(token, now);
    if (Date.parse(token.expiresAt) <= now) throw new SessionEnded('forbidden');
  }

  private assertSessionUsable(token: RefreshTokenRow, now: number): void {
    if (token.userStatus !== 'active') throw accountNotActive(token.userStatus);
    if (!this.isLive(token.session, now)) throw new SessionEnded('forbidden');
  }

  /** Not revoked, and neither its stored end nor its idle or absolute limit has passed. */
  private isLive(session: SessionTimes, now: number): boolean {
    return !session.revokedAt && Date.parse(session.expiresAt) > now && this.endOf(session) > now;
  }

  /** When a session ends unless used again: idle timeout after the last use, capped by max age. */
  private endOf(session: Pick<SessionTimes, 'createdAt' | 'lastUsedAt'>): number {
    return Math.min(
      Date.parse(session.lastUsedAt) + this.policy.idleTimeoutMs,
      Date.parse(session.createdAt) + this.policy.maxAgeMs,
    );
  }

  /** A refresh token lives REFRESH_TOKEN_TTL, never past its session's max age. */
  private refreshTokenEnd(sessionCreatedAt: string, now: number): number {
    return Math.min(
      now + this.policy.refreshTokenTtlMs,
      Date.parse(sessionCreatedAt) + this.policy.maxAgeMs,
    );
  }

  private async revokeForReuse(token: RefreshTokenRow, origin: RequestOrigin): Promise<never> {
    const { sessionId, userId } = token;
    this.log.warn({ sessionId, userId }, 'refresh token reused: session revoked');
    await this.unitOfWork.run(async ({ repos, afterCommit }) => {
      await repos.sessions.revokeSession(sessionId, toIso(this.clock.now()));
      await repos.audit.record({
        action: 'auth.refresh_token_reused',
        targetId: userId,
        origin,
        details: { sessionId, rotatedAt: token.usedAt },
      });
      afterCommit(() => this.announce({ kind: 'session', sessionId }));
    });
    throw new SessionEnded('forbidden');
  }
}

export const SESSION_NOT_FOUND = 'Session not found';
