import { createCostRateSchema, listCostRatesQuerySchema } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgeting, currentAuth } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { costRateOut } from './budgeting.schemas.js';
import type { CostRatesService } from './cost-rates.service.js';

/** Budgeting › Cost rates (admin and finance). */
export const costRatesRoutes: FastifyPluginAsyncZod<{ rates: CostRatesService }> = async (
  app,
  { rates },
) => {
  const guard = { onRequest: [app.authenticate, app.authorize(budgeting)] };

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
    async (request) => ({ data: await rates.list(request.query) }),
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
      const rate = await rates.add(
        currentAuth(request).userId,
        request.body,
        requestOrigin(request),
      );
      return reply.code(201).send({ data: rate });
    },
  );
};
