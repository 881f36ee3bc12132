import rateLimit from '@fastify/rate-limit';
import { API_MESSAGES } from '@staff-admin/shared';
import fp from 'fastify-plugin';
import { counterRateLimitStore } from '../lib/counter-rate-limit-store.js';
import type { CounterStore } from '../lib/counter-store.js';
import { rateLimited } from '../lib/errors.js';

/**
 * Per-IP limits, off by default: a route opts in with `config: { rateLimit: ... }` (see
 * `http/rate-limits.ts`), and each limited route counts separately. `Retry-After` comes from the
 * plugin. The counts live with the app's other counters: in Redis with REDIS_URL, shared by every
 * process (keys `<REDIS_PREFIX>counters:v2:rate-limit:…`), and in this process while Redis is down.
 */
export const rateLimitPlugin = fp<{ counters: CounterStore; now: () => number }>(
  async (app, { counters, now }) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => rateLimited(API_MESSAGES.tooManyRequests),
      store: counterRateLimitStore(counters, now),
    });
  },
  { name: 'rate-limit' },
);
