import { loginSchema } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { currentAuth } from '../../http/guards.js';
import { authRateLimit } from '../../http/rate-limits.js';
import {
  secondStepRequiredSchema,
  tokenPairSchema as tokenPairDataSchema,
} from '../two-step/index.js';
import type { AuthService } from './auth.service.js';

const tokenPairSchema = envelope(tokenPairDataSchema);

/** DELETE /auth/logout's data: null, or the provider's sign-out for an SSO session. */
const logoutDataSchema = z
  .object({
    endSessionUrl: z
      .string()
      .describe("The company provider's sign-out (RP-initiated logout): send the browser there"),
  })
  .nullable();

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  /** The company provider's sign-out URL for a session started by SSO (the sso module's). */
  providerSignOut: (sessionId: string) => Promise<string | null>;
  requestsPerMinute: number;
}> = async (app, { auth, providerSignOut, requestsPerMinute }) => {
  const config = authRateLimit(requestsPerMinute);

  app.post(
    '/auth/login',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          'An account with a second factor gets `second_step` (a challenge for ' +
          '`POST /auth/login/second-step` or the passkey calls) instead of tokens.',
        body: loginSchema,
        response: {
          200: envelope(z.union([tokenPairDataSchema, secondStepRequiredSchema])),
          ...errorResponses(400, 403, 404, 429),
        },
      },
    },
    async (request) => ({ data: await auth.login(request.body, requestOrigin(request)) }),
  );

  app.post(
    '/auth/refresh-token/:refreshToken',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Swap a refresh token for a new token pair (the old one stops working)',
        description: 'The bearer header may carry an expired access token; it is not needed.',
        params: z.object({ refreshToken: z.string() }),
        response: { 200: tokenPairSchema, ...errorResponses(403, 429) },
      },
    },
    async (request) => ({
      data: await auth.refresh(request.params.refreshToken, requestOrigin(request)),
    }),
  );

  app.delete(
    '/auth/logout',
    {
      config: { ...config, duringTwoStepSetup: true },
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        summary: 'End this session: its refresh and access tokens stop working',
        description:
          'For a session started by company sign-in whose provider offers RP-initiated logout, ' +
          "`data.endSessionUrl` is where to send the browser to end the provider's session too; " +
          'otherwise `data` is null.',
        security: bearerSecurity,
        response: { 200: envelope(logoutDataSchema), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const caller = currentAuth(request);
      await auth.logout(caller, requestOrigin(request));
      const endSessionUrl = await providerSignOut(caller.sessionId);
      return { data: endSessionUrl ? { endSessionUrl } : null };
    },
  );
};
