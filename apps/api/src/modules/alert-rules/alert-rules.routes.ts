import {
  ALERT_HEALTH_CHECKS,
  ALERT_RULE_KINDS,
  alertRuleBodySchema,
  alertRulePatchSchema,
  INCIDENT_STATES,
  listIncidentsQuerySchema,
  maintenanceWindowBodySchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgeting, currentAuth, monitoring, type AccessPolicy } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { paginatedSchema } from '../../lib/pagination.js';
import type { AlertRulesService } from './alert-rules.service.js';

/** Admins, and finance for the budget kinds (the service narrows finance to those). */
const alertsAccess: AccessPolicy = (auth, request) =>
  monitoring(auth, request) || budgeting(auth, request);

const person = z.object({ id: z.string(), fullName: z.string().nullable() }).nullable();

const ruleSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_RULE_KINDS),
  name: z.string(),
  channelIds: z.array(z.string()),
  enabled: z.boolean(),
  cooldownMinutes: z.number().int(),
  repeatEveryMinutes: z.number().int().nullable(),
  occurrences: z.number().int().optional(),
  lockouts: z.number().int().optional(),
  minutes: z.number().int().optional(),
  check: z.enum(ALERT_HEALTH_CHECKS).optional(),
  percents: z.array(z.number().int()).optional(),
  projectId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const incidentSchema = z.object({
  id: z.string(),
  rule: z.object({ id: z.string(), name: z.string(), kind: z.enum(ALERT_RULE_KINDS) }),
  subjectKey: z.string(),
  subject: z.object({
    type: z.string(),
    id: z.string().nullable(),
    label: z.string(),
    path: z.string(),
  }),
  summary: z.string(),
  state: z.enum(INCIDENT_STATES),
  count: z.number().int(),
  openedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: person,
  resolvedAt: z.string().nullable(),
  lastNotifiedAt: z.string().nullable(),
  path: z.string(),
});

const incidentDetailSchema = incidentSchema.extend({
  data: z.record(z.string(), z.unknown()),
  timeline: z.array(
    z.object({ type: z.string(), at: z.string(), by: person, detail: z.string().nullable() }),
  ),
});

const windowSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  ruleIds: z.array(z.string()),
  createdAt: z.string(),
  createdBy: person,
});

const idParams = z.object({ id: z.string() });

/** Monitoring › Alerts: rules, incidents and maintenance windows (issue 37). */
export const alertRulesRoutes: FastifyPluginAsyncZod<{ alertRules: AlertRulesService }> = async (
  app,
  { alertRules },
) => {
  const alerts = [app.authenticate, app.authorize(alertsAccess)];
  const admins = [app.authenticate, app.authorize(monitoring)];
  const financeNote = 'Admins; finance for `budget_threshold` and `budget_forecast_over` only.';

  app.get(
    '/monitoring/alert-rules',
    {
      onRequest: alerts,
      schema: {
        tags: ['monitoring'],
        summary: 'Alert rules',
        description: `${financeNote} Finance sees the budget rules only.`,
        security: bearerSecurity,
        response: { 200: envelope(z.array(ruleSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await alertRules.list(currentAuth(request)) }),
  );

  app.post(
    '/monitoring/alert-rules',
    {
      onRequest: alerts,
      schema: {
        tags: ['monitoring'],
        summary: 'Add an alert rule',
        description:
          `${financeNote} The body's settings depend on \`kind\` (docs/alerts.md). Every ` +
          'channel must exist and be usable by the caller (400 otherwise). Audited.',
        security: bearerSecurity,
        body: alertRuleBodySchema,
        response: { 201: envelope(ruleSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await alertRules.create(currentAuth(request), request.body, requestOrigin(request)),
      }),
  );

  app.patch(
    '/monitoring/alert-rules/:id',
    {
      onRequest: alerts,
      schema: {
        tags: ['monitoring'],
        summary: 'Change an alert rule',
        description: `${financeNote} Any field of the rule but its kind. Audited.`,
        security: bearerSecurity,
        params: idParams,
        body: alertRulePatchSchema,
        response: { 200: envelope(ruleSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await alertRules.update(
        currentAuth(request),
        request.params.id,
        request.body,
        requestOrigin(request),
      ),
    }),
  );

  app.delete(
    '/monitoring/alert-rules/:id',
    {
      onRequest: alerts,
      schema: {
        tags: ['monitoring'],
        summary: 'Delete an alert rule, with its incidents',
        description: `${financeNote} Audited.`,
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await alertRules.remove(currentAuth(request), request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/monitoring/incidents',
    {
      onRequest: alerts,
      schema: {
        tags: ['monitoring'],
        summary: 'Incidents, newest first',
        description:
          'Filters: `state` (open, acknowledged, resolved) and `kind`. Finance sees budget ' +
          'incidents only. `subject.path` is the site page of the error group, health check or project.',
        security: bearerSecurity,
        querystring: listIncidentsQuerySchema,
        response: { 200: paginatedSchema(incidentSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => alertRules.incidents(currentAuth(request), request.query),
  );

  app.get(
    '/monitoring/incidents/:id',
    {
      onRequest: alerts,
      schema: {
        tags: ['monitoring'],
        summary: 'One incident with its timeline',
        security: bearerSecurity,
        params: idParams,
        response: { 200: envelope(incidentDetailSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      data: await alertRules.incident(currentAuth(request), request.params.id),
    }),
  );

  app.post(
    '/monitoring/incidents/:id/acknowledge',
    {
      onRequest: alerts,
      schema: {
        tags: ['monitoring'],
        summary: 'Acknowledge an incident',
        description:
          'Stops its repeats; a mail-given-up incident is resolved by it. 409 once resolved. ' +
          'Acknowledging twice keeps the first. Audited.',
        security: bearerSecurity,
        params: idParams,
        response: { 200: envelope(incidentDetailSchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await alertRules.acknowledge(
        currentAuth(request),
        request.params.id,
        requestOrigin(request),
      ),
    }),
  );

  app.get(
    '/monitoring/maintenance-windows',
    {
      onRequest: admins,
      schema: {
        tags: ['monitoring'],
        summary: 'Maintenance windows not over (and those of the last day) (admins)',
        security: bearerSecurity,
        response: { 200: envelope(z.array(windowSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await alertRules.windows() }),
  );

  app.post(
    '/monitoring/maintenance-windows',
    {
      onRequest: admins,
      schema: {
        tags: ['monitoring'],
        summary: 'Add a maintenance window (admins)',
        description:
          'While it lasts, the rules it names (every rule when `ruleIds` is empty) tell nobody; ' +
          'incidents are still recorded. Audited.',
        security: bearerSecurity,
        body: maintenanceWindowBodySchema,
        response: { 201: envelope(windowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await alertRules.addWindow(
          currentAuth(request),
          request.body,
          requestOrigin(request),
        ),
      }),
  );

  app.delete(
    '/monitoring/maintenance-windows/:id',
    {
      onRequest: admins,
      schema: {
        tags: ['monitoring'],
        summary: 'Delete a maintenance window (admins)',
        description: 'Audited.',
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await alertRules.removeWindow(
        currentAuth(request),
        request.params.id,
        requestOrigin(request),
      );
      return reply.code(204).send(null);
    },
  );
};
