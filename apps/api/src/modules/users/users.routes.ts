import { Readable } from 'node:stream';
import {
  exportUsersQuerySchema,
  listUsersQuerySchema,
  updateProfileSchema,
  updateStatusSchema,
  updateUserSchema,
  USER_EXPORT_COLUMNS,
  userExportRow,
  usersByEmailsQuerySchema,
  type User,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { csvDownload } from '../../http/csv-download.js';
import { csvChunks } from '../../lib/csv.js';
import { paginatedSchema } from '../../lib/pagination.js';
import { currentAuth, manageUsers, manageUsersOrSelf } from '../../http/guards.js';
import { userSchema } from './users.schemas.js';
import type { UsersService } from './users.service.js';

/** The list's filters, as the list and its export describe them. */
const FILTERS_DESCRIPTION =
  'Filters (all optional, combined with AND): `position` and `status` (exactly that role or ' +
  'status); `neverSignedIn=true` (no sign-in ever: pending users, and accounts set up but never ' +
  'used; `false` for the others); `dormantDays=N` (1 to 3650: no sign-in for at least N × 24 h ' +
  'by the server’s clock, an account that never signed in counting from its creation); ' +
  '`invitedDays=N` (1 to 3650: pending users whose newest invitation was sent at least N × 24 h ' +
  'ago, or is gone). ' +
  '`sortBy=lastSignInAt` puts accounts that never signed in first in ascending order and last ' +
  'in descending order.';

/** One batch of users as CSV rows (USER_EXPORT_COLUMNS). */
async function* exportRows(batches: AsyncIterable<User[]>) {
  for await (const batch of batches) yield batch.map(userExportRow);
}

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/users/profile',
    {
      // Open while two-step sign-in must be set up: the site reads who is signed in.
      config: { duringTwoStepSetup: true },
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

  app.patch(
    '/users/profile',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Edit one’s own full name and picture',
        description:
          '`imageUrl` is the `path` of an upload (400 otherwise, or when another user has it); ' +
          '`null` removes the picture; absent leaves it. A replaced picture is deleted.',
        security: bearerSecurity,
        body: updateProfileSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await users.updateProfile(currentAuth(request).userId, request.body),
    }),
  );

  app.get(
    '/users',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
      schema: {
        tags: ['users'],
        summary: 'The user list (admins)',
        description:
          '`search` matches the email or the full name anywhere, ignoring letter case; every ' +
          'character is literal (`%` and `_` too). Ties in the sort order are broken by id, so ' +
          'pages never overlap. `includeInactive=false` hides inactive users. `all=true` puts ' +
          'every match on one page (`itemsPerPage` is then the number of matches). ' +
          FILTERS_DESCRIPTION,
        security: bearerSecurity,
        querystring: listUsersQuerySchema,
        response: { 200: paginatedSchema(userSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => users.list(request.query),
  );

  app.get(
    '/users/export.csv',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
      schema: {
        tags: ['users'],
        summary: 'The filtered user list as a CSV file, every page (admins)',
        description:
          'The search, filters and order of GET /users, every match (no paging), streamed as ' +
          'UTF-8 with a byte-order mark, CRLF line ends, quoted per RFC 4180. Columns: ' +
          `${USER_EXPORT_COLUMNS.join(', ')}; times in ISO 8601 UTC, empty when there is none. ` +
          'A cell that a spreadsheet would read as a formula (starting with =, +, -, @, tab or ' +
          "CR) starts with '. Sent as an attachment `users-YYYY-MM-DD.csv`. Audited as " +
          '`user.list_exported` (with the filter and the number of matches). ' +
          FILTERS_DESCRIPTION,
        security: bearerSecurity,
        querystring: exportUsersQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { exportedAt, batches } = await users.exportList(
        currentAuth(request).userId,
        request.query,
        requestOrigin(request),
      );
      const file = Readable.from(csvChunks(USER_EXPORT_COLUMNS, exportRows(batches)), {
        objectMode: false,
      });
      return (
        csvDownload(reply, `users-${exportedAt.slice(0, 10)}.csv`)
          // A stream is sent as it is read, not serialised: the schema describes the body as text.
          .send(file as unknown as string)
      );
    },
  );

  app.get(
    '/users/emails',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
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
      onRequest: [app.authenticate, app.authorize(manageUsersOrSelf)],
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

  app.patch(
    '/users/:id',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
      schema: {
        tags: ['users'],
        summary: 'Edit a user (admins)',
        description:
          '403 when changing one’s own position or status; 400 for status `pending` or for a ' +
          'pending user’s status; 409 when it would leave no active admin. Deactivating ends ' +
          'the user’s sessions at once. Granting the admin role (the position, or an inactive ' +
          'admin made active) needs a recent confirmation (403 `reason: ' +
          '"reauthentication_required"`; sign-in counts). `imageUrl` as in PATCH /users/profile.',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        body: updateUserSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await users.updateUser(
        currentAuth(request),
        request.params.id,
        request.body,
        requestOrigin(request),
      ),
    }),
  );

  app.patch(
    '/users/:id/status',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
      schema: {
        tags: ['users'],
        summary: 'Activate or deactivate a user (admins)',
        description:
          '403 on oneself; 400 for a pending user; 409 for the last active admin. Deactivating ' +
          'ends the user’s sessions at once. Activating an admin needs a recent confirmation ' +
          '(403 `reason: "reauthentication_required"`; sign-in counts).',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        body: updateStatusSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await users.updateStatus(
        currentAuth(request),
        request.params.id,
        request.body.status,
        requestOrigin(request),
      ),
    }),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
      schema: {
        tags: ['users'],
        summary: 'Delete a user (admins)',
        description:
          '403 on oneself; 409 for the last active admin. Their sessions, links, queued mail and ' +
          'picture go with them; users they invited keep `invitedBy: null`.',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await users.delete(currentAuth(request), request.params.id, requestOrigin(request));
      return { data: null };
    },
  );
};
