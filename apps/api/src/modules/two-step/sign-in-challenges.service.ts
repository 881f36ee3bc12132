import {
  normalizeEmail,
  SIGN_IN_CHALLENGE_TTL_MS,
  TWO_STEP_MESSAGES,
  type SecondStepInput,
  type SecondStepMethod,
  type SecondStepRequired,
  type TokenPair,
} from '@staff-admin/shared';
import { toIso } from '../../lib/clock.js';
import { accountNotActive, unauthenticated } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { generateOpaqueToken, hashToken } from '../../lib/secure-token.js';
import type { TransactionScope } from '../../db/unit-of-work.js';
import type { RequestOrigin } from '../audit/index.js';
import { recordLock } from '../lockout/index.js';
import type { PasswordRehash } from '../users/index.js';
import { wrongCode, type SecondStepCodes } from './second-step-codes.js';
import type {
  SecondStepAttempt,
  SignInChallenge,
  TwoStepServiceDeps,
  TwoStepTransaction,
} from './two-step-deps.js';

const M = TWO_STEP_MESSAGES;

/**
 * The second step of a sign-in (docs/two-step.md): the challenge a right password starts, and its
 * completion with an authenticator or recovery code. Passkeys (passkeys.service.ts) build on the
 * methods marked "for passkeys": `findSignInChallenge`, `setWebauthnChallenge`,
 * `secondStepFailed` (audit and lockout count) and `completeSignIn` (consumes the challenge and
 * starts the session with its audit event in one transaction, `work` first).
 */
export class SignInChallengesService {
  constructor(
    private readonly deps: TwoStepServiceDeps,
    private readonly codes: SecondStepCodes,
  ) {}

  private now(): number {
    return this.deps.clock.now();
  }

  /**
   * After a right password on an account with a factor: a new single-use challenge (stored
   * hashed) and the methods the account can use. `rehash`: the verified password's hash made
   * with today's settings, stored now unless the password changed meanwhile. `ssoIssuer`: after a
   * company sign-in, its provider, kept so the session this step starts is marked as SSO.
   */
  async startChallenge(
    userId: string,
    { rehash, ssoIssuer }: { rehash?: PasswordRehash; ssoIssuer?: string } = {},
  ): Promise<SecondStepRequired['second_step']> {
    const { repository } = this.deps;
    if (rehash) await this.deps.users.replacePasswordHash(userId, rehash);
    const token = generateOpaqueToken();
    const now = this.now();
    const expiresAt = toIso(now + SIGN_IN_CHALLENGE_TTL_MS);
    await repository.insertChallenge({
      id: newId(),
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_at: toIso(now),
      sso_issuer: ssoIssuer ?? null,
    });
    return { challenge_token: token, methods: await this.methodsOf(userId), expires_at: expiresAt };
  }

  private async methodsOf(userId: string): Promise<SecondStepMethod[]> {
    const { repository } = this.deps;
    const [totp, passkeys, codesLeft] = await Promise.all([
      repository.findTotp(userId),
      repository.listPasskeys(userId),
      repository.countUnusedRecoveryCodes(userId),
    ]);
    const methods: SecondStepMethod[] = [];
    if (totp?.confirmedAt) methods.push('totp');
    if (passkeys.length > 0 && this.deps.passkeysAvailable) methods.push('passkey');
    if (codesLeft > 0) methods.push('recovery_code');
    return methods;
  }

  /**
   * For passkeys: the live (unused, unexpired) challenge this token names; 401 challengeInvalid
   * otherwise (an access token is no challenge: its hash names none).
   */
  async findSignInChallenge(token: string): Promise<SignInChallenge> {
    const row = await this.deps.repository.findChallenge(hashToken(token));
    if (!row || row.usedAt || Date.parse(row.expiresAt) <= this.now()) {
      throw unauthenticated(M.challengeInvalid);
    }
    return {
      id: row.id,
      userId: row.userId,
      webauthnChallenge: row.webauthnChallenge,
      ssoIssuer: row.ssoIssuer,
    };
  }

  /** For passkeys: keeps the WebAuthn challenge of the sign-in options on the sign-in challenge. */
  setWebauthnChallenge(challengeId: string, webauthnChallenge: string): Promise<void> {
    return this.deps.repository.setChallengeWebauthn(challengeId, webauthnChallenge);
  }

