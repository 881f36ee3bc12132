import { API_MESSAGES } from '@staff-admin/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { classifyDependencyFailure, OutageLog } from '../lib/dependency-failure.js';
import { toResponse } from '../http/error-response.js';
import { DomainError } from '../lib/errors.js';

export const isApiPath = (url: string): boolean => /^\/api(?:[/?#]|$)/.test(url);

/**
 * The one error handler: domain errors (by kind), validation and body errors become the contract's
 * `{ code, message, errors? }`; a dependency that went away (database, Redis, the upload folder)
 * gives 503 with `Retry-After` (507 when the disk is full), logged once per outage; anything else
 * is logged and answered with a bare 500.
 */
export function createErrorHandler(clock: Clock) {
  const outages = new OutageLog(clock);
  return function errorHandler(
    error: FastifyError | DomainError,
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply {
    const { status, body, headers } = toResponse(error);
    // A domain error may carry the dependency failure behind it (readiness, health).
    const outage = classifyDependencyFailure(error instanceof DomainError ? error.cause : error);
    if (outage) outages.report(outage, error, request.log);
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (headers) reply.headers(headers);
    return reply.code(status).send(body);
  };
}

/** Unknown /api paths and other methods get JSON; any other GET is the site's (SPA fallback). */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (!isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
    return request.server.sendSiteFallback(request, reply);
  }
  return reply.code(404).send({ code: 404, message: API_MESSAGES.notFound });
}
