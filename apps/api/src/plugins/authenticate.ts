import type { Position } from '@staff-admin/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessRefused, DomainError } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/index.js';
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

/**
 * `twoStepRoles` (MFA_REQUIRED_ROLES): a caller with one of these positions and no second factor
 * (of ours, or asserted by the company provider for this session)
 * may call only the routes marked `config: { duringTwoStepSetup: true }`; any other route answers
 * 403 `reason: "two_step_setup_required"`. On public routes such a caller is anonymous.
 */
export const authenticatePlugin = fp<{ auth: AuthService; twoStepRoles: readonly Position[] }>(
  async (app, { auth, twoStepRoles }) => {
    // A company sign-in the provider made multi-factor counts as two-step for its session.
    const mustSetUp = (context: AuthContext) =>
      !context.twoStepEnabled &&
      !context.twoStepByProvider &&
      twoStepRoles.includes(context.position);
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const context = await auth.authenticate(request.headers.authorization);
      if (mustSetUp(context) && request.routeOptions.config.duringTwoStepSetup !== true) {
        throw accessRefused('two_step_setup_required');
      }
      request.auth = context;
    });
    app.decorate('authenticateIfPresent', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return;
      try {
        const context = await auth.authenticate(request.headers.authorization);
        if (!mustSetUp(context)) request.auth = context;
      } catch (error) {
        // A bad or stale token on a public route: the caller is simply anonymous.
        if (!(error instanceof DomainError)) throw error;
      }
    });
  },
  { name: 'authenticate' },
);
