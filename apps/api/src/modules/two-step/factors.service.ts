import {
  TWO_STEP_MESSAGES,
  type Position,
  type TotpSetup,
  type TwoStepStatus,
  type User,
} from '@staff-admin/shared';
import { reauthenticatedUntil, requireRecentAuth } from '../../http/guards.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { toIso } from '../../lib/clock.js';
import { conflict, SessionEnded, UserNotFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { TransactionScope } from '../../db/unit-of-work.js';
import type { RequestOrigin } from '../audit/index.js';
import { newTotpSecret, totpEnrolment } from './totp.js';
import { hasTwoStepFactor } from './two-step.repository.js';
import { wrongCode, type SecondStepCodes } from './second-step-codes.js';
import {
  FACTOR_NAMES,
  type FactorChangeResult,
  type TwoStepServiceDeps,
  type TwoStepTransaction,
} from './two-step-deps.js';

const M = TWO_STEP_MESSAGES;

/**
 * A user's factors (docs/two-step.md): the Security card (status, the authenticator, recovery
 * codes), the admin's reset, and what every factor change does, passkeys' too (`factorChanged`
 * in the caller's unit of work: the flag, recovery codes, audit event and mail). Sensitive calls
 * ask `requireRecentAuth(auth, clock)` from http/guards.ts.
 */
export class FactorsService {
  constructor(
    private readonly deps: TwoStepServiceDeps,
    private readonly codes: SecondStepCodes,
  ) {}

  private now(): number {
    return this.deps.clock.now();
  }

  isRequiredFor(position: Position): boolean {
    return this.deps.requiredRoles.includes(position);
  }

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
    const step = this.codes.matchStep(totp.secretSealed, code);
    if (step === undefined) throw wrongCode('totp');
    const user = await this.codes.recipient(auth.userId);
    return this.deps.unitOfWork.run(async (scope) => {
      if (!(await scope.repos.twoStep.confirmTotp(auth.userId, step, toIso(this.now())))) {
        throw conflict(M.totpNotStarted);
      }
      const changed = await this.factorsChanged(scope, auth.userId);
      await this.codes.notify(scope, {
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
    const user = await this.codes.recipient(auth.userId);
    const changed = await this.deps.unitOfWork.run(async (scope) => {
      if (!(await scope.repos.twoStep.deleteTotp(auth.userId))) throw conflict(M.totpNotOn);
      const result = await this.factorsChanged(scope, auth.userId);
      await this.codes.notify(scope, {
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
      const recoveryCodes = await this.codes.replaceRecoveryCodes(repos, auth.userId);
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
      await this.codes.notify(scope, {
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
    await this.codes.notify(scope, {
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
    return this.codes.replaceRecoveryCodes(repos, userId);
  }
}
