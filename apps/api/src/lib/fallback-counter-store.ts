import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { CounterStore } from './counter-store.js';
import { classifyDependencyFailure, OutageLog } from './dependency-failure.js';

interface FallbackOptions {
  /** False while the shared store is known to be unreachable: go local without trying it. */
  isUp: () => boolean;
  /** This process's own counters (createMemoryCounterStore). */
  local: CounterStore;
  log: FastifyBaseLogger;
  clock: Clock;
}

/**
 * The shared counters (Redis) while they answer, and this process's own while they do not, so
 * that sign-in, password resets and uploads keep working through a Redis outage instead of
 * failing or waiting. On its own a process sees only its share of the traffic, so it is stricter,
 * not looser: every event counts twice (a quota is reached in half the events) and a lock comes
 * after half the failures. Counts made during the outage stay local; the shared ones expire with
 * their windows as usual.
 */
export function withLocalFallback(shared: CounterStore, options: FallbackOptions): CounterStore {
  const { isUp, local, log } = options;
  const outages = new OutageLog(options.clock);

  async function either<T>(onShared: () => Promise<T>, onLocal: () => Promise<T>): Promise<T> {
    if (!isUp()) return onLocal();
    try {
      return await onShared();
    } catch (error) {
      const failure = classifyDependencyFailure(error);
      if (failure?.dependency !== 'redis') throw error;
      outages.report(failure, error, log, 'counting in this process, limits halved');
      return onLocal();
    }
  }

  return {
    increment: (key, windowMs, incrementOptions) =>
      either(
        () => shared.increment(key, windowMs, incrementOptions),
        async () => {
          await local.increment(key, windowMs, incrementOptions);
          return local.increment(key, windowMs, incrementOptions);
        },
      ),
    countAttempt: (key, lockKey, policy) =>
      either(
        () => shared.countAttempt(key, lockKey, policy),
        () => local.countAttempt(key, lockKey, { ...policy, every: Math.ceil(policy.every / 2) }),
      ),
    decrement: (key) =>
      either(
        () => shared.decrement(key),
        () => local.decrement(key),
      ),
    get: (key) =>
      either(
        () => shared.get(key),
        () => local.get(key),
      ),
    put: (key, count, ttlMs) =>
      either(
        () => shared.put(key, count, ttlMs),
        () => local.put(key, count, ttlMs),
      ),
    // What was counted locally during an outage is cleared too (a successful sign-in).
    async reset(key) {
      await local.reset(key);
      await either(
        () => shared.reset(key),
        async () => {},
      );
    },
    async close() {
      await local.close();
      await shared.close();
    },
  };
}
