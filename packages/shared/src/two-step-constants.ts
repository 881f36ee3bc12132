import type { TokenPair } from './api-types.js';

/**
 * Two-step sign-in (issue 15): an authenticator app's codes (TOTP), recovery codes and passkeys
 * as a second factor; required for chosen roles (MFA_REQUIRED_ROLES); re-authentication before
 * sensitive changes. docs/two-step.md has the calls and the rules.
 *
 * Its values, messages and answers: no zod here, so a screen can show a message or a status
 * without pulling in every schema (the schemas are in two-step.ts).
 */

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s, one step either side. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
/** The issuer shown in the authenticator app beside the account's email. */
export const TOTP_ISSUER = 'Staff Admin';

export const RECOVERY_CODE_COUNT = 10;
/** A sign-in challenge (after a right password) lives this long. */
export const SIGN_IN_CHALLENGE_TTL_MS = 5 * 60_000;
/** Sensitive changes need a password (and code) entered within this long. */
export const REAUTHENTICATION_WINDOW_MS = 5 * 60_000;
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** How a second step may be made. */
export const SECOND_STEP_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/** Why a call was refused although the caller is signed in (the error body's `reason`). */
export const ACCESS_REASONS = ['two_step_setup_required', 'reauthentication_required'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

export const TWO_STEP_MESSAGES = {
  codeRequired: 'Please enter the code.',
  codeInvalid: 'Please enter the 6-digit code from your authenticator app.',
  recoveryCodeInvalid: 'Please enter a recovery code as shown, e.g. ABCDE-FGHIJ.',
  passkeyNameRequired: 'Please enter a name for the passkey.',
  passkeyNameTooLong: `Please enter at most ${PASSKEY_NAME_MAX_LENGTH} characters.`,
  passkeyNameInvalidCharacters: 'Please remove the invisible or control characters from the name.',
  // Server answers
  wrongCode: 'The code is not valid. Check your authenticator app and try again.',
  wrongRecoveryCode: 'This recovery code is not valid or has been used.',
  challengeInvalid: 'Your sign-in has expired. Please log in again.',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered for your account.',
  setupRequired: 'Your role requires two-step sign-in. Please set it up to continue.',
  reauthenticationRequired: 'Please confirm your password to continue.',
  totpAlreadyOn: 'Two-step sign-in with an authenticator app is already on.',
  totpNotStarted: 'Start the setup again: scan the new QR code and enter its code.',
  totpNotOn: 'Two-step sign-in with an authenticator app is not on.',
  noSecondFactor: 'Two-step sign-in is not on for this account.',
  passkeysNeedHostName:
    'Passkeys cannot be added here: browsers allow them only on a site reached by a host name, ' +
    'and this one is reached by an IP address. Ask your administrator to set APP_URL to a host name.',
  // Site texts
  enabled: 'Two-step sign-in is on.',
  disabled: 'Two-step sign-in has been turned off.',
  recoveryCodesRegenerated: 'New recovery codes are ready. The old ones no longer work.',
  passkeyAdded: 'The passkey has been added.',
  passkeyRemoved: 'The passkey has been removed.',
  passkeyRenamed: 'The passkey has been renamed.',
  resetByAdmin: 'Two-step sign-in has been reset. The user has been told by email.',
  lowRecoveryCodes: 'You have few recovery codes left. Make new ones.',
  // Site texts added by the site (issue 15)
  keyCopied: 'The key has been copied.',
  recoveryCodesCopied: 'The recovery codes have been copied.',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  passkeyCancelled: 'The passkey was not used. Try again, or use another way.',
  passkeyUnsupported: 'This browser cannot use passkeys.',
} as const;

/** `POST /auth/login`'s answer when the account has a second factor: no tokens yet. */
export interface SecondStepRequired {
  second_step: {
    challenge_token: string;
    methods: SecondStepMethod[];
    expires_at: string;
  };
}

/** `POST /auth/login` answers tokens, or a challenge for the second step. */
export type LoginAnswer = TokenPair | SecondStepRequired;

export const isSecondStepRequired = (answer: LoginAnswer): answer is SecondStepRequired =>
  'second_step' in answer;

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /users/profile/two-step: the Security card. */
export interface TwoStepStatus {
  /** Some second factor (authenticator or passkey) is on. */
  enabled: boolean;
  totp: boolean;
  passkeys: Passkey[];
  recoveryCodesLeft: number;
  /** The user's role requires two-step sign-in (MFA_REQUIRED_ROLES). */
  required: boolean;
  /**
   * Passkeys can be added and used on this site: false when APP_URL is an IP address, which
   * browsers refuse as a WebAuthn relying party (`passkeysNeedHostName` says why).
   */
  passkeysAvailable: boolean;
  /** Until when sensitive changes need no new password (null: ask now). */
  reauthenticatedUntil: string | null;
}

/** POST /users/profile/two-step/totp: the secret to put into an authenticator app. */
export interface TotpSetup {
  /** Base 32, for typing into the app. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, an SVG image data URL. */
  qrCode: string;
}

/** Shown once, when two-step sign-in is turned on or the codes are made again. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}
