import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { envelope, errorResponses } from '../../http/schemas.js';
import type { Drain } from '../../lib/drain.js';
import type { HealthRepository } from './health.repository.js';

const DATABASE_DOWN = 'The database is unreachable';
const PING_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod<{
  health: HealthRepository;
  /** Set when REDIS_URL is: readiness then needs Redis too. */
  redis?: Redis | undefined;
  /** Once a shutdown begins, readiness answers 503 so that balancers stop sending requests. */
  drain?: Drain;
}> = async (app, { health, redis, drain }) => {
  app.get(
    '/health',
    {
      config: { probe: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: {
          200: envelope(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
          ...errorResponses(503),
        },
      },
    },
    async () => {
      try {
        await withTimeout(health.ping(), PING_TIMEOUT_MS);
      } catch (error) {
        // Logged by the error handler, once per outage rather than at every probe.
        throw new DomainError('unavailable', DATABASE_DOWN, { cause: error });
      }
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );

  app.get(
    '/ready',
    {
      config: { probe: true },
      schema: {
        tags: ['health'],
        summary: 'Readiness: may this process take traffic?',
        description:
          'For load balancers: 200 when the database answers within 2 s, with Redis (REDIS_URL) ' +
          '"ok" or "unavailable": without Redis the process still serves safely (its own ' +
          'counters, halved limits, no session cache), so it stays in rotation. 503 when the ' +
          'database does not answer, and while the process shuts down.',
        response: {
          200: envelope(
            z.object({
              status: z.literal('ok'),
              database: z.literal('ok'),
              redis: z.enum(['ok', 'unavailable', 'not configured']),
            }),
          ),
          ...errorResponses(503),
        },
      },
    },
    async () => {
      if (drain?.active) {
        throw new DomainError('unavailable', 'Not ready: the process is shutting down');
      }
      const [database, cache] = await Promise.allSettled([
        withTimeout(health.ping(), PING_TIMEOUT_MS),
        redis ? withTimeout(redis.ping(), PING_TIMEOUT_MS) : Promise.resolve(),
      ]);
      if (database.status === 'rejected') {
        throw new DomainError('unavailable', 'Not ready: the database is unreachable', {
          cause: database.reason,
        });
      }
      return {
        data: {
          status: 'ok' as const,
          database: 'ok' as const,
          redis: !redis
            ? ('not configured' as const)
            : cache.status === 'fulfilled'
              ? ('ok' as const)
              : ('unavailable' as const),
        },
      };
    },
  );
};

/** A ping without an answer in time: for the error handler, a connection timing out. */
class PingTimeout extends Error {
  readonly code = 'ETIMEDOUT';
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PingTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
