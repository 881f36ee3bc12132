import { requireRecentAuth } from '../../http/guards.js';
import {
  API_MESSAGES,
  normalizeEmail,
  type ChangePasswordInput,
  type ResetPasswordInput,
} from '@staff-admin/shared';
import { invalid, SessionEnded, WrongPassword } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { recordLock, type LoginLockout } from '../lockout/index.js';
import type { Clock } from '../../lib/clock.js';
import type { AccountMails, MailTransaction } from '../mail/index.js';
import type { OneTimeTokensService } from '../one-time-tokens/index.js';
import type { AuthContext, SessionsService } from '../sessions/index.js';
import type { SsoRequirement } from '../sso/index.js';
import type { UsersRepository } from '../users/index.js';
import type { AuditRepository, RequestOrigin } from '../audit/index.js';
import type { ForgotPasswordQuota } from './forgot-password-quota.js';
import { assertPasswordPolicy } from './password-policy.js';
import { setPasswordFromLink, type PasswordLinkTransaction } from './password-from-link.js';

interface PasswordsDeps {
  unitOfWork: UnitOfWork<PasswordLinkTransaction & MailTransaction>;
  users: UsersRepository;
  tokens: OneTimeTokensService;
  mails: AccountMails;
  hasher: PasswordHasher;
  quota: ForgotPasswordQuota;
  lockout: LoginLockout;
  sessions: SessionsService;
  audit: AuditRepository;
  /** SSO_REQUIRED_DOMAINS: emails whose password may be neither reset nor changed. */
  ssoRequirement: Pick<SsoRequirement, 'assertPasswordAllowed'>;
  clock: Clock;
}

/** Forgotten passwords (mail a reset link, reset with it) and changing one's own password. */
export class PasswordsService {
  constructor(private readonly deps: PasswordsDeps) {}

  /**
   * Answers the same whether or not the address is known (no enumeration): only an active user
   * gets a reset link. The mail is sent by the outbox worker, never within this request, so the
   * two paths differ by one short insert, not by an SMTP conversation. `admin` is set when a
   * signed-in admin asks for another user (Reset Password): the anonymous quotas do not apply.
   */
  async forgotPassword(email: string, origin: RequestOrigin, admin?: AuthContext): Promise<void> {
    const address = normalizeEmail(email);
    this.deps.ssoRequirement.assertPasswordAllowed(address);
    if (!admin) await this.deps.quota.consume(address, origin.ip);
    const user = await this.deps.users.findByEmail(address);
    const mailed = user?.status === 'active' && (admin || (await this.deps.quota.mayMail(address)));
    if (!mailed) {
      // Audited like any request; the email only when no account has it.
      await this.deps.audit.record({
        action: 'password.reset_requested',
        actorId: admin?.userId,
        targetId: user?.id,
        origin,
        details: user
          ? {
              mailed: false,
              ...(user.status === 'active' ? { quota: 'address' } : { status: user.status }),
            }
          : { mailed: false, email: address },
      });
      return;
    }
    await this.deps.unitOfWork.run(async (scope) => {
      await this.deps.tokens.mailLink(scope, {
        userId: user.id,
        type: 'reset_password_token',
        mail: (token) => this.deps.mails.passwordReset(scope, user, token),
        event: {
          action: 'password.reset_requested',
          actorId: admin?.userId,
          origin,
          details: { mailed: true },
        },
      });
    });
  }

  /** A valid reset token sets the new password, is used up and ends every session of the user. */
  async resetPassword(input: ResetPasswordInput, origin: RequestOrigin): Promise<void> {
    const token = await setPasswordFromLink(
      this.deps,
      {
        type: 'reset_password_token',
        token: input.token,
        password: input.newPassword,
        field: 'newPassword',
        whileStatus: 'active',
        action: 'password.reset_completed',
        alsoInTransaction: async (scope, used, now) => {
          // The other reset links mailed to this user have done their job too.
          await scope.repos.oneTimeTokens.deleteForUser(used.user.id, 'reset_password_token');
          await scope.repos.sessions.revokeUserSessions(used.user.id, now);
          scope.afterCommit(() => this.deps.sessions.userChanged(used.user.id));
        },
      },
      origin,
    );
    // The mailbox owner proved who they are: failed logins no longer lock them out.
    await this.deps.lockout.clear(token.user.email);
  }

  /**
   * Needs the current password. The new one must differ from it; once changed, every other
   * session of the user ends (this one stays) and the user is mailed a notice.
   */
  async changePassword(
    auth: AuthContext,
    input: ChangePasswordInput,
    origin: RequestOrigin,
  ): Promise<void> {
    const { users, hasher } = this.deps;
    // With two-step sign-in on, the password alone (maybe stolen) may not change the password.
    if (auth.twoStepEnabled) requireRecentAuth(auth, this.deps.clock);
    const credentials = await users.findCredentialsById(auth.userId);
    const user = await users.findById(auth.userId);
    if (!credentials || !user) throw new SessionEnded();
    this.deps.ssoRequirement.assertPasswordAllowed(user.email);
    // Guesses of the current password count towards the account's sign-in lockout, so a stolen
    // access token cannot be used to find the password.
    const attempt = await this.deps.lockout.begin(normalizeEmail(user.email));
    if (
      !credentials.passwordHash ||
      !(await hasher.verify(credentials.passwordHash, input.password))
    ) {
      await recordLock(this.deps.audit, attempt, user.id, origin);
      throw new WrongPassword('password');
    }
    await this.deps.lockout.succeeded(attempt);
    // The current password is `input.password` (just verified), so comparing the texts suffices.
    if (input.newPassword === input.password) {
      throw invalid(API_MESSAGES.samePassword, { newPassword: API_MESSAGES.samePassword });
    }
    assertPasswordPolicy(input.newPassword, user.email, 'newPassword');
    const passwordHash = await hasher.hash(input.newPassword);
    await this.deps.unitOfWork.run(async (scope) => {
      const changedAt = new Date(this.deps.clock.now());
      const now = changedAt.toISOString();
      const updated = await scope.repos.users.updatePassword(auth.userId, {
        passwordHash,
        now,
        whileStatus: 'active',
      });
      if (!updated) throw new SessionEnded();
      await scope.repos.sessions.revokeUserSessions(auth.userId, now, auth.sessionId);
      // A reset link mailed before the change must not undo it.
      await scope.repos.oneTimeTokens.deleteForUser(auth.userId, 'reset_password_token');
      await scope.repos.audit.record({
        action: 'password.changed',
        actorId: auth.userId,
        targetId: auth.userId,
        origin,
        details: { keptSessionId: auth.sessionId },
      });
      scope.afterCommit(() => this.deps.sessions.userChanged(auth.userId));
      await this.deps.mails.passwordChanged(scope, user, changedAt);
    });
  }
}
