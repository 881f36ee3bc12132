import {
  createScimTokenSchema,
  SCIM_OPERATIONS,
  SCIM_RESOURCES,
  scimLogQuerySchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, monitoring } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { pageOffset, paginatedSchema, paginationMeta } from '../../lib/pagination.js';
import type { ScimLogRepository } from './scim-log.repository.js';
import type { ScimTokensService } from './scim-tokens.service.js';

const personSchema = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
});

const scimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: personSchema.nullable(),
  rotatedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
const issuedSchema = z.object({ token: scimTokenSchema, secret: z.string() });

const logEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  tokenName: z.string().nullable(),
  operation: z.enum(SCIM_OPERATIONS),
  resourceType: z.enum(SCIM_RESOURCES),
  user: personSchema.nullable(),
  subject: z.string().nullable(),
  status: z.number().int(),
  detail: z.string().nullable(),
});

const tokenParams = z.object({ id: z.string() });

/** Monitoring › Directory: the SCIM tokens and the sync log, for admins (issue 36). */
export const directoryRoutes: FastifyPluginAsyncZod<{
  tokens: ScimTokensService;
  log: ScimLogRepository;
}> = async (app, { tokens, log }) => {
  const guard = [app.authenticate, app.authorize(monitoring)];

  app.get(
    '/directory/tokens',
    {
      onRequest: guard,
      schema: {
        tags: ['directory'],
        summary: 'The live SCIM tokens, newest first (admins)',
        security: bearerSecurity,
        response: { 200: envelope(z.array(scimTokenSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await tokens.list() }),
  );

  app.post(
    '/directory/tokens',
    {
      onRequest: guard,
      schema: {
        tags: ['directory'],
        summary: 'Make a SCIM token; its secret is in this answer only (admins)',
        description:
          'Needs a recent confirmation of the password (403 `reauthentication_required`): the ' +
          'token can grant the admin role through groups. 409 for a name a live token has, or ' +
          'when SCIM_TOKENS_MAX tokens are live. Audited.',
        security: bearerSecurity,
        body: createScimTokenSchema,
        response: { 201: envelope(issuedSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await tokens.create(currentAuth(request), request.body.name, requestOrigin(request)),
      }),
  );

  app.post(
    '/directory/tokens/:id/rotate',
    {
      onRequest: guard,
      schema: {
        tags: ['directory'],
        summary: 'A new secret for a SCIM token; the old one stops at once (admins)',
        description: 'Needs a recent confirmation of the password. Audited.',
        security: bearerSecurity,
        params: tokenParams,
        response: { 200: envelope(issuedSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      data: await tokens.rotate(currentAuth(request), request.params.id, requestOrigin(request)),
    }),
  );

  app.delete(
    '/directory/tokens/:id',
    {
      onRequest: guard,
      schema: {
        tags: ['directory'],
        summary: 'Revoke a SCIM token: it stops working at once (admins)',
        security: bearerSecurity,
        params: tokenParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await tokens.revoke(currentAuth(request), request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/directory/log',
    {
      onRequest: guard,
      schema: {
        tags: ['directory'],
        summary: 'The sync log: every SCIM call, newest first (admins)',
        description: '`result=failed` keeps the calls answered 4xx or 5xx.',
        security: bearerSecurity,
        querystring: scimLogQuerySchema,
        response: { 200: paginatedSchema(logEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { result, page, limitPerPage } = request.query;
      const { entries, total } = await log.findPage(result, {
        offset: pageOffset(page, limitPerPage),
        limit: limitPerPage,
      });
      return { data: entries, meta: paginationMeta(page, limitPerPage, total) };
    },
  );
};
