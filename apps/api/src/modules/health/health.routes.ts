import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { envelope, errorResponses } from '../../lib/http-schemas.js';
import type { HealthRepository } from './health.repository.js';

const DATABASE_DOWN = 'The database is unreachable';
const PING_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthRepository }> = async (
  app,
  { health },
) => {
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
        throw new AppError(503, DATABASE_DOWN);
      }
      return { data: { status: 'ok' as const, database: 'ok' as const } };
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
