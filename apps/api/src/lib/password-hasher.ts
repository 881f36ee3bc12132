import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import { ServerBusy } from './errors.js';

const ARGON2ID = 2 as Algorithm;

/** argon2id's memory (KiB) and passes. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's first recommendation for argon2id: 19 MiB, 2 passes (1 lane). The server's only cost. */
export const PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };

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
  cost = PASSWORD_HASH_COST,
}: {
  concurrency?: number;
  queue?: number;
  /** Told of a stored hash that cannot be read (the account cannot sign in until it is reset). */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /**
   * PASSWORD_HASH_COST unless given. Only tests give another (buildApp's passwordHashCost): no
   * setting of the server's configuration lowers it.
   */
  cost?: PasswordHashCost;
} = {}): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...cost, parallelism: 1 } satisfies Options;
  const slots = pLimit(concurrency);
  const limit = <T>(work: () => Promise<T>): Promise<T> => {
    if (slots.activeCount >= concurrency && slots.pendingCount >= queue) {
      return Promise.reject(new ServerBusy());
    }
    return slots(work);
  };
  let dummyHash: Promise<string> | undefined;

  return {
    hash: (password) => limit(() => hash(password, options)),
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
      dummyHash ??= limit(() => hash(randomBytes(16).toString('hex'), options));
      const target = await dummyHash;
      await limit(() => verify(target, password));
    },
    needsRehash(passwordHash) {
      try {
        const used = parseOptions(passwordHash);
        return (
          used.algorithm !== options.algorithm ||
          used.memoryCost < options.memoryCost ||
          used.timeCost < options.timeCost
        );
      } catch {
        return true;
      }
    },
  };
}
