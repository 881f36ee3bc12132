import { API_MESSAGES, normalizeEmail, type LoginInput, type TokenPair } from '@staff-admin/shared';
import { nowIso } from '../../lib/clock.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import {
  accountNotActive,
  type AuthContext,
  type IssuedSession,
  type SessionMeta,
  type SessionsService,
} from '../sessions/sessions.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { AccessTokens } from './access-tokens.js';
import type { LoginLockout } from './login-lockout.js';

interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsService;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  lockout: LoginLockout;
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * CONTRACT §4: unknown email → 404, wrong password → 400, right password on a pending or
   * inactive account → 403. Unknown emails still pay for a hash check so timing tells nothing,
   * and count towards the email's lockout like a wrong password does.
   */
  async login(input: LoginInput, meta: SessionMeta): Promise<TokenPair> {
    const { users, sessions, hasher, lockout } = this.deps;
    const email = normalizeEmail(input.email);
    await lockout.assertNotLocked(email);

    const user = await users.findCredentialsByEmail(email);
    if (!user?.passwordHash) {
      await hasher.verifyDummy(input.password);
      await lockout.recordFailure(email);
      if (!user) throw notFound(API_MESSAGES.userNotFound);
      // Only pending users have no password yet; they finish setup from the invitation.
      throw accountNotActive('pending');
    }
    if (!(await hasher.verify(user.passwordHash, input.password))) {
      await lockout.recordFailure(email);
      throw badRequest(API_MESSAGES.passwordMismatch);
    }
    if (user.status !== 'active') throw accountNotActive(user.status);

    const rehashed = hasher.needsRehash(user.passwordHash)
      ? await hasher.hash(input.password)
      : undefined;
    await users.recordLogin(user.id, nowIso(), rehashed);
    await lockout.clear(email);
    return this.issue(await sessions.start(user.id, meta));
  }

  /** The bearer sent with a refresh may be expired, so only the refresh token is checked. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const { accessTokens } = this.deps;
    const rotated = await this.deps.sessions.rotate(refreshToken, (userId, sessionId) =>
      accessTokens.sign(userId, sessionId),
    );
    return rotated.tokens;
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.deps.sessions.revoke(auth.sessionId);
  }

  /** Every authenticated request: a valid access token AND a live session of an active user. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const token = bearerToken(authorization);
    if (!token) throw unauthorized();
    const claims = this.deps.accessTokens.verify(token);
    if (!claims) throw unauthorized();
    return this.deps.sessions.resolveAccess(claims.sid, claims.sub);
  }

  private issue(session: IssuedSession): TokenPair {
    return {
      access_token: this.deps.accessTokens.sign(session.userId, session.sessionId),
      refresh_token: session.refreshToken,
    };
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header && /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}
