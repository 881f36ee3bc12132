import { LIST_MAX_LIMIT } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../http/schemas.js';
import { isUuid } from '../../lib/ids.js';
import { pageOffset, paginatedSchema, paginationMeta } from '../../lib/pagination.js';
import { monitoring } from '../../http/guards.js';
import { AUDIT_ACTIONS } from './audit-events.js';
import type { AuditEventRow, AuditRepository } from './audit.repository.js';

export const AUDIT_DEFAULT_LIMIT = 50;

const userId = z
  .string()
  .refine(isUuid, { error: 'Must be a user id' })
  .transform((value) => value.toLowerCase());

/** Any ISO 8601 time with a zone, compared as UTC. */
const time = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(AUDIT_DEFAULT_LIMIT),
    actor: userId.optional(),
    target: userId.optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: time.optional(),
    to: time.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    error: 'Must not be before `from`',
  });

const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
type AuditEvent = z.infer<typeof auditEventSchema>;

function toEvent(row: AuditEventRow): AuditEvent {
  return {
    ...row,
    details: row.details ? (JSON.parse(row.details) as AuditEvent['details']) : null,
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
          `${AUDIT_DEFAULT_LIMIT}. Expired accounts appear under an anonymous id.`,
        security: bearerSecurity,
        querystring: auditQuerySchema,
        response: { 200: paginatedSchema(auditEventSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const { events, total } = await audit.findPage(
        {
          actorId: query.actor,
          targetId: query.target,
          action: query.action,
          from: query.from,
          to: query.to,
        },
        { offset: pageOffset(query.page, query.limitPerPage), limit: query.limitPerPage },
      );
      return {
        data: events.map(toEvent),
        meta: paginationMeta(query.page, query.limitPerPage, total),
      };
    },
  );
};
