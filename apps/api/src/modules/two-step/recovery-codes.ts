import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@staff-admin/shared';
import { hashToken } from '../../lib/secure-token.js';

/** Crockford's base 32: no I, L, O or U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 10;

/** One code, `XXXXX-XXXXX` (50 random bits). */
export function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += ALPHABET[randomInt(32)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/**
 * A code as stored: SHA-256 of its 10 characters, upper case, without the dash (the shared
 * `recoveryCodeSchema` normalises what a user types the same way).
 */
export const hashRecoveryCode = (code: string): string =>
  hashToken(code.replace(/[\s-]+/g, '').toUpperCase());
