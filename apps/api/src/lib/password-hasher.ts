import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** argon2id at OWASP's first recommendation: 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify, so unknown accounts answer as slowly as known ones. */
  verifyDummy(password: string): Promise<void>;
  /** True when the hash was made with weaker settings than today's. */
  needsRehash(passwordHash: string): boolean;
}

export function createPasswordHasher(): PasswordHasher {
  let dummyHash: Promise<string> | undefined;

  return {
    hash: (password) => hash(password, OPTIONS),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A malformed stored hash must read as a wrong password, never as a server error.
        return false;
      }
    },
    async verifyDummy(password) {
      dummyHash ??= hash(randomBytes(16).toString('hex'), OPTIONS);
      await verify(await dummyHash, password);
    },
    needsRehash(passwordHash) {
      try {
        const used = parseOptions(passwordHash);
        return (
          used.algorithm !== OPTIONS.algorithm ||
          used.memoryCost < OPTIONS.memoryCost ||
          used.timeCost < OPTIONS.timeCost
        );
      } catch {
        return true;
      }
    },
  };
}
