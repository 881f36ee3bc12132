/** Signing in: where the session's tokens are kept, and the password's limits (SPEC §5, §9). */
export const ACCESS_TOKEN_STORAGE_KEY = 'act';
export const REFRESH_TOKEN_STORAGE_KEY = 'rft';

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only protects the hasher from absurd input. */
export const PASSWORD_MAX_LENGTH = 256;

export const TOKEN_TYPES = ['confirmation_token', 'reset_password_token'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export type TokenStatus = 'valid' | 'expired';

/** Why an SSO sign-in was refused: the `reason` of /auth/sso-refused and of the audit event. */
export const SSO_REFUSAL_REASONS = [
  'invalid_request',
  'provider_unavailable',
  'no_account',
  'email_not_verified',
  'no_role',
  'inactive',
  'last_admin',
] as const;
export type SsoRefusalReason = (typeof SSO_REFUSAL_REASONS)[number];

export function isSsoRefusalReason(value: unknown): value is SsoRefusalReason {
  return (SSO_REFUSAL_REASONS as readonly unknown[]).includes(value);
}
