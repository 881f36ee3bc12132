import { unlockAccountSchema } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, monitoring } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { paginatedSchema, paginationMeta } from '../../lib/pagination.js';
import type { SecurityService } from './security.service.js';

const userRef = z.object({ id: z.string(), fullName: z.string().nullable() });

const lockedAccountSchema = z.object({
  email: z.string(),
  user: userRef.nullable(),
  lockedAt: z.string(),
  lockedUntil: z.string(),
  lockouts: z.number().int(),
});

const summarySchema = z.object({
  failedSignIns: z.array(z.object({ hour: z.string(), count: z.number().int() })),
  refreshTokenReuses: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      ip: z.string().nullable(),
      user: userRef.extend({ email: z.string() }).nullable(),
    }),
  ),
});

/** Monitoring › Sign-in security: locks, unlock, failed sign-ins and token reuse (admins). */
export const securityRoutes: FastifyPluginAsyncZod<{ security: SecurityService }> = async (
  app,
  { security },
) => {
  app.get(
    '/monitoring/security/locked-accounts',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['monitoring'],
        summary: 'Emails locked now by failed sign-ins (admins)',
        description:
          'Read from the audit trail: the latest `auth.locked_out` of each email that has not run ' +
          'out and was not ended by an unlock, a successful sign-in or a password reset. All on ' +
          'one page, newest lock first.',
        security: bearerSecurity,
        response: { 200: paginatedSchema(lockedAccountSchema), ...errorResponses(401, 403) },
      },
    },
    async () => {
      const locked = await security.lockedAccounts();
      return { data: locked, meta: paginationMeta(1, Math.max(locked.length, 1), locked.length) };
    },
  );

  app.post(
    '/monitoring/security/locked-accounts/unlock',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['monitoring'],
        summary: 'Unlock an email locked by failed sign-ins (admins)',
        description: 'Forgets its failures and lock at once; audited as `auth.unlocked`.',
        security: bearerSecurity,
        body: unlockAccountSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await security.unlock(
        request.body.email,
        currentAuth(request).userId,
        requestOrigin(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/monitoring/security/summary',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['monitoring'],
        summary: 'Failed sign-ins per hour (last 24 h) and refresh-token reuse detections (admins)',
        description:
          '`failedSignIns`: one entry per UTC hour, oldest first, the current hour last. ' +
          '`refreshTokenReuses`: the latest detections, newest first.',
        security: bearerSecurity,
        response: { 200: envelope(summarySchema), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await security.summary() }),
  );
};
