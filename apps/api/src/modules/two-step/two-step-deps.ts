import type { Position } from '@staff-admin/shared';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepository } from '../audit/index.js';
import type { AccessTokens, SessionsService, SessionsTransaction } from '../sessions/index.js';
import type { Attempt, LoginLockout } from '../lockout/index.js';
import type { AccountMails, MailTransaction } from '../mail/index.js';
import type { UsersRepository } from '../users/index.js';
import type { PasskeysRepository } from './passkeys.repository.js';
import type { TwoStepRepository } from './two-step.repository.js';

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
  /** The provider of the company sign-in it follows (the session is marked so); else null. */
  ssoIssuer: string | null;
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
