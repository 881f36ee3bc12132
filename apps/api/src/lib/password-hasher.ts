import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import { ServerBusy } from './errors.js';

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

/** The default bound on hashes waiting for a slot (PASSWORD_HASH_QUEUE). */
export const HASH_QUEUE = 32;

/**
 * `queue` bounds the hashes waiting for a slot: a burst beyond it is refused at once with 503 and
 * Retry-After instead of making every request in the burst wait seconds for its turn.
 */
export function createPasswordHasher({
  concurrency = HASH_CONCURRENCY,
  queue = HASH_QUEUE,
  log,
}: {
  concurrency?: number;
  queue?: number;
  /** Told of a stored hash that cannot be read (the account cannot sign in until it is reset). */
  log?: Pick<FastifyBaseLogger, 'error'>;
} = {}): PasswordHasher {
  const slots = pLimit(concurrency);
  const limit = <T>(work: () => Promise<T>): Promise<T> => {
    if (slots.activeCount >= concurrency && slots.pendingCount >= queue) {
      return Promise.reject(new ServerBusy());
    }
    return slots(work);
  };
  let dummyHash: Promise<string> | undefined;

  return {
    hash: (password) => limit(() => hash(password, OPTIONS)),
    async verify(passwordHash, password) {
      return limit(async () => {
        try {
          return await verify(passwordHash, password);
        } catch (error) {
          // A malformed stored hash reads as a wrong password, never as a server error; the
          // operator is told, or a locked-out user's cause would be invisible.
          log?.error({ err: error }, 'a stored password hash cannot be read');
          return false;
        }
      });
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
