import {
  ERROR_GROUP_STATUSES,
  ERROR_REPORT_MAX_BYTES,
  ERROR_SOURCES,
  errorReportSchema,
  listErrorGroupsQuerySchema,
  resolveErrorGroupsSchema,
  updateErrorGroupSchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, monitoring } from '../../http/guards.js';
import { perMinuteRateLimit } from '../../http/rate-limits.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { paginatedSchema } from '../../lib/pagination.js';
import type { ErrorsService } from './errors.service.js';

const errorGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.enum(ERROR_SOURCES),
  type: z.string(),
  status: z.enum(ERROR_GROUP_STATUSES),
  regressed: z.boolean(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  count: z.number().int(),
  usersAffected: z.number().int(),
});

const frameFields = {
  fileName: z.string().optional(),
  functionName: z.string().optional(),
  lineNumber: z.number().int().optional(),
  columnNumber: z.number().int().optional(),
};

/** A stored frame: mapped to our source (with the browser's in `minified`) or as given. */
const storedFrameSchema = z.object({
  ...frameFields,
  minified: z.object(frameFields).optional(),
});

const errorOccurrenceSchema = z.object({
  id: z.string(),
  at: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  status: z.number().int().nullable(),
  requestId: z.string().nullable(),
  url: z.string().nullable(),
  release: z.string().nullable(),
  userAgent: z.string().nullable(),
  user: z.object({ id: z.string(), fullName: z.string().nullable(), email: z.string() }).nullable(),
  frames: z.array(storedFrameSchema),
});

const errorGroupDetailSchema = errorGroupSchema.extend({
  resolvedAt: z.string().nullable(),
  occurrences: z.array(errorOccurrenceSchema),
  releases: z.array(
    z.object({
      release: z.string(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
      count: z.number().int(),
    }),
  ),
});

const groupParams = z.object({ id: z.string() });

/** Monitoring › Errors: the site's reports (anyone), and the admin's error groups. */
export const errorsRoutes: FastifyPluginAsyncZod<{
  errors: ErrorsService;
  reportsPerMinute: number;
}> = async (app, { errors, reportsPerMinute }) => {
  app.post(
    '/monitoring/error-reports',
    {
      onRequest: [app.authenticateIfPresent],
      config: perMinuteRateLimit(reportsPerMinute),
      bodyLimit: ERROR_REPORT_MAX_BYTES,
      schema: {
        tags: ['monitoring'],
        summary: 'Report an error that happened in the site (anyone)',
        description:
          'Signed in or not; with a valid bearer token the error is tied to that user. ' +
          `At most ${ERROR_REPORT_MAX_BYTES} bytes (413 beyond) and ${reportsPerMinute} reports ` +
          'per minute per client IP (429). Tokens, passwords, query strings and other secrets are ' +
          'stripped before anything is stored. With the `release` of the build that sent it, the ' +
          "frames in the site's `/assets/*.js` are mapped to our sources with that build's source " +
          'maps, which the server keeps and never serves; another release is stored unmapped.',
        body: errorReportSchema,
        response: { 202: envelope(z.null()), ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await errors.recordBrowserReport(request.body, {
        userId: request.auth?.userId ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.code(202).send({ data: null });
    },
  );

  app.get(
    '/monitoring/error-groups',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['monitoring'],
        summary: 'Error groups (admins)',
        description:
          'Filters: `status`, `source`, and `search` (in the title, any letter case). Sorted by ' +
          '`sortBy` (default `lastSeenAt`) and `sortDirection` (default `DESC`), ties by id. ' +
          'A group with `regressed: true` was resolved and occurred again.',
        security: bearerSecurity,
        querystring: listErrorGroupsQuerySchema,
        response: { 200: paginatedSchema(errorGroupSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => errors.list(request.query),
  );

  app.get(
    '/monitoring/error-groups/:id',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['monitoring'],
        summary: 'One error group with its recent occurrences and releases (admins)',
        description:
          "Each occurrence's `frames`: mapped ones name our source (`src/…`, relative to the " +
          "site's folder), line, column and function, with the browser's frame in `minified`. " +
          '`releases`: the releases it occurred in, first and last seen, most recent first.',
        security: bearerSecurity,
        params: groupParams,
        response: { 200: envelope(errorGroupDetailSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await errors.get(request.params.id) }),
  );

  app.patch(
    '/monitoring/error-groups/:id',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['monitoring'],
        summary: 'Resolve, ignore or reopen an error group (admins)',
        description: 'The change goes to the audit trail and clears the `regressed` flag.',
        security: bearerSecurity,
        params: groupParams,
        body: updateErrorGroupSchema,
        response: { 200: envelope(errorGroupDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await errors.setStatus(
        currentAuth(request).userId,
        request.params.id,
        request.body.status,
        requestOrigin(request),
      ),
    }),
  );

  app.post(
    '/monitoring/error-groups/bulk-resolve',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['monitoring'],
        summary: 'Resolve several error groups at once (admins)',
        description:
          'Ids that name no group, and groups already resolved, are left alone; `resolved` counts ' +
          'the groups this call resolved.',
        security: bearerSecurity,
        body: resolveErrorGroupsSchema,
        response: {
          200: envelope(z.object({ resolved: z.number().int() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ({
      data: {
        resolved: await errors.resolveMany(
          currentAuth(request).userId,
          request.body.ids,
          requestOrigin(request),
        ),
      },
    }),
  );
};
