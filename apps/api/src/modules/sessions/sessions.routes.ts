import { listSessionsQuerySchema, type ActiveSession } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { currentAuth, manageUsersOrSelf } from '../../http/guards.js';
import { paginatedSchema } from '../../lib/pagination.js';
import type { SessionsService } from './sessions.service.js';

const userSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
}) satisfies z.ZodType<ActiveSession>;

/** The users module, above this one: 404 for a user who does not exist. */
interface UserLookup {
  getById(id: string): Promise<{ id: string }>;
}

export const sessionsRoutes: FastifyPluginAsyncZod<{
  sessions: SessionsService;
  users: UserLookup;
}> = async (app, { sessions, users }) => {
  app.get(
    '/users/:id/sessions',
    {
      onRequest: [app.authenticate, app.authorize(manageUsersOrSelf)],
      schema: {
        tags: ['users'],
        summary: 'A user’s active sessions (admins, or the user themselves)',
        description:
          'Sessions not revoked and within their idle and absolute lifetimes: the caller’s own ' +
          'first (`current`), then the most recently used. One page of `limitPerPage` of them, ' +
          'or every one on one page when `limitPerPage` is left out.',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        querystring: listSessionsQuerySchema,
        response: {
          200: paginatedSchema(userSessionSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = await users.getById(request.params.id);
      return sessions.listForUser(user.id, currentAuth(request).sessionId, request.query);
    },
  );

  app.delete(
    '/users/:id/sessions/:sessionId',
    {
      onRequest: [app.authenticate, app.authorize(manageUsersOrSelf)],
      schema: {
        tags: ['users'],
        summary: 'Revoke one of a user’s sessions (admins, or the user themselves)',
        description:
          'Its refresh token and access tokens stop working at once. 404 when the user has no ' +
          'such active session.',
        security: bearerSecurity,
        params: z.object({ id: z.string(), sessionId: z.string() }),
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const user = await users.getById(request.params.id);
      await sessions.revokeForUser(
        user.id,
        request.params.sessionId,
        currentAuth(request),
        requestOrigin(request),
      );
      return { data: null };
    },
  );
};
