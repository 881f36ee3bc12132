import { overviewSchema } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monitoring } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses } from '../../http/schemas.js';
import type { OverviewService } from './overview.service.js';

/** Monitoring › Overview: the health of every part, the live processes and the day's counts. */
export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewService }> = async (
  app,
  { overview },
) => {
  app.get(
    '/monitoring/overview',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['monitoring'],
        summary: 'Health of every part, live processes and the last 24 hours (admins)',
        description:
          "`status` and `checks` use the IETF health-check draft's pass / warn / fail; `status` is " +
          'the worst check. `processes`: every API process whose heartbeat was seen within 45 s. ' +
          '`counts`: per UTC hour, oldest first, the current hour last, read from the database. ' +
          '`identityProvider`: only when SSO is configured; its check warns, never fails, while ' +
          "the provider cannot be reached (password sign-in still works). Each check's " +
          '`availability` (uptime history): the percent of its once-a-minute samples that passed ' +
          'or warned over the last 24 hours (`day`), 30 and 90 UTC days with today (`month`, ' +
          '`quarter`), maintenance windows left out; null while a period has no sample.',
        security: bearerSecurity,
        response: { 200: envelope(overviewSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await overview.overview() }),
  );
};
