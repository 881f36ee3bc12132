import { usersByEmailsQuerySchema } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, envelope, errorResponses } from '../../lib/http-schemas.js';
import { paginatedSchema } from '../../lib/pagination.js';
import { currentAuth } from '../../plugins/authenticate.js';
import { adminOnly, adminOrSelf } from '../../plugins/authorize.js';
import { userSchema } from './users.schemas.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/users/profile',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: bearerSecurity,
        response: { 200: envelope(userSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await users.getById(currentAuth(request).userId) }),
  );

  app.get(
    '/users/emails',
    {
      onRequest: [app.authenticate, app.authorize(adminOnly)],
      schema: {
        tags: ['users'],
        summary: 'The users that have the given emails (admins)',
        description:
          '`emails` is comma separated, repeated, or both; at most 100 after normalising ' +
          '(trimmed, lower-cased, repeats dropped). Sorted by email. `limitPerPage` defaults to 100.',
        security: bearerSecurity,
        querystring: usersByEmailsQuerySchema,
        response: { 200: paginatedSchema(userSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => users.listByEmails(request.query),
  );

  app.get(
    '/users/:id',
    {
      onRequest: [app.authenticate, app.authorize(adminOrSelf)],
      schema: {
        tags: ['users'],
        summary: 'One user (admins, or the user themselves)',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        response: { 200: envelope(userSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await users.getById(request.params.id) }),
  );
};
