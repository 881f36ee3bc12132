import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, envelope, errorResponses } from '../../lib/http-schemas.js';
import { currentAuth } from '../../plugins/authenticate.js';
import { adminOrSelf } from '../../plugins/authorize.js';
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
