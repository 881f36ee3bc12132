import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CounterStore } from './counter-store.js';

/**
 * A store for @fastify/rate-limit on our CounterStore: the per-IP limits count where the lockout
 * and quota counters do (Redis shared by every process, with its fallback to this process while
 * Redis is down), on the app's clock. Each limited route counts under its own key.
 */
export function counterRateLimitStore(
  counters: CounterStore,
  now: () => number,
): FastifyRateLimitStoreCtor {
  const store = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counters.increment(`${prefix}${key}`, timeWindow).then(
        (window) =>
          callback(null, { current: window.count, ttl: Math.max(0, window.resetAt - now()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    // The plugin hands its merged settings, the route under `routeInfo` (its types say otherwise).
    child(settings) {
      const { routeInfo } = settings as unknown as { routeInfo: { method?: string; url?: string } };
      return store(`${prefix}${routeInfo.method ?? ''}${routeInfo.url ?? ''}-`);
    },
  });
  // The plugin makes its store with `new`; a constructor may hand back the object to use.
  return class {
    constructor() {
      return store('rate-limit:');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
