/**
 * Two-step sign-in (issue 15): an authenticator app's codes (TOTP), recovery codes and passkeys
 * as a second factor; required for chosen roles (MFA_REQUIRED_ROLES); re-authentication before
 * sensitive changes. docs/two-step.md has the calls and the rules.
 *
 * Its values: no zod here, so a screen can show a message or a status without pulling in every
 * schema (the schemas are in schemas.ts).
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
