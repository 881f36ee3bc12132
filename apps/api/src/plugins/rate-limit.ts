import rateLimit from '@fastify/rate-limit';
import { API_MESSAGES } from '@staff-admin/shared';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { rateLimited } from '../lib/errors.js';

/**
 * Per-IP limits, off by default: a route opts in with `config: { rateLimit: ... }` (see
 * `http/rate-limits.ts`), and each limited route counts separately. `Retry-After` comes from the plugin.
 * With Redis the counts are shared by every process (keys `<REDIS_PREFIX>rate-limit:…`).
 */
export const rateLimitPlugin = fp<{ redis?: Redis | undefined }>(
  async (app, { redis }) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => rateLimited(API_MESSAGES.tooManyRequests),
      ...(redis ? { redis, nameSpace: 'rate-limit:' } : {}),
    });
  },
  { name: 'rate-limit' },
);
