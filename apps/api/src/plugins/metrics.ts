import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../lib/errors.js';
import type { Metrics } from '../modules/monitoring/index.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

/**
 * GET /api/metrics for Prometheus, behind METRICS_TOKEN (registered only when it is set), and the
 * hook that times every answer by its route pattern (unmatched paths share one series).
 */
export const metricsPlugin = fp<{ metrics: Metrics; token: string }>(
  async (app, { metrics, token }) => {
    const expected = digest(token);
    app.addHook('onResponse', async (request, reply) => {
      metrics.observe({
        method: request.method,
        route: request.routeOptions.url ?? '(unmatched)',
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    });

    app.get(
      '/api/metrics',
      {
        schema: {
          tags: ['health'],
          summary: 'Metrics for Prometheus (text format), with METRICS_TOKEN as bearer token',
        },
        onRequest: async (request, reply) => {
          if (!hasToken(request, expected)) {
            reply.header('www-authenticate', 'Bearer');
            throw unauthenticated();
          }
        },
      },
      async (_request, reply) => reply.type(metrics.contentType).send(await metrics.render()),
    );
  },
  { name: 'metrics' },
);
