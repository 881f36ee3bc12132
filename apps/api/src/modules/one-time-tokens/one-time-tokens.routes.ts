import { checkTokenQuerySchema, type TokenStatus } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses } from '../../http/schemas.js';
import { authRateLimit } from '../../http/rate-limits.js';
import type { OneTimeTokensService } from './one-time-tokens.service.js';

export const oneTimeTokensRoutes: FastifyPluginAsyncZod<{
  tokens: OneTimeTokensService;
  requestsPerMinute: number;
}> = async (app, { tokens, requestsPerMinute }) => {
  app.get(
    '/users/check-token',
    {
      config: authRateLimit(requestsPerMinute),
      schema: {
        tags: ['account'],
        summary: 'Check an invitation or password-reset link token',
        description:
          'Valid or expired tokens answer 200 with the email they belong to. Unknown, used, ' +
          'cancelled (a newer one was issued), wrong-type or altered tokens answer 400 `Invalid token`.',
        querystring: checkTokenQuerySchema,
        response: {
          200: envelope(
            z.object({
              tokenStatus: z.enum(['valid', 'expired'] as const satisfies TokenStatus[]),
              user: z.object({ email: z.string() }),
            }),
          ),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request) => ({
      data: await tokens.check(request.query.token, request.query.jwtTokenType),
    }),
  );
};
