import {
  UPTIME_CSV_COLUMNS,
  UPTIME_CSV_MAX_DAYS,
  UPTIME_MESSAGES,
  uptimeCsvQuerySchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvDownload } from '../../http/csv-download.js';
import { monitoring } from '../../http/guards.js';
import { bearerSecurity, errorResponses } from '../../http/schemas.js';
import { toCsv } from '../../lib/csv.js';
import type { Clock } from '../../lib/clock.js';
import { invalid } from '../../lib/errors.js';
import { dayOf, type UptimeDay, type UptimeService } from './uptime.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without `from`: this many days, `to` the last. */
const DEFAULT_DAYS = 90;

/** A number as a CSV cell: no exponent, no trailing zeros. */
const figure = (value: number) => String(Number(value.toFixed(3)));

export function uptimeCsv(days: readonly UptimeDay[]): string {
  return toCsv(
    UPTIME_CSV_COLUMNS,
    days.map((day) => [
      day.day,
      day.check,
      day.availability === null ? null : figure(day.availability),
      String(day.samples),
      figure(day.downMinutes),
    ]),
  );
}

/** GET /monitoring/uptime.csv: the uptime history's days as a CSV file (admins). */
export const uptimeRoutes: FastifyPluginAsyncZod<{ uptime: UptimeService; clock: Clock }> = async (
  app,
  { uptime, clock },
) => {
  app.get(
    '/monitoring/uptime.csv',
    {
      onRequest: [app.authenticate, app.authorize(monitoring)],
      schema: {
        tags: ['monitoring'],
        summary: 'Uptime history per check and UTC day, as a CSV file (admins)',
        description:
          '`from` and `to` are UTC days (YYYY-MM-DD, both included; defaults: the last ' +
          `${DEFAULT_DAYS} days, today last), at most ${UPTIME_CSV_MAX_DAYS} days. One line per ` +
          `check and day: ${UPTIME_CSV_COLUMNS.join(', ')}. Availability is the share of ` +
          'samples that passed or warned, outside maintenance windows (empty when the whole ' +
          "day was maintenance); today's line counts the day so far. Cells that a spreadsheet " +
          "would read as a formula start with '.",
        security: bearerSecurity,
        querystring: uptimeCsvQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const to = request.query.to ?? dayOf(now);
      const from =
        request.query.from ??
        dayOf(Date.parse(`${to}T00:00:00.000Z`) - (DEFAULT_DAYS - 1) * DAY_MS);
      if (from > to)
        throw invalid(UPTIME_MESSAGES.toBeforeFrom, { to: UPTIME_MESSAGES.toBeforeFrom });
      if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > UPTIME_CSV_MAX_DAYS) {
        throw invalid(UPTIME_MESSAGES.rangeTooLong, { from: UPTIME_MESSAGES.rangeTooLong });
      }
      const days = await uptime.days(from, to, now);
      return csvDownload(reply, `uptime-${from}-${to}.csv`).send(uptimeCsv(days));
    },
  );
};
