import rateLimit from '@fastify/rate-limit';
import { API_MESSAGES } from '@staff-admin/shared';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/**
 * Per-IP limits, off by default: a route opts in with `config: { rateLimit: ... }` (see
 * `authRateLimit`), and each limited route counts separately. `Retry-After` comes from the plugin.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new AppError(429, API_MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limit' },
);

/** Route config for every auth call: RATE_LIMIT_PER_MINUTE requests per client IP. */
export const authRateLimit = (perMinute: number) => ({
  rateLimit: { max: perMinute, timeWindow: 60_000 },
});
