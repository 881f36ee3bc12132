import {
  normalizeEmail,
  REAUTHENTICATION_WINDOW_MS,
  TWO_STEP_MESSAGES,
  type ReauthenticateInput,
  type SecondStepMethod,
} from '@staff-admin/shared';
import type { AuthContext } from '../../lib/auth-context.js';
import { toIso } from '../../lib/clock.js';
import { invalid, SessionEnded, WrongPassword } from '../../lib/errors.js';
import type { RequestOrigin } from '../audit/index.js';
import { recordLock } from '../lockout/index.js';
import { wrongCode, type CodeCheck, type SecondStepCodes } from './second-step-codes.js';
import type { TwoStepServiceDeps } from './two-step-deps.js';

const M = TWO_STEP_MESSAGES;

/** POST /auth/reauthenticate: a recent confirmation of the password (and code) for sensitive calls. */
export class ReauthenticationService {
  constructor(
    private readonly deps: TwoStepServiceDeps,
    private readonly codes: SecondStepCodes,
  ) {}

  private now(): number {
    return this.deps.clock.now();
  }

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
          ? await this.codes.checkTotp(user.id, code)
          : await this.codes.checkRecoveryCode(user.id, code);
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
}
