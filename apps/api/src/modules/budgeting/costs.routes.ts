import {
  amountToDecimal,
  closeMonthSchema,
  createCostRateSchema,
  createCostSchema,
  isoMonthSchema,
  listCostRatesQuerySchema,
  listCostsQuerySchema,
  updateCostSchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgeting, closedMonthAccess, currentAuth } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { paginatedSchema } from '../../lib/pagination.js';
import { csvDownload } from '../../http/csv-download.js';
import { toCsv } from '../../lib/csv.js';
import { closedMonthOut, costEntryOut, costRateOut, idParams } from './budgeting.schemas.js';
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

/** Budgeting › Costs, cost rates and closed months (admin and finance; reopening: admin). */
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

  app.get(
    '/cost-rates',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Hourly cost rates of the staff',
        security: bearerSecurity,
        querystring: listCostRatesQuerySchema,
        response: { 200: envelope(z.array(costRateOut)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await costs.rates(request.query) }),
  );

  app.post(
    '/cost-rates',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Set a person’s hourly cost rate in a currency from a day on',
        description:
          'Recorded labour keeps the rate it used. The same person, currency and day twice is 409.',
        security: bearerSecurity,
        body: createCostRateSchema,
        response: { 201: envelope(costRateOut), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const rate = await costs.addRate(
        currentAuth(request).userId,
        request.body,
        requestOrigin(request),
      );
      return reply.code(201).send({ data: rate });
    },
  );

  app.get(
    '/closed-months',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Closed months, newest first',
        security: bearerSecurity,
        response: { 200: envelope(z.array(closedMonthOut)), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await costs.closedMonths() }),
  );

  app.post(
    '/closed-months',
    {
      onRequest: [app.authenticate, app.authorize(closedMonthAccess('close'))],
      schema: {
        tags: ['budgeting'],
        summary: 'Close a month: no cost dated in it can be added, changed or deleted',
        security: bearerSecurity,
        body: closeMonthSchema,
        response: { 201: envelope(closedMonthOut), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const closed = await costs.closeMonth(
        currentAuth(request).userId,
        request.body.month,
        requestOrigin(request),
      );
      return reply.code(201).send({ data: closed });
    },
  );

  app.delete(
    '/closed-months/:month',
    {
      onRequest: [app.authenticate, app.authorize(closedMonthAccess('reopen'))],
      schema: {
        tags: ['budgeting'],
        summary: 'Reopen a month (admins)',
        security: bearerSecurity,
        params: z.object({ month: isoMonthSchema }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await costs.reopenMonth(
        currentAuth(request).userId,
        request.params.month,
        requestOrigin(request),
      );
      return reply.code(204).send(null);
    },
  );
};
