import { oidcExchangeSchema } from '@staff-admin/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { authRateLimit } from '../../http/rate-limits.js';
import { secondStepRequiredSchema, tokenPairSchema } from '../two-step/index.js';
import { browserCookie, readBrowserCookie } from './browser-cookie.js';
import type { SsoService } from './sso.service.js';

const oidcConfigSchema = z.object({
  enabled: z.boolean(),
  displayName: z.string().nullable(),
  requiredDomains: z.array(z.string()),
});

const text = z.string().max(4096).optional();

export const ssoRoutes: FastifyPluginAsyncZod<{
  sso: SsoService;
  secureCookie: boolean;
  requestsPerMinute: number;
}> = async (app, { sso, secureCookie, requestsPerMinute }) => {
  const config = authRateLimit(requestsPerMinute);
  /** Without a configured provider the sign-in calls answer 404 (after the request's validation). */
  const preHandler = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!sso.enabled) await reply.code(404).send({ code: 404, message: 'Not Found' });
  };

  app.get(
    '/auth/oidc',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Whether the company sign-in is offered, its name and the domains that must use it',
        response: { 200: envelope(oidcConfigSchema) },
      },
    },
    async () => ({ data: sso.describe() }),
  );

  app.get(
    '/auth/oidc/start',
    {
      config,
      preHandler,
      schema: {
        tags: ['auth'],
        summary: "Start a company sign-in: 302 to the provider's authorization endpoint",
        querystring: z.object({ returnTo: z.string().max(500).optional() }),
        response: { 302: z.null(), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const { location, browser } = await sso.start(request.query.returnTo);
      if (browser) reply.header('set-cookie', browserCookie(browser, secureCookie));
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      config,
      preHandler,
      schema: {
        tags: ['auth'],
        summary:
          'The provider sends the browser back here; 302 to the site (never a token in a URL)',
        querystring: z
          .object({
            code: text,
            state: text,
            error: text,
            // A provider's error answer carries these too (RFC 6749 §4.1.2.1): the refusal page,
            // not a 400, for a person who cancelled at the provider.
            error_description: text,
            error_uri: text,
            iss: text,
            session_state: text,
          })
          .passthrough(),
        response: { 302: z.null(), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const query = Object.fromEntries(
        Object.entries(request.query).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      const location = await sso.callback(
        query,
        readBrowserCookie(request.headers.cookie),
        requestOrigin(request),
      );
      return reply.redirect(location, 302);
    },
  );

  app.post(
    '/auth/oidc/exchange',
    {
      config,
      preHandler,
      schema: {
        tags: ['auth'],
        summary:
          "Trade the callback's one-time code for the sign-in's answer (as POST /auth/login)",
        body: oidcExchangeSchema,
        response: {
          200: envelope(z.union([tokenPairSchema, secondStepRequiredSchema])),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request) => {
      return {
        data: await sso.exchange(request.body.code, readBrowserCookie(request.headers.cookie)),
      };
    },
  );
};
