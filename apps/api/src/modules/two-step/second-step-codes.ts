import { recoveryCodeSchema, TWO_STEP_MESSAGES, type SecondStepMethod } from '@staff-admin/shared';
import { toIso } from '../../lib/clock.js';
import { invalid, SessionEnded } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { TransactionScope } from '../../db/unit-of-work.js';
import type { AuditAction, RequestOrigin } from '../audit/index.js';
import type { TwoStepMailEvent } from '../mail/index.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { matchTotpStep } from './totp.js';
import type { TwoStepServiceDeps, TwoStepTransaction } from './two-step-deps.js';

const M = TWO_STEP_MESSAGES;

/**
 * What the second-step services share: checking and spending an authenticator or recovery code,
 * making recovery codes, and telling the user of a change (audit event and mail).
 */
export class SecondStepCodes {
  constructor(private readonly deps: TwoStepServiceDeps) {}

  private now(): number {
    return this.deps.clock.now();
  }

  async replaceRecoveryCodes(repos: TwoStepTransaction, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repos.twoStep.replaceRecoveryCodes(
      userId,
      codes.map((code) => ({ id: newId(), codeHash: hashRecoveryCode(code) })),
      toIso(this.now()),
    );
    return codes;
  }

  matchStep(secretSealed: string, code: string): number | undefined {
    return matchTotpStep(this.deps.totpBox.open(secretSealed), code, this.now());
  }

  /** A right authenticator code (not yet known to be unused: `use` tells, in the transaction). */
  async checkTotp(userId: string, code: string): Promise<CodeCheck | undefined> {
    const totp = await this.deps.repository.findTotp(userId);
    if (!totp?.confirmedAt) return undefined;
    const step = this.matchStep(totp.secretSealed, code);
    if (step === undefined) return undefined;
    if (totp.lastUsedStep !== null && step <= totp.lastUsedStep) return undefined;
    return { use: ({ repos }) => repos.twoStep.useTotpStep(userId, step) };
  }

  /** A well-formed recovery code; `use` spends it (false when it is not an unused one of theirs). */
  async checkRecoveryCode(userId: string, code: string): Promise<CodeCheck | undefined> {
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

  async recipient(userId: string) {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new SessionEnded();
    return { id: user.id, email: user.email, fullName: user.fullName };
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
}

/**
 * A code that was right when checked; `use` spends it inside the sign-in's transaction and says
 * false when a concurrent request spent it first (a replay).
 */
export interface CodeCheck {
  use: (scope: TransactionScope<TwoStepTransaction>, origin: RequestOrigin) => Promise<boolean>;
}

/** 400 with `errors.code`: the authenticator code or recovery code is not valid. */
export function wrongCode(method: SecondStepMethod) {
  const message = method === 'recovery_code' ? M.wrongRecoveryCode : M.wrongCode;
  return invalid(message, { code: message });
}
