import {
  normalizeEmail,
  REAUTHENTICATION_WINDOW_MS,
  recoveryCodeSchema,
  SIGN_IN_CHALLENGE_TTL_MS,
  TWO_STEP_MESSAGES,
  type Position,
  type ReauthenticateInput,
  type SecondStepInput,
  type SecondStepMethod,
  type SecondStepRequired,
  type TokenPair,
  type TotpSetup,
  type TwoStepStatus,
  type User,
} from '@staff-admin/shared';
import { reauthenticatedUntil, requireRecentAuth } from '../../http/guards.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { toIso, type Clock } from '../../lib/clock.js';
import {
  accountNotActive,
  conflict,
  invalid,
  SessionEnded,
  unauthenticated,
  UserNotFound,
  WrongPassword,
} from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import { generateOpaqueToken, hashToken } from '../../lib/secure-token.js';
import type { TransactionScope, UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepository, AuditAction, RequestOrigin } from '../audit/index.js';
import type { AccessTokens, SessionsService, SessionsTransaction } from '../sessions/index.js';
import { recordLock, type Attempt, type LoginLockout } from '../lockout/index.js';
import type { AccountMails, MailTransaction, TwoStepMailEvent } from '../mail/index.js';
import type { PasswordRehash, UsersRepository } from '../users/index.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { matchTotpStep, newTotpSecret, totpEnrolment } from './totp.js';
import type { PasskeysRepository } from './passkeys.repository.js';
import { hasTwoStepFactor, type TwoStepRepository } from './two-step.repository.js';

const M = TWO_STEP_MESSAGES;

/** How a factor is named in mails and audit details. */
export const FACTOR_NAMES = { totp: 'An authenticator app', passkey: 'A passkey' } as const;

/** What a change of factors writes through; a sign-in's second step also starts the session. */
export interface TwoStepTransaction extends SessionsTransaction, MailTransaction {
  twoStep: TwoStepRepository;
  passkeys: PasskeysRepository;
  users: UsersRepository;
}

export interface TwoStepServiceDeps {
  repository: TwoStepRepository;
  users: UsersRepository;
  sessions: SessionsService;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  lockout: LoginLockout;
  unitOfWork: UnitOfWork<TwoStepTransaction>;
  /** Audit events written outside a transaction (failed attempts). */
  audit: AuditRepository;
  mails: AccountMails;
  /** Seals TOTP secrets at rest (purpose `totp-secret`). */
  totpBox: SealedBox;
  /** MFA_REQUIRED_ROLES. */
  requiredRoles: readonly Position[];
  /** Passkeys work on APP_URL (not an IP address): otherwise none is offered or added. */
  passkeysAvailable: boolean;
  clock: Clock;
}

/** A live sign-in challenge (after a right password), as the second-step calls see it. */
export interface SignInChallenge {
  id: string;
  userId: string;
  /** The WebAuthn challenge of the passkey options asked for with it, if any. */
  webauthnChallenge: string | null;
}

/** A second-step attempt the lockout let through: complete it, or report it failed. */
export interface SecondStepAttempt {
  challenge: SignInChallenge;
  email: string;
  attempt: Attempt;
}

/** What a factor change left: whether two-step is on, and the recovery codes made (shown once). */
export interface FactorChangeResult {
  enabled: boolean;
  /** New codes when this change turned two-step on and the user had none; [] otherwise. */
  recoveryCodes: string[];
}

/**
 * Two-step sign-in (docs/two-step.md): the authenticator app (TOTP), recovery codes, sign-in
 * challenges, re-authentication and the admin's reset. Passkeys live in passkeys.service.ts and
 * build on the public methods marked "for passkeys" below:
 *
 * - Sign-in with a passkey:
 *   `findSignInChallenge(token)` → the live challenge (401 challengeInvalid otherwise);
 *   `setWebauthnChallenge(id, challenge)` keeps the options' challenge on it;
 *   `secondStepFailed(challenge, 'passkey', origin)`: audit + lockout count (429 when locked);
 *   `completeSignIn(challenge, 'passkey', origin, work?)` → TokenPair: consumes the challenge and
 *   starts the session with its audit event in one transaction (`work` runs in it first).
 * - Adding or removing a passkey, inside your unit of work:
 *   `factorChanged(scope, { userId, actorId, kind, factor }, origin)` → { recoveryCodes }.
 *   Lower level: `factorsChanged(scope, userId)` (flag, recovery codes, cache eviction) and
 *   `notify(scope, …)` (audit event and mail).
 * - Sensitive calls: `requireRecentAuth(auth, clock)` from http/guards.ts.
 * - Routes open during forced setup: `config: { duringTwoStepSetup: true }`.
 */
