import {
  normalizeEmail,
  type LoginAnswer,
  type LoginInput,
  type TokenPair,
} from '@staff-admin/shared';
import { nowIso, type Clock } from '../../lib/clock.js';
import {
  AccountLocked,
  accountNotActive,
  unauthenticated,
  UserNotFound,
  WrongPassword,
} from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepository, RequestOrigin } from '../audit/index.js';
import type {
  AuthContext,
  SessionsService,
  SessionsTransaction,
  AccessTokens,
} from '../sessions/index.js';
import type { SignInChallengesService } from '../two-step/index.js';
import type { SsoRequirement } from '../sso/index.js';
import type { UsersRepository } from '../users/index.js';
import { recordLock, type Attempt, type LoginLockout } from '../lockout/index.js';

interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsService;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  lockout: LoginLockout;
  /** A login records itself and starts its session in one transaction. */
  unitOfWork: UnitOfWork<{ users: UsersRepository } & SessionsTransaction>;
  audit: AuditRepository;
  /** Accounts with a second factor get a sign-in challenge instead of tokens. */
  twoStep: Pick<SignInChallengesService, 'startChallenge'>;
  /** SSO_REQUIRED_DOMAINS: emails that may not sign in with a password. */
  ssoRequirement: Pick<SsoRequirement, 'assertPasswordAllowed'>;
  clock: Clock;
}

/** Why a login failed, as the audit trail records it. */
type LoginFailure = 'locked' | 'unknown_email' | 'not_activated' | 'wrong_password' | 'inactive';

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * CONTRACT §4: unknown email → 404, wrong password → 400, right password on a pending or
   * inactive account → 403, a locked email → 429. Unknown emails still pay for a hash check so
   * timing tells nothing, and count towards the email's lockout like a wrong password does. Every
   * attempt is audited; a success records the login and starts the session in one transaction.
   *
   * With a second factor on, a right password answers a sign-in challenge instead (no session
   * yet, no sign-in recorded; an outdated password hash is replaced all the same). The attempt is then not a failure, but the email's failures are not forgotten either:
   * only a right second step forgets them, so wrong codes keep counting toward the lock.
   */
  async login(input: LoginInput, origin: RequestOrigin): Promise<LoginAnswer> {
    const { users, sessions, hasher, lockout } = this.deps;
    const email = normalizeEmail(input.email);
    this.deps.ssoRequirement.assertPasswordAllowed(email);
    const user = await users.findCredentialsByEmail(email);
    let attempt: Attempt;
    try {
      attempt = await lockout.begin(email);
    } catch (error) {
      if (error instanceof AccountLocked) {
        await this.recordFailure(email, user?.id, 'locked', origin);
      }
      throw error;
    }
    if (!user?.passwordHash) {
      await hasher.verifyDummy(input.password);
      await this.failed(attempt, user?.id, user ? 'not_activated' : 'unknown_email', origin);
      if (!user) throw new UserNotFound();
      // Only pending users have no password yet; they finish setup from the invitation.
      throw accountNotActive('pending');
    }
    if (!(await hasher.verify(user.passwordHash, input.password))) {
      await this.failed(attempt, user.id, 'wrong_password', origin);
      throw new WrongPassword();
    }
    if (user.status !== 'active') {
      await lockout.notAFailure(attempt);
      await this.recordFailure(email, user.id, 'inactive', origin);
      throw accountNotActive(user.status);
    }
    if (user.twoStepEnabled) {
      await lockout.notAFailure(attempt);
      // The password is verified now: a hash made with weaker settings is replaced here, even if
      // the second step never comes. The sign-in (last_login_at) is recorded by the second step.
      const rehash = hasher.needsRehash(user.passwordHash)
        ? { verifiedHash: user.passwordHash, rehashed: await hasher.hash(input.password) }
        : undefined;
      return { second_step: await this.deps.twoStep.startChallenge(user.id, { rehash }) };
    }

    const rehash = hasher.needsRehash(user.passwordHash)
      ? { verifiedHash: user.passwordHash, rehashed: await hasher.hash(input.password) }
      : undefined;
    const session = await this.deps.unitOfWork.run(async ({ repos }) => {
      await repos.users.recordLogin(user.id, nowIso(this.deps.clock));
      // Compare-and-set: a password changed since the check above is not overwritten.
      if (rehash) await repos.users.replacePasswordHash(user.id, rehash);
      const started = await sessions.start(user.id, origin, repos);
      await repos.audit.record({
        action: 'auth.login_succeeded',
        actorId: user.id,
        targetId: user.id,
        origin,
        details: { sessionId: started.sessionId },
      });
      return started;
    });
    await lockout.succeeded(attempt);
    return {
      access_token: this.deps.accessTokens.sign(session.userId, session.sessionId),
      refresh_token: session.refreshToken,
    };
  }

  /** The bearer sent with a refresh may be expired, so only the refresh token is checked. */
  async refresh(refreshToken: string, origin: RequestOrigin): Promise<TokenPair> {
    const { accessTokens } = this.deps;
    const rotated = await this.deps.sessions.rotate(
      refreshToken,
      (userId, sessionId) => accessTokens.sign(userId, sessionId),
      origin,
    );
    return rotated.tokens;
  }

  logout(auth: AuthContext, origin: RequestOrigin): Promise<void> {
    return this.deps.sessions.logout(auth, origin);
  }

  /** Every authenticated request: a valid access token AND a live session of an active user. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const token = bearerToken(authorization);
    if (!token) throw unauthenticated();
    const claims = this.deps.accessTokens.verify(token);
    if (!claims) throw unauthenticated();
    return this.deps.sessions.resolveAccess(claims.sid, claims.sub);
  }

  /** A failed password check: audited, with the lock the attempt took if any. */
  private async failed(
    attempt: Attempt,
    userId: string | undefined,
    reason: LoginFailure,
    origin: RequestOrigin,
  ): Promise<void> {
    await this.recordFailure(attempt.email, userId, reason, origin);
    await recordLock(this.deps.audit, attempt, userId, origin);
  }

  /** The email goes into the event only when no account has it (otherwise the target says who). */
  private recordFailure(
    email: string,
    userId: string | undefined,
    reason: LoginFailure,
    origin: RequestOrigin,
  ): Promise<void> {
    return this.deps.audit.record({
      action: 'auth.login_failed',
      targetId: userId,
      origin,
      details: userId ? { reason } : { reason, email },
    });
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header && /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}
