import rateLimit from '@fastify/rate-limit';
import { API_MESSAGES } from '@staff-admin/shared';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.js';

/**
 * Per-IP limits, off by default: a route opts in with `config: { rateLimit: ... }` (see
 * `authRateLimit`), and each limited route counts separately. `Retry-After` comes from the plugin.
 * With Redis the counts are shared by every process (keys `<REDIS_PREFIX>rate-limit:…`).
 */
export const rateLimitPlugin = fp<{ redis?: Redis | undefined }>(
  async (app, { redis }) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new AppError(429, API_MESSAGES.tooManyRequests),
      ...(redis ? { redis, nameSpace: 'rate-limit:' } : {}),
    });
  },
  { name: 'rate-limit' },
);

/**
 * Route config: `perMinute` requests per client IP and minute. Auth calls use
 * RATE_LIMIT_PER_MINUTE, uploads UPLOADS_PER_MINUTE.
 */
export const perMinuteRateLimit = (perMinute: number) => ({
  rateLimit: { max: perMinute, timeWindow: 60_000 },
});

/** Route config for every auth call: RATE_LIMIT_PER_MINUTE requests per client IP. */
export const authRateLimit = perMinuteRateLimit;
