import {
  amountToDecimal,
  createBudgetRevisionSchema,
  createProjectSchema,
  listPeopleQuerySchema,
  listProjectsQuerySchema,
  updateProjectSchema,
  type Money,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgeting, currentAuth } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import {
  budgetRevisionOut,
  idParams,
  personOut,
  projectDetailOut,
  projectListOut,
  projectOut,
} from './budgeting.schemas.js';
import { csvDownload } from '../../http/csv-download.js';
import { toCsv } from '../../lib/csv.js';
import type { ProjectsService } from './projects.service.js';

const PROJECT_CSV_COLUMNS = [
  'code',
  'name',
  'client',
  'status',
  'owner',
  'currency',
  'budget',
  'actual',
  'remaining',
  'percentUsed',
  'forecast',
  'startDate',
  'endDate',
] as const;

const decimal = (money: Money | null) => (money ? amountToDecimal(money) : null);

/** Budgeting › Projects (admin and finance). */
export const projectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService }> = async (
  app,
  { projects },
) => {
  const guard = { onRequest: [app.authenticate, app.authorize(budgeting)] };

  app.get(
    '/projects',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Projects with budget, actual cost, remaining, % used and forecast',
        description:
          'Filters `search` (code, name or client), `status`, `currency`. `meta.totals` sums every ' +
          'matching project when they share one currency, else it is null and `meta.currencies` ' +
          'lists them. Money is `{ amount, currency }` in minor units.',
        security: bearerSecurity,
        querystring: listProjectsQuerySchema,
        response: { 200: projectListOut, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => projects.list(request.query),
  );

  app.get(
    '/projects/export.csv',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'The project list as CSV: the same filters and order, every matching row',
        security: bearerSecurity,
        querystring: listProjectsQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await projects.listAll(request.query);
      const csv = toCsv(
        PROJECT_CSV_COLUMNS,
        rows.map((project) => [
          project.code,
          project.name,
          project.client,
          project.status,
          project.owner?.email ?? null,
          project.currency,
          decimal(project.budget),
          decimal(project.actual),
          decimal(project.remaining),
          project.percentUsed === null ? null : String(project.percentUsed),
          decimal(project.forecast),
          project.startDate,
          project.endDate,
        ]),
      );
      return csvDownload(reply, 'projects.csv').send(csv);
    },
  );

  app.post(
    '/projects',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Create a project with its first budget',
        description: 'The budget is in the project’s currency. A code already used is 409.',
        security: bearerSecurity,
        body: createProjectSchema,
        response: { 201: envelope(projectOut), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const project = await projects.create(
        currentAuth(request).userId,
        request.body,
        requestOrigin(request),
      );
      return reply.code(201).send({ data: project });
    },
  );

  app.get(
    '/projects/:id',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'One project with its cost per month',
        security: bearerSecurity,
        params: idParams,
        response: { 200: envelope(projectDetailOut), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await projects.get(request.params.id) }),
  );

  app.patch(
    '/projects/:id',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Change a project',
        description: 'A code already used, or a new currency once the project has costs, is 409.',
        security: bearerSecurity,
        params: idParams,
        body: updateProjectSchema,
        response: { 200: envelope(projectOut), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await projects.update(
        currentAuth(request).userId,
        request.params.id,
        request.body,
        requestOrigin(request),
      ),
    }),
  );

  app.get(
    '/projects/:id/budget-revisions',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'A project’s budget history, newest first',
        security: bearerSecurity,
        params: idParams,
        response: { 200: envelope(z.array(budgetRevisionOut)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await projects.revisions(request.params.id) }),
  );

  app.post(
    '/projects/:id/budget-revisions',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Revise a project’s budget (with a reason; revisions are never changed)',
        security: bearerSecurity,
        params: idParams,
        body: createBudgetRevisionSchema,
        response: { 201: envelope(budgetRevisionOut), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const revision = await projects.revise(
        currentAuth(request).userId,
        request.params.id,
        request.body,
        requestOrigin(request),
      );
      return reply.code(201).send({ data: revision });
    },
  );

  app.get(
    '/budgeting/people',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Active staff to pick as a project owner or for labour (at most 100, by name)',
        security: bearerSecurity,
        querystring: listPeopleQuerySchema,
        response: { 200: envelope(z.array(personOut)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await projects.people(request.query.search) }),
  );
};
