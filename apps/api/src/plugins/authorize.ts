import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.js';
import type { AuthContext } from '../modules/sessions/sessions.service.js';

/** A rule on who may call a route; it sees the caller and the request (e.g. its params). */
export type AccessPolicy = (auth: AuthContext, request: FastifyRequest) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /** A hook to place after `authenticate`: 403 unless the policy allows the caller. */
    authorize: (
      policy: AccessPolicy,
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const adminOnly: AccessPolicy = (auth) => auth.position === 'admin';

/** Admins, or the user named by the `:id` route parameter themselves. */
export const adminOrSelf: AccessPolicy = (auth, request) =>
  adminOnly(auth, request) || (request.params as { id?: string }).id?.toLowerCase() === auth.userId;

export const authorizePlugin = fp(
  async (app) => {
    app.decorate('authorize', (policy: AccessPolicy) => async (request: FastifyRequest) => {
      if (!request.auth || !policy(request.auth, request)) throw forbidden();
    });
  },
  { name: 'authorize', dependencies: ['authenticate'] },
);
