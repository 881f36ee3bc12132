import {
  ALERT_CHANNEL_AUDIENCES,
  ALERT_CHANNEL_KINDS,
  POSITIONS,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_FORMATS,
  createAlertChannelSchema,
  listWebhookDeliveriesQuerySchema,
  updateAlertChannelSchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgeting, currentAuth } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { paginatedSchema } from '../../lib/pagination.js';
import type { AlertChannelsService, ChannelActor } from './alert-channels.service.js';

const alertChannelSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_CHANNEL_KINDS),
  name: z.string(),
  audience: z.enum(ALERT_CHANNEL_AUDIENCES),
  url: z.string().nullable(),
  format: z.enum(WEBHOOK_FORMATS).nullable(),
  recipients: z
    .object({ userIds: z.array(z.string()), roles: z.array(z.enum(POSITIONS)) })
    .nullable(),
  lastDelivery: z
    .object({
      state: z.enum(WEBHOOK_DELIVERY_STATES),
      at: z.string(),
      statusCode: z.number().int().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const webhookDeliverySchema = z.object({
  id: z.string(),
  type: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.array(
    z.object({
      at: z.string(),
      statusCode: z.number().int().nullable(),
      durationMs: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});

const idParams = z.object({ id: z.string() });

const ACCESS =
  'Admins reach every channel; finance only channels with audience `budget` (a channel finance ' +
  'creates is one); another channel answers finance 404.';

/**
 * Monitoring › Alerts › Channels (issue 37): where alerts go. Admins and finance pass the guard
 * (the financial area); the service narrows finance to budget channels.
 */
export const alertChannelsRoutes: FastifyPluginAsyncZod<{
  channels: AlertChannelsService;
}> = async (app, { channels }) => {
  const guard = [app.authenticate, app.authorize(budgeting)];
  const actor = (request: Parameters<typeof currentAuth>[0]): ChannelActor => {
    const auth = currentAuth(request);
    return { userId: auth.userId, position: auth.position };
  };

  app.get(
    '/monitoring/alert-channels',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'Alert channels (admins; finance: budget channels)',
        description: `${ACCESS} Secrets are never shown.`,
        security: bearerSecurity,
        response: { 200: envelope(z.array(alertChannelSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await channels.list(actor(request)) }),
  );

  app.post(
    '/monitoring/alert-channels',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'Add an alert channel',
        description:
          `${ACCESS} A webhook's answer carries its signing \`secret\` (\`whsec_…\`) this one ` +
          'time only. A webhook URL must be http(s) and resolve to public addresses only, unless ' +
          'ALERT_WEBHOOK_ALLOW_PRIVATE. Audited.',
        security: bearerSecurity,
        body: createAlertChannelSchema,
        response: {
          201: envelope(alertChannelSchema.extend({ secret: z.string().optional() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await channels.create(actor(request), request.body, requestOrigin(request)),
      }),
  );

  app.get(
    '/monitoring/alert-channels/:id',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'One alert channel',
        description: ACCESS,
        security: bearerSecurity,
        params: idParams,
        response: { 200: envelope(alertChannelSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await channels.get(actor(request), request.params.id) }),
  );

  app.patch(
    '/monitoring/alert-channels/:id',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'Change an alert channel',
        description: `${ACCESS} The kind stays; the URL is checked again. Audited.`,
        security: bearerSecurity,
        params: idParams,
        body: updateAlertChannelSchema,
        response: { 200: envelope(alertChannelSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await channels.update(
        actor(request),
        request.params.id,
        request.body,
        requestOrigin(request),
      ),
    }),
  );

  app.delete(
    '/monitoring/alert-channels/:id',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'Delete an alert channel (and its delivery log)',
        description: `${ACCESS} Audited.`,
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await channels.delete(actor(request), request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/monitoring/alert-channels/:id/test',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: 'Send a test alert through the channel',
        description: `${ACCESS} Queues a \`test.fired\` notice; answers 202 at once.`,
        security: bearerSecurity,
        params: idParams,
        response: {
          202: envelope(z.object({ channelId: z.string(), type: z.string() })),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await channels.sendTest(actor(request), request.params.id) }),
  );

  app.get(
    '/monitoring/alert-channels/:id/deliveries',
    {
      onRequest: guard,
      schema: {
        tags: ['monitoring'],
        summary: "A webhook channel's delivery log, newest first",
        description:
          `${ACCESS} Each delivery with every attempt: status code, duration, error. An email ` +
          "channel's mails are in Monitoring › Mail.",
        security: bearerSecurity,
        params: idParams,
        querystring: listWebhookDeliveriesQuerySchema,
        response: {
          200: paginatedSchema(webhookDeliverySchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => channels.deliveries(actor(request), request.params.id, request.query),
  );
};
