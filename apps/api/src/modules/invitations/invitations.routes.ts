import {
  MAIL_DELIVERIES,
  bulkCreateSchema,
  resendInvitationSchema,
  setupAccountSchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { currentAuth } from '../../http/guards.js';
import { manageUsers } from '../../http/guards.js';
import { authRateLimit } from '../../http/rate-limits.js';
import { userSchema } from '../users/index.js';
import type { InvitationsService } from './invitations.service.js';

const mailDeliverySchema = z.enum(MAIL_DELIVERIES);

const bulkCreateResultSchema = z.object({
  created: z.array(userSchema),
  skipped: z.array(z.object({ email: z.string(), reason: z.string() })),
  mailDelivery: mailDeliverySchema,
});

export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  requestsPerMinute: number;
}> = async (app, { invitations, requestsPerMinute }) => {
  app.post(
    '/users/bulk-create',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
      schema: {
        tags: ['account'],
        summary: 'Invite 1 to 100 users (admins)',
        description:
          'All rows are checked first; any bad row (errors keyed like `users.1.email`) or an email ' +
          'repeated in the list creates nobody. Emails already in use are listed in `skipped`. ' +
          'Each created user is pending, invited by the caller, and gets an invitation email. ' +
          'Inviting an admin needs a recent confirmation (403 `reason: ' +
          '"reauthentication_required"` for the whole list; sign-in counts). `mailDelivery` says ' +
          'whether the emails go out now: `working`, `delayed` (the Overview warns about SMTP or ' +
          'the mail worker: they wait in the outbox) or `log` (SMTP_URL unset).',
        security: bearerSecurity,
        body: bulkCreateSchema,
        response: { 201: envelope(bulkCreateResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const result = await invitations.bulkCreate(
        currentAuth(request),
        request.body,
        requestOrigin(request),
      );
      return reply.code(201).send({ data: result });
    },
  );

  app.post(
    '/users/resend',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
      schema: {
        tags: ['account'],
        summary: 'Send a pending user a new invitation (admins)',
        description:
          'Earlier invitation links of that user stop working. `mailDelivery` as for ' +
          'POST /users/bulk-create.',
        security: bearerSecurity,
        body: resendInvitationSchema,
        response: {
          200: envelope(z.object({ mailDelivery: mailDeliverySchema })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await invitations.resend(
        currentAuth(request).userId,
        request.body.email,
        requestOrigin(request),
      );
      return { data: { mailDelivery: await invitations.mailDelivery() } };
    },
  );

  app.patch(
    '/users/setup',
    {
      config: authRateLimit(requestsPerMinute),
      schema: {
        tags: ['account'],
        summary: 'Set up an invited account: choose a password with the invitation token',
        description:
          'The user becomes active and the token is used up. 400 `Invalid token` for unknown, ' +
          'used or cancelled tokens; 400 `Token is expired` for expired ones.',
        body: setupAccountSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ data: await invitations.setup(request.body, requestOrigin(request)) }),
  );
};
