/** Two-step sign-in's answers (issue 15). */
import type { TokenPair } from '../auth/types.js';
import type { SecondStepMethod } from './constants.js';

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
