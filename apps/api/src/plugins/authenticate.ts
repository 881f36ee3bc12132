import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { AuthContext } from '../lib/auth-context.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 without a valid access token and live session, 403 if not active. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook for public routes: sets `auth` when a valid access token comes, never refuses. */
    authenticateIfPresent: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const authenticatePlugin = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.auth = await auth.authenticate(request.headers.authorization);
    });
    app.decorate('authenticateIfPresent', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return;
      try {
        request.auth = await auth.authenticate(request.headers.authorization);
      } catch (error) {
        // A bad or stale token on a public route: the caller is simply anonymous.
        if (!(error instanceof DomainError)) throw error;
      }
    });
  },
  { name: 'authenticate' },
);
