import {
  amountToDecimal,
  createCostSchema,
  listCostsQuerySchema,
  updateCostSchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgeting, currentAuth } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { paginatedSchema } from '../../lib/pagination.js';
import { csvDownload } from '../../http/csv-download.js';
import { toCsv } from '../../lib/csv.js';
import { costEntryOut, idParams } from './budgeting.schemas.js';
import type { CostsService } from './costs.service.js';

const COST_CSV_COLUMNS = [
  'date',
  'category',
  'description',
  'amount',
  'currency',
  'person',
  'hours',
  'rate',
  'importBatchId',
] as const;

/** Budgeting › Costs of a project (admin and finance). */
export const costsRoutes: FastifyPluginAsyncZod<{ costs: CostsService }> = async (
  app,
  { costs },
) => {
  const guard = { onRequest: [app.authenticate, app.authorize(budgeting)] };

  app.get(
    '/projects/:id/costs',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'A project’s costs, filtered and paged',
        security: bearerSecurity,
        params: idParams,
        querystring: listCostsQuerySchema,
        response: { 200: paginatedSchema(costEntryOut), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => costs.list(request.params.id, request.query),
  );

  app.get(
    '/projects/:id/costs/export.csv',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'A project’s costs as CSV: the same filters and order, every matching row',
        security: bearerSecurity,
        params: idParams,
        querystring: listCostsQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { project, costs: rows } = await costs.listAll(request.params.id, request.query);
      const csv = toCsv(
        COST_CSV_COLUMNS,
        rows.map((cost) => [
          cost.date,
          cost.category,
          cost.description,
          amountToDecimal(cost.amount),
          cost.amount.currency,
          cost.person?.email ?? null,
          cost.hours === null ? null : String(cost.hours),
          cost.rate ? amountToDecimal(cost.rate) : null,
          cost.importBatchId,
        ]),
      );
      return csvDownload(reply, `${project.code}-costs.csv`).send(csv);
    },
  );

  app.post(
    '/projects/:id/costs',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Add a cost',
        description:
          'Labour is `userId` and `hours`: the server prices it at the person’s rate that day in ' +
          'the project’s currency (half to even, once) and keeps the rate with the entry. Other ' +
          'categories give `amount`. A date in a closed month is 409.',
        security: bearerSecurity,
        params: idParams,
        body: createCostSchema,
        response: { 201: envelope(costEntryOut), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const cost = await costs.create(
        currentAuth(request).userId,
        request.params.id,
        request.body,
        requestOrigin(request),
      );
      return reply.code(201).send({ data: cost });
    },
  );

  app.patch(
    '/costs/:id',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Change a cost (neither its old nor its new date in a closed month)',
        security: bearerSecurity,
        params: idParams,
        body: updateCostSchema,
        response: { 200: envelope(costEntryOut), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await costs.update(
        currentAuth(request).userId,
        request.params.id,
        request.body,
        requestOrigin(request),
      ),
    }),
  );

  app.delete(
    '/costs/:id',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Delete a cost (not in a closed month)',
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await costs.delete(currentAuth(request).userId, request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );
};
