/** Signing in: where the session's tokens are kept, and the password's limits (SPEC §5, §9). */
export const ACCESS_TOKEN_STORAGE_KEY = 'act';
export const REFRESH_TOKEN_STORAGE_KEY = 'rft';

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only protects the hasher from absurd input. */
export const PASSWORD_MAX_LENGTH = 256;

export const TOKEN_TYPES = ['confirmation_token', 'reset_password_token'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export type TokenStatus = 'valid' | 'expired';
