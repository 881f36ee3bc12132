import type { PersonalData } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../http/guards.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { auditEventSchema } from '../audit/index.js';
import { passkeySchema } from '../two-step/index.js';
import { userSchema } from '../users/index.js';
import type { PersonalDataService } from './personal-data.service.js';

/** GET /users/profile/export: nothing secret (no hash, token, or authenticator secret) has a field here. */
const personalDataSchema = z.object({
  exportedAt: z.string(),
  user: userSchema,
  sessions: z
    .array(
      z.object({
        id: z.string(),
        createdAt: z.string(),
        lastUsedAt: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        endedAt: z.string().nullable().describe('When it ended; null while it lasts'),
      }),
    )
    .describe(
      'The sessions (signed-in devices), live and ended ones the site still keeps, most recently used first',
    ),
  twoStep: z.object({
    totp: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    passkeys: z.array(passkeySchema),
  }),
  auditEvents: z
    .array(auditEventSchema)
    .describe(
      'Events where the user is the actor or the target, oldest first; the IP address and ' +
        'browser of an event another user caused are left out (null)',
    ),
}) satisfies z.ZodType<PersonalData>;

export const personalDataRoutes: FastifyPluginAsyncZod<{
  personalData: PersonalDataService;
}> = async (app, { personalData }) => {
  app.get(
    '/users/profile/export',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Everything the site holds about the signed-in user, as a JSON file',
        description:
          'The profile (the User), the live sessions, the second factors (whether an ' +
          'authenticator is on, how many recovery codes are left, the passkeys’ names and dates) ' +
          'and the audit events where the user is the actor or the target, oldest first. Never ' +
          'a password hash, a token, an authenticator secret or a passkey’s key; the IP address ' +
          'and browser of an event another user caused are left out. `{ data }` like every ' +
          'answer, sent as an attachment `my-data-YYYY-MM-DD.json` (the site saves `data`). ' +
          'Audited as `user.data_exported`. Not open while two-step sign-in must be set up.',
        security: bearerSecurity,
        response: { 200: envelope(personalDataSchema), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const data = await personalData.export(currentAuth(request), requestOrigin(request));
      return reply
        .header(
          'Content-Disposition',
          `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`,
        )
        .send({ data });
    },
  );
};
