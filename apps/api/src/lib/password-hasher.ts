import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import pLimit from 'p-limit';

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

/**
 * Hashes at once, at most: one core fewer than the machine has (at least one). The hashes run off
 * the event loop, but a hash per core would leave it no CPU: other requests would stall behind a
 * burst of sign-ins. Each hash also holds 19 MiB while it runs. Measured in docs/performance.md.
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);

export function createPasswordHasher(concurrency = HASH_CONCURRENCY): PasswordHasher {
  const limit = pLimit(concurrency);
  let dummyHash: Promise<string> | undefined;

  return {
    hash: (password) => limit(() => hash(password, OPTIONS)),
    async verify(passwordHash, password) {
      try {
        return await limit(() => verify(passwordHash, password));
      } catch {
        // A malformed stored hash must read as a wrong password, never as a server error.
        return false;
      }
    },
    async verifyDummy(password) {
      dummyHash ??= limit(() => hash(randomBytes(16).toString('hex'), OPTIONS));
      const target = await dummyHash;
      await limit(() => verify(target, password));
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
