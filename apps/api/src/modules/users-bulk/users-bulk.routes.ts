import {
  BULK_OUTCOMES,
  BULK_USERS_MAX,
  MAIL_DELIVERIES,
  bulkUsersSchema,
  type BulkUsersAnswer,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, manageUsers } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import type { UsersBulkService } from './users-bulk.service.js';

const bulkUsersAnswerSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      email: z.string().nullable(),
      outcome: z.enum(BULK_OUTCOMES),
      message: z.string().nullable(),
    }),
  ),
  next: z.string().nullable(),
  mailDelivery: z.enum(MAIL_DELIVERIES).optional(),
}) satisfies z.ZodType<BulkUsersAnswer>;

export const usersBulkRoutes: FastifyPluginAsyncZod<{ bulk: UsersBulkService }> = async (
  app,
  { bulk },
) => {
  app.post(
    '/users/bulk',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
      schema: {
        tags: ['users'],
        summary: `One action on up to ${BULK_USERS_MAX} users (admins)`,
        description:
          '`action`: `changeRole` (with `position`), `activate`, `deactivate`, ' +
          '`resendInvitation`, `endSessions` or `delete`. The users are either `ids` (each ' +
          'once, in the order given; `next` is then null) or those matching `filter` (the ' +
          'list’s filter, as GET /users takes it): at most `limit` matches with an id after ' +
          '`after`, in id order. `next` is the last id acted on when another match was left at ' +
          'the time of the read (send it as `after`), null when none was. Each row runs in its ' +
          'own transaction with the one-user call’s rules and audit events: its `outcome` is ' +
          '`done`, `skipped` (nothing to do: already that role or status, not pending for a ' +
          'resend, no session to end) or `failed` with the one-user call’s message (the last ' +
          'active admin, oneself, a pending user’s status, an unknown id with `email: null`). ' +
          'An admin never ends their own sessions here. A call that would make any of its users ' +
          'an admin (`changeRole` to admin, `activate` of an inactive admin) needs a recent ' +
          'confirmation: without one it answers 403 `reason: "reauthentication_required"` ' +
          'before any row. `resendInvitation` also answers `mailDelivery`, as POST /users/resend ' +
          'does (whether the emails go out now). An unexpected error stops the call ' +
          '(500, or 503 with `Retry-After`): rows already done stay done, no further row starts.',
        security: bearerSecurity,
        body: bulkUsersSchema,
        response: { 200: envelope(bulkUsersAnswerSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await bulk.run(currentAuth(request), request.body, requestOrigin(request)),
    }),
  );
};