  /**
   * For passkeys: a wrong second step, audited (`auth.second_step_failed`) and counted toward the
   * email's lockout like a wrong password; rejects with 429 while the email is locked.
   */
  async secondStepFailed(
    challenge: SignInChallenge,
    method: string,
    origin: RequestOrigin,
  ): Promise<void> {
    const email = await this.emailOf(challenge.userId);
    const attempt = await this.deps.lockout.begin(email);
    await this.failed({ challenge, email, attempt }, method, origin);
  }

  /**
   * For passkeys: a right second step. Consumes the challenge (401 when it was used meanwhile) and
   * starts the session with `auth.login_succeeded` in one transaction, as the password login
   * does; `work` runs first inside it (e.g. storing the signature counter). The email's failed
   * attempts are forgotten.
   */
  async completeSignIn(
    challenge: SignInChallenge,
    method: SecondStepMethod,
    origin: RequestOrigin,
    work?: (scope: TransactionScope<TwoStepTransaction>) => Promise<void>,
  ): Promise<TokenPair> {
    const tokens = await this.startSession(challenge, method, origin, work);
    await this.deps.lockout.clear(await this.emailOf(challenge.userId));
    return tokens;
  }

  /** POST /auth/login/second-step: an authenticator code or a recovery code. */
  async signInWithCode(input: SecondStepInput, origin: RequestOrigin): Promise<TokenPair> {
    const challenge = await this.findSignInChallenge(input.challenge_token);
    const user = await this.deps.users.findCredentialsById(challenge.userId);
    if (!user) throw unauthenticated(M.challengeInvalid);
    if (user.status !== 'active') throw accountNotActive(user.status);
    const email = await this.emailOf(challenge.userId);
    // Counted before the check, like a password: at most N guesses per lock period.
    const attempt: SecondStepAttempt = {
      challenge,
      email,
      attempt: await this.deps.lockout.begin(email),
    };
    const method = input.method;
    const check =
      method === 'totp'
        ? await this.codes.checkTotp(challenge.userId, input.code)
        : await this.codes.checkRecoveryCode(challenge.userId, input.code);
    if (!check) {
      await this.failed(attempt, method, origin);
      throw wrongCode(method);
    }
    let replayed = false;
    try {
      const tokens = await this.startSession(challenge, method, origin, async (scope) => {
        if (!(await check.use(scope, origin))) {
          replayed = true;
          throw wrongCode(method);
        }
      });
      await this.deps.lockout.succeeded(attempt.attempt);
      return tokens;
    } catch (error) {
      if (replayed) await this.failed(attempt, method, origin);
      throw error;
    }
  }

  private async startSession(
    challenge: SignInChallenge,
    method: SecondStepMethod,
    origin: RequestOrigin,
    work?: (scope: TransactionScope<TwoStepTransaction>) => Promise<void>,
  ): Promise<TokenPair> {
    const session = await this.deps.unitOfWork.run(async (scope) => {
      const { repos } = scope;
      const now = toIso(this.now());
      if (!(await repos.twoStep.consumeChallenge(challenge.id, now))) {
        throw unauthenticated(M.challengeInvalid);
      }
      if (work) await work(scope);
      await repos.users.recordLogin(challenge.userId, now);
      // After a company sign-in the provider did not assert MFA: our step was the second factor.
      const sso = challenge.ssoIssuer
        ? { issuer: challenge.ssoIssuer, twoStepByProvider: false }
        : undefined;
      const started = await this.deps.sessions.start(challenge.userId, origin, repos, sso);
      await repos.audit.record({
        action: 'auth.login_succeeded',
        actorId: challenge.userId,
        targetId: challenge.userId,
        origin,
        details: { sessionId: started.sessionId, method },
      });
      return started;
    });
    return {
      access_token: this.deps.accessTokens.sign(session.userId, session.sessionId),
      refresh_token: session.refreshToken,
    };
  }

  /** A failed second step: audited, with the lock the attempt took if any. */
  private async failed(
    attempt: SecondStepAttempt,
    method: string,
    origin: RequestOrigin,
  ): Promise<void> {
    const { audit } = this.deps;
    const userId = attempt.challenge.userId;
    await audit.record({
      action: 'auth.second_step_failed',
      targetId: userId,
      origin,
      details: { method },
    });
    await recordLock(audit, attempt.attempt, userId, origin);
  }

  private async emailOf(userId: string): Promise<string> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw unauthenticated(M.challengeInvalid);
    return normalizeEmail(user.email);
  }
}
