import { createHash, randomBytes } from 'node:crypto';

/** An opaque token for a link or a refresh: 32 random bytes, base64url. */
export const generateOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as this hash; the high entropy makes a slow hash unnecessary. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');
