import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { DomainError } from '../lib/errors.js';
import type { ErrorsService } from '../modules/monitoring/index.js';
import { toResponse } from '../http/error-response.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error the request failed with, kept for onResponse (which does not see it). */
    failure: FastifyError | DomainError | null;
  }
}

/**
 * Every unhandled server error, the ones answered with 500 (not a domain error, a 4xx, or a 503
 * for an outage), becomes an occurrence in Monitoring › Errors. It is written after the answer has
 * gone, and a failure to write is only logged: recording never fails or slows the request.
 */
export const errorCapturePlugin = fp<{ errors: ErrorsService }>(
  async (app, { errors }) => {
    app.decorateRequest('failure', null);
    app.addHook('onError', async (request, _reply, error) => {
      request.failure = error;
    });
    app.addHook('onResponse', async (request, reply) => {
      const failure = request.failure;
      if (!failure || reply.statusCode !== 500 || toResponse(failure).status !== 500) return;
      errors.captureServerError(failure, {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        requestId: request.id,
        userAgent: request.headers['user-agent'] ?? null,
        userId: request.auth?.userId ?? null,
      });
    });
    app.addHook('onClose', async () => {
      await errors.whenIdle();
    });
  },
  { name: 'error-capture', dependencies: ['authenticate'] },
);
