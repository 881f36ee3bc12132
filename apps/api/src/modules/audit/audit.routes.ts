import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGED_MAX_ROWS,
  LIST_MAX_LIMIT,
  SECURITY_MESSAGES,
  type AuditEvent,
  type AuditPage,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../http/schemas.js';
import { isUuid } from '../../lib/ids.js';
import { pageOffset, paginationMeta, paginationMetaSchema } from '../../lib/pagination.js';
import { monitoring } from '../../http/guards.js';
import { csvDownload } from '../../http/csv-download.js';
import { auditCsv } from './audit-csv.js';
import { AUDIT_ACTIONS } from './audit-events.js';
import type { AuditFilter, AuditRepository, AuditTrailRow } from './audit.repository.js';

export const AUDIT_DEFAULT_LIMIT = 50;

const userId = z
  .string()
  .refine(isUuid, { error: 'Must be a user id' })
  .transform((value) => value.toLowerCase());

/** Any ISO 8601 time with a zone, compared as UTC. */
const time = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

const auditFilterFields = {
  actor: userId.optional(),
  target: userId.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: time.optional(),
  to: time.optional(),
};

const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const toBeforeFrom = { path: ['to'], error: 'Must not be before `from`' };

export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(AUDIT_DEFAULT_LIMIT),
    ...auditFilterFields,
  })
  .refine(fromNotAfterTo, toBeforeFrom)
  .refine(({ page, limitPerPage }) => pageOffset(page, limitPerPage) < AUDIT_PAGED_MAX_ROWS, {
    path: ['page'],
    error: SECURITY_MESSAGES.pageBeyondCap,
  });

/** GET /audit/export.csv: the same filters, no paging. */
export const auditExportQuerySchema = z
  .object(auditFilterFields)
  .refine(fromNotAfterTo, toBeforeFrom);

function toFilter(query: z.infer<typeof auditExportQuerySchema>): AuditFilter {
  return {
    actorId: query.actor,
    targetId: query.target,
    action: query.action,
    from: query.from,
    to: query.to,
  };
}

/** An audit event as recorded (the trail adds the people's names). */
export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
}) satisfies z.ZodType<AuditEvent>;

const auditPersonSchema = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
});

const auditTrailEventSchema = auditEventSchema.extend({
  actor: auditPersonSchema.nullable(),
  target: auditPersonSchema.nullable(),
});
type AuditTrailEvent = z.infer<typeof auditTrailEventSchema>;

const auditPageSchema = z.object({
  data: z.array(auditTrailEventSchema),
  meta: paginationMetaSchema.extend({ totalItemsCapped: z.boolean() }),
}) satisfies z.ZodType<AuditPage>;

function toEvent(row: AuditTrailRow): AuditTrailEvent {
  return {
    ...row,
    details: row.details ? (JSON.parse(row.details) as AuditTrailEvent['details']) : null,
  };
}

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditRepository }> = async (
  app,
  { audit },
) => {
  app.get(
    '/audit',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['audit'],
        summary: 'The audit trail of security events (admins)',
        description:
          'Newest first. Filters: `actor` and `target` (user ids), `action` (one of ' +
          `${AUDIT_ACTIONS.map((action) => `\`${action}\``).join(', ')}), ` +
          '`from` and `to` (ISO 8601 times, inclusive). `limitPerPage` defaults to ' +
          `${AUDIT_DEFAULT_LIMIT}. Pages reach the newest ${AUDIT_PAGED_MAX_ROWS} matches, and ` +
          '`totalItems` counts no further: `meta.totalItemsCapped` is true when more match ' +
          '(narrow the filters to reach them). `actor` and `target` are the users those ids are ' +
          'now (name and email), null where the id is no user: deleted, a record that is not a ' +
          'user, or an expired account, which appears under an anonymous id.',
        security: bearerSecurity,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const { events, total } = await audit.findPage(toFilter(query), {
        offset: pageOffset(query.page, query.limitPerPage),
        limit: query.limitPerPage,
        countUpTo: AUDIT_PAGED_MAX_ROWS,
      });
      const totalItemsCapped = total > AUDIT_PAGED_MAX_ROWS;
      const totalItems = Math.min(total, AUDIT_PAGED_MAX_ROWS);
      return {
        data: events.map(toEvent),
        meta: { ...paginationMeta(query.page, query.limitPerPage, totalItems), totalItemsCapped },
      };
    },
  );

  app.get(
    '/audit/export.csv',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['audit'],
        summary: 'The filtered audit trail as a CSV file (admins)',
        description:
          `The filters of GET /audit; newest first, at most ${AUDIT_EXPORT_MAX_ROWS} rows ` +
          '(`X-Total-Count` gives all matches). Cells that a spreadsheet would read as a formula ' +
          "(starting with =, +, -, @, tab or CR) start with '.",
        security: bearerSecurity,
        querystring: auditExportQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { events, total } = await audit.findPage(toFilter(request.query), {
        offset: 0,
        limit: AUDIT_EXPORT_MAX_ROWS,
      });
      return csvDownload(reply, 'audit-trail.csv')
        .header('X-Total-Count', String(total))
        .send(auditCsv(events));
    },
  );
};