export class TwoStepService {
  constructor(private readonly deps: TwoStepServiceDeps) {}

  private now(): number {
    return this.deps.clock.now();
  }

  isRequiredFor(position: Position): boolean {
    return this.deps.requiredRoles.includes(position);
  }

  // Sign-in

  /**
   * After a right password on an account with a factor: a new single-use challenge (stored
   * hashed) and the methods the account can use. `rehash`: the verified password's hash made
   * with today's settings, stored now unless the password changed meanwhile.
   */
  async startChallenge(
    userId: string,
    rehash?: PasswordRehash,
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
    return { id: row.id, userId: row.userId, webauthnChallenge: row.webauthnChallenge };
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
        ? await this.checkTotp(challenge.userId, input.code)
        : await this.checkRecoveryCode(challenge.userId, input.code);
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
      const started = await this.deps.sessions.start(challenge.userId, origin, repos);
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

  // Re-authentication

  /**
   * POST /auth/reauthenticate: the password, and with two-step on a code (authenticator or
   * recovery). Wrong ones count toward the email's lockout (400, then 429). The session counts as
   * recently authenticated for REAUTHENTICATION_WINDOW_MS.
   */
  async reauthenticate(
    auth: AuthContext,
    input: ReauthenticateInput,
    origin: RequestOrigin,
  ): Promise<{ reauthenticatedUntil: string }> {
    const { users, hasher, lockout } = this.deps;
    const credentials = await users.findCredentialsById(auth.userId);
    const user = await users.findById(auth.userId);
    if (!credentials || !user) throw new SessionEnded();
    const attempt = await lockout.begin(normalizeEmail(user.email));
    const { audit } = this.deps;
    if (
      !credentials.passwordHash ||
      !(await hasher.verify(credentials.passwordHash, input.password))
    ) {
      await recordLock(audit, attempt, user.id, origin);
      throw new WrongPassword('password');
    }
    let check: CodeCheck | undefined;
    let method: SecondStepMethod | undefined;
    if (credentials.twoStepEnabled) {
      const code = input.code?.replace(/\s+/g, '') ?? '';
      if (code === '') {
        await lockout.notAFailure(attempt);
        throw invalid(M.codeRequired, { code: M.codeRequired });
      }
      method = /^\d+$/.test(code) ? 'totp' : 'recovery_code';
      check =
        method === 'totp'
          ? await this.checkTotp(user.id, code)
          : await this.checkRecoveryCode(user.id, code);
      if (!check) {
        await audit.record({
          action: 'auth.second_step_failed',
          actorId: user.id,
          targetId: user.id,
          origin,
          details: { method, reauthentication: true },
        });
        await recordLock(audit, attempt, user.id, origin);
        throw wrongCode(method);
      }
    }
    const now = this.now();
    await this.deps.unitOfWork.run(async (scope) => {
      const { repos, afterCommit } = scope;
      if (check && !(await check.use(scope, origin))) throw wrongCode(method ?? 'totp');
      await repos.sessions.setReauthenticated(auth.sessionId, toIso(now));
      await repos.audit.record({
        action: 'auth.reauthenticated',
        actorId: user.id,
        targetId: user.id,
        origin,
        details: { sessionId: auth.sessionId, ...(method ? { method } : {}) },
      });
      afterCommit(() => this.deps.sessions.sessionChanged(auth.sessionId));
    });
    await lockout.succeeded(attempt);
    return { reauthenticatedUntil: toIso(now + REAUTHENTICATION_WINDOW_MS) };
  }

  // The Security card

  async status(auth: AuthContext): Promise<TwoStepStatus> {
    const { repository } = this.deps;
    const [totp, passkeys, codesLeft] = await Promise.all([
      repository.findTotp(auth.userId),
      repository.listPasskeys(auth.userId),
      repository.countUnusedRecoveryCodes(auth.userId),
    ]);
    const totpOn = Boolean(totp?.confirmedAt);
    const until = reauthenticatedUntil(auth, this.now());
    return {
      enabled: totpOn || passkeys.length > 0,
      totp: totpOn,
      passkeys,
      recoveryCodesLeft: codesLeft,
      required: this.isRequiredFor(auth.position),
      passkeysAvailable: this.deps.passkeysAvailable,
      reauthenticatedUntil: until === null ? null : toIso(until),
    };
  }

  /** POST /users/profile/two-step/totp: a new pending secret (409 when one is confirmed). */
  async startTotp(auth: AuthContext): Promise<TotpSetup> {
    requireRecentAuth(auth, this.deps.clock);
    const user = await this.deps.users.findById(auth.userId);
    if (!user) throw new SessionEnded();
    const secret = newTotpSecret();
    const stored = await this.deps.repository.putPendingTotp(
      auth.userId,
      this.deps.totpBox.seal(secret),
      toIso(this.now()),
    );
    if (!stored) throw conflict(M.totpAlreadyOn);
    return { secret, ...(await totpEnrolment(secret, user.email)) };
  }

  /** POST /users/profile/two-step/totp/confirm: the first code turns the authenticator on. */
  async confirmTotp(
    auth: AuthContext,
    code: string,
    origin: RequestOrigin,
  ): Promise<{ recoveryCodes: string[] }> {
    const totp = await this.deps.repository.findTotp(auth.userId);
    if (!totp || totp.confirmedAt) throw conflict(M.totpNotStarted);
    const step = this.matchStep(totp.secretSealed, code);
    if (step === undefined) throw wrongCode('totp');
    const user = await this.recipient(auth.userId);
    return this.deps.unitOfWork.run(async (scope) => {
      if (!(await scope.repos.twoStep.confirmTotp(auth.userId, step, toIso(this.now())))) {
        throw conflict(M.totpNotStarted);
      }
      const changed = await this.factorsChanged(scope, auth.userId);
      await this.notify(scope, {
        action: 'two_step.enabled',
        user,
        actorId: auth.userId,
        origin,
        details: { method: 'totp' },
        mail: { kind: 'factor_added', factor: FACTOR_NAMES.totp },
      });
      return { recoveryCodes: changed.recoveryCodes };
    });
  }

  /** DELETE /users/profile/two-step/totp (recent authentication needed). */
  async disableTotp(auth: AuthContext, origin: RequestOrigin): Promise<TwoStepStatus> {
    requireRecentAuth(auth, this.deps.clock);
    const totp = await this.deps.repository.findTotp(auth.userId);
    if (!totp?.confirmedAt) throw conflict(M.totpNotOn);
    const user = await this.recipient(auth.userId);
    const changed = await this.deps.unitOfWork.run(async (scope) => {
      if (!(await scope.repos.twoStep.deleteTotp(auth.userId))) throw conflict(M.totpNotOn);
      const result = await this.factorsChanged(scope, auth.userId);
      await this.notify(scope, {
        action: 'two_step.disabled',
        user,
        actorId: auth.userId,
        origin,
        details: { method: 'totp', twoStepEnabled: result.enabled },
        mail: { kind: 'factor_removed', factor: FACTOR_NAMES.totp },
      });
      return result;
    });
    const status = await this.status(auth);
    return { ...status, enabled: changed.enabled };
  }

  /** POST /users/profile/two-step/recovery-codes: ten new codes; every earlier one stops working. */
  async regenerateRecoveryCodes(
    auth: AuthContext,
    origin: RequestOrigin,
  ): Promise<{ recoveryCodes: string[] }> {
    requireRecentAuth(auth, this.deps.clock);
    return this.deps.unitOfWork.run(async ({ repos }) => {
      const credentials = await repos.users.findCredentialsById(auth.userId);
      if (!credentials?.twoStepEnabled) throw conflict(M.noSecondFactor);
      const recoveryCodes = await this.replaceRecoveryCodes(repos, auth.userId);
      await repos.audit.record({
        action: 'two_step.recovery_codes_regenerated',
        actorId: auth.userId,
        targetId: auth.userId,
        origin,
      });
      return { recoveryCodes };
    });
  }

  /**
   * DELETE /users/{id}/two-step (admins): removes the user's authenticator, passkeys and recovery
   * codes (and open sign-in challenges); the user is mailed; audited. Like turning one's own off,
   * it needs a recent confirmation, on anyone (oneself included). 404 no such user; 409 none on.
   */
  async reset(actor: AuthContext, userId: string, origin: RequestOrigin): Promise<User> {
    requireRecentAuth(actor, this.deps.clock);
    const id = userId.toLowerCase();
    const user = isUuid(id) ? await this.deps.users.findById(id) : undefined;
    if (!user) throw new UserNotFound();
    await this.deps.unitOfWork.run(async (scope) => {
      const { repos } = scope;
      const credentials = await repos.users.findCredentialsById(id);
      if (!credentials?.twoStepEnabled) throw conflict(M.noSecondFactor);
      const totp = await repos.twoStep.findTotp(id);
      await repos.twoStep.deleteTotp(id);
      const passkeys = await repos.twoStep.deletePasskeys(id);
      await repos.twoStep.deleteChallengesForUser(id);
      await this.factorsChanged(scope, id);
      await this.notify(scope, {
        action: 'two_step.reset',
        user,
        actorId: actor.userId,
        origin,
        details: { totp: Boolean(totp?.confirmedAt), passkeys },
        mail: { kind: 'reset' },
      });
    });
    const updated = await this.deps.users.findById(id);
    if (!updated) throw new UserNotFound();
    return updated;
  }

  // For every factor change (passkeys too)

  /**
   * In the transaction of a factor change: refreshes `users.two_step_enabled`; on the first
   * factor makes recovery codes (returned, to show once), with the last removes them; after the
   * commit every process forgets the user's cached sessions (the authenticate step reads the
   * flag with the session).
   */
  async factorsChanged(
    scope: TransactionScope<TwoStepTransaction>,
    userId: string,
  ): Promise<FactorChangeResult> {
    const { repos, afterCommit } = scope;
    const enabled = await repos.users.setTwoStepEnabled(userId, hasTwoStepFactor);
    let recoveryCodes: string[] = [];
    if (enabled) recoveryCodes = await this.ensureRecoveryCodes(repos, userId);
    else await repos.twoStep.deleteRecoveryCodes(userId);
    afterCommit(() => this.deps.sessions.userChanged(userId));
    return { enabled, recoveryCodes };
  }

  /**
   * For passkeys: after a factor was added or removed, inside its transaction. `factorsChanged`,
   * then `two_step.enabled` or `two_step.disabled` when that turned two-step on or off, and the
   * mail to the user. The factor's own event (`passkey.added`, …) is the caller's.
   */
  async factorChanged(
    scope: TransactionScope<TwoStepTransaction>,
    change: {
      userId: string;
      actorId: string;
      kind: 'added' | 'removed';
      factor: 'passkey' | 'totp';
    },
    origin: RequestOrigin,
  ): Promise<{ recoveryCodes: string[] }> {
    const before = await scope.repos.users.findCredentialsById(change.userId);
    const user = await scope.repos.users.findById(change.userId);
    if (!before || !user) throw new SessionEnded();
    const result = await this.factorsChanged(scope, change.userId);
    const factor = FACTOR_NAMES[change.factor];
    const flipped = before.twoStepEnabled !== result.enabled;
    await this.notify(scope, {
      action: result.enabled ? 'two_step.enabled' : 'two_step.disabled',
      user,
      actorId: change.actorId,
      origin,
      details: { method: change.factor },
      mail:
        change.kind === 'added'
          ? { kind: 'factor_added', factor }
          : { kind: 'factor_removed', factor },
      audit: flipped,
    });
    return { recoveryCodes: result.recoveryCodes };
  }

  /** New codes when the user has no unused one (returned, to show once); [] otherwise. */
  async ensureRecoveryCodes(repos: TwoStepTransaction, userId: string): Promise<string[]> {
    if ((await repos.twoStep.countUnusedRecoveryCodes(userId)) > 0) return [];
    return this.replaceRecoveryCodes(repos, userId);
  }

  /**
   * The audit event of a two-step change and, with `mail`, the mail to the user, in the caller's
   * transaction.
   */
  async notify(
    scope: TransactionScope<TwoStepTransaction>,
    change: {
      action: AuditAction;
      user: { id: string; email: string; fullName: string | null };
      actorId: string | null;
      origin: RequestOrigin;
      details?: Record<string, unknown>;
      mail?: TwoStepMailEvent;
      /** false: only the mail (the caller audits the change itself). */
      audit?: boolean;
    },
  ): Promise<void> {
    if (change.audit !== false) {
      await scope.repos.audit.record({
        action: change.action,
        actorId: change.actorId,
        targetId: change.user.id,
        origin: change.origin,
        details: change.details,
      });
    }
    if (change.mail) {
      await this.deps.mails.twoStep(scope, change.user, change.mail, new Date(this.now()));
    }
  }

  // Codes

  private async replaceRecoveryCodes(repos: TwoStepTransaction, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repos.twoStep.replaceRecoveryCodes(
      userId,
      codes.map((code) => ({ id: newId(), codeHash: hashRecoveryCode(code) })),
      toIso(this.now()),
    );
    return codes;
  }

  private matchStep(secretSealed: string, code: string): number | undefined {
    return matchTotpStep(this.deps.totpBox.open(secretSealed), code, this.now());
  }

  /** A right authenticator code (not yet known to be unused: `use` tells, in the transaction). */
  private async checkTotp(userId: string, code: string): Promise<CodeCheck | undefined> {
    const totp = await this.deps.repository.findTotp(userId);
    if (!totp?.confirmedAt) return undefined;
    const step = this.matchStep(totp.secretSealed, code);
    if (step === undefined) return undefined;
    if (totp.lastUsedStep !== null && step <= totp.lastUsedStep) return undefined;
    return { use: ({ repos }) => repos.twoStep.useTotpStep(userId, step) };
  }

  /** A well-formed recovery code; `use` spends it (false when it is not an unused one of theirs). */
  private async checkRecoveryCode(userId: string, code: string): Promise<CodeCheck | undefined> {
    const parsed = recoveryCodeSchema.safeParse(code);
    if (!parsed.success) return undefined;
    const codeHash = hashRecoveryCode(parsed.data);
    const user = await this.recipient(userId);
    return {
      use: async (scope, origin) => {
        if (!(await scope.repos.twoStep.useRecoveryCode(userId, codeHash, toIso(this.now())))) {
          return false;
        }
        const codesLeft = await scope.repos.twoStep.countUnusedRecoveryCodes(userId);
        await this.notify(scope, {
          action: 'two_step.recovery_code_used',
          user,
          actorId: userId,
          origin,
          details: { codesLeft },
          mail: { kind: 'recovery_code_used', codesLeft },
        });
        return true;
      },
    };
  }

  private async recipient(userId: string) {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new SessionEnded();
    return { id: user.id, email: user.email, fullName: user.fullName };
  }
}

/**
 * A code that was right when checked; `use` spends it inside the sign-in's transaction and says
 * false when a concurrent request spent it first (a replay).
 */
interface CodeCheck {
  use: (scope: TransactionScope<TwoStepTransaction>, origin: RequestOrigin) => Promise<boolean>;
}

/** 400 with `errors.code`: the authenticator code or recovery code is not valid. */
function wrongCode(method: SecondStepMethod) {
  const message = method === 'recovery_code' ? M.wrongRecoveryCode : M.wrongCode;
  return invalid(message, { code: message });
}
