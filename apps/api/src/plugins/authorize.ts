import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.js';
import { requestOrigin } from '../http/schemas.js';
import type { AuditRepository } from '../modules/audit/index.js';
import type { AccessPolicy } from '../http/guards.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A hook to place after `authenticate`: 403 unless the policy allows the caller. */
    authorize: (
      policy: AccessPolicy,
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** A refusal is audited (`access.denied`: who, which route) before the 403. */
export const authorizePlugin = fp<{ audit: AuditRepository }>(
  async (app, { audit }) => {
    app.decorate('authorize', (policy: AccessPolicy) => async (request: FastifyRequest) => {
      if (request.auth && policy(request.auth, request)) return;
      await audit.record({
        action: 'access.denied',
        actorId: request.auth?.userId,
        origin: requestOrigin(request),
        details: { method: request.method, route: request.routeOptions.url },
      });
      throw forbidden();
    });
  },
  { name: 'authorize', dependencies: ['authenticate'] },
);
