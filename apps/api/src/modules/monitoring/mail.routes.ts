import { MAIL_KINDS, MAIL_STATES, listMailQuerySchema } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, monitoring } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { paginatedSchema } from '../../lib/pagination.js';
import type { MailMonitoringService } from './mail.service.js';

const outboxMailSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  recipient: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

const mailParams = z.object({ id: z.string() });

/** Monitoring › Mail: the outbox for admins, and what they may do with it. */
export const mailMonitoringRoutes: FastifyPluginAsyncZod<{ mail: MailMonitoringService }> = async (
  app,
  { mail },
) => {
  const guard = [app.authenticate, app.authorize(monitoring)];

  app.get(
    '/monitoring/mail',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'The mail outbox (admins)',
        description:
          'Filters: `state` and `kind`. Sorted by `sortBy` (default `createdAt`) and ' +
          '`sortDirection` (default `DESC`), ties by id. Recipients are masked ' +
          '(`a***@example.com`); bodies, links and tokens are never shown. `logged` is a mail ' +
          'written to the log because SMTP_URL is unset.',
        security: bearerSecurity,
        querystring: listMailQuerySchema,
        response: { 200: paginatedSchema(outboxMailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => mail.list(request.query),
  );

  app.post(
    '/monitoring/mail/test',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'Queue a test mail to your own address (admins)',
        description: 'Goes through the same outbox as every mail; the action is audited.',
        security: bearerSecurity,
        response: { 201: envelope(outboxMailSchema), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await mail.sendTest(currentAuth(request).userId, requestOrigin(request)),
      }),
  );

  app.post(
    '/monitoring/mail/:id/retry',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'Send a failed or retrying mail again now (admins)',
        description:
          'A dead letter gets one more attempt. 409 for a mail in any other state. Audited.',
        security: bearerSecurity,
        params: mailParams,
        response: { 200: envelope(outboxMailSchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await mail.retry(
        currentAuth(request).userId,
        request.params.id,
        requestOrigin(request),
      ),
    }),
  );

  app.post(
    '/monitoring/mail/:id/cancel',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'Give up a queued, retrying or logged mail (admins)',
        description:
          'The mail becomes failed with "cancelled by <admin>" as its last error. 409 for a mail ' +
          'sent, failed or being sent. Audited.',
        security: bearerSecurity,
        params: mailParams,
        response: { 200: envelope(outboxMailSchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await mail.cancel(
        currentAuth(request).userId,
        request.params.id,
        requestOrigin(request),
      ),
    }),
  );
};
