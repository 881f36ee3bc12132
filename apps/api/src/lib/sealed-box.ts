import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const VERSION = 'v1';

/** Authenticated encryption for data at rest that must be readable again (unlike hashed tokens). */
export interface SealedBox {
  seal(plaintext: string): string;
  /** Throws when the value was not sealed with this key or was altered. */
  open(sealed: string): string;
}

/**
 * AES-256-GCM with a key derived (HKDF-SHA256) from the app secret and a purpose label, so one
 * secret yields independent keys. Output: `v1.<iv>.<tag>.<ciphertext>`, all base64url.
 */
export function createSealedBox(secret: string, purpose: string): SealedBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'staff-admin', `sealed-box:${purpose}`, 32));

  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, iv, tag, encrypted] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || encrypted === undefined) {
        throw new Error('not a sealed value');
      }
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(encrypted, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
