import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { envelope, errorResponses } from '../../http/schemas.js';
import type { HealthRepository } from './health.repository.js';

const DATABASE_DOWN = 'The database is unreachable';
const PING_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod<{
  health: HealthRepository;
  /** Set when REDIS_URL is: readiness then needs Redis too. */
  redis?: Redis | undefined;
}> = async (app, { health, redis }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: {
          200: envelope(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
          ...errorResponses(503),
        },
      },
    },
    async (request) => {
      try {
        await withTimeout(health.ping(), PING_TIMEOUT_MS);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new DomainError('unavailable', DATABASE_DOWN);
      }
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: may this process take traffic?',
        description:
          'For load balancers: 200 when the database and (with REDIS_URL) Redis answer within ' +
          '2 s; 503 naming what is unreachable otherwise, and while the process shuts down.',
        response: {
          200: envelope(
            z.object({
              status: z.literal('ok'),
              database: z.literal('ok'),
              redis: z.enum(['ok', 'not configured']),
            }),
          ),
          ...errorResponses(503),
        },
      },
    },
    async (request) => {
      const [database, cache] = await Promise.allSettled([
        withTimeout(health.ping(), PING_TIMEOUT_MS),
        redis ? withTimeout(redis.ping(), PING_TIMEOUT_MS) : Promise.resolve(),
      ]);
      const down = [
        ...(database.status === 'rejected' ? ['the database'] : []),
        ...(cache.status === 'rejected' ? ['Redis'] : []),
      ];
      if (down.length > 0) {
        const reasons = [database, cache].flatMap((result) =>
          result.status === 'rejected' ? [String(result.reason)] : [],
        );
        request.log.error({ unreachable: down, reasons }, 'readiness check failed');
        const verb = down.length > 1 ? 'are' : 'is';
        throw new DomainError(
          'unavailable',
          `Not ready: ${down.join(' and ')} ${verb} unreachable`,
        );
      }
      return {
        data: {
          status: 'ok' as const,
          database: 'ok' as const,
          redis: redis ? ('ok' as const) : ('not configured' as const),
        },
      };
    },
  );
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
