import { closeMonthSchema, isoMonthSchema } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgeting, closedMonthAccess, currentAuth } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { closedMonthOut } from './budgeting.schemas.js';
import type { ClosedMonthsService } from './closed-months.service.js';

/** Budgeting › Closed months (admin and finance close; admins reopen). */
export const closedMonthsRoutes: FastifyPluginAsyncZod<{
  closedMonths: ClosedMonthsService;
}> = async (app, { closedMonths }) => {
  const guard = { onRequest: [app.authenticate, app.authorize(budgeting)] };

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
    async () => ({ data: await closedMonths.list() }),
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
      const closed = await closedMonths.close(
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
      await closedMonths.reopen(
        currentAuth(request).userId,
        request.params.month,
        requestOrigin(request),
      );
      return reply.code(204).send(null);
    },
  );
};
