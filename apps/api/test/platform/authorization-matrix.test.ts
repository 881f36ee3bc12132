import { randomUUID } from 'node:crypto';
import { canReachArea, POSITIONS, type Position } from '@staff-admin/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gbp } from '../budgeting/client.js';
import {
  bearer,
  createTestApp,
  createUser,
  insertLinkToken,
  loginTokens,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { multipart, pngPart, solidPng } from '../images.js';
import { createScimToken } from '../scim/scim-client.js';

/**
 * CONTRACT §5 as a table: every route the app registers, by every position and by nobody signed
 * in, on another user and on oneself. The first test compares the rows with the routes the app
 * registers (Fastify's onRoute), so a new route cannot go in without deciding who may call it.
 * Each row gets a fresh target, so a row that changes or deletes it cannot affect another.
 */

type Target = 'other' | 'self' | 'none';
/** `scim`: a directory's SCIM token (issue 36), which opens the SCIM routes and nothing else. */
type Caller = Position | 'anonymous' | 'scim';

interface Subject {
  id: string;
  email: string;
}

interface Call {
  name: string;
  /** Which targets the call takes: a call on no user has the single target 'none'. */
  targets: Target[];
  /** Expected status by caller and target. */
  expect: (caller: Caller, target: Target) => number;
  request: (
    target: Subject,
    png: Buffer,
    fixtures: Fixtures,
  ) => InjectOptions | Promise<InjectOptions>;
  /** The call ends the caller's session: it is made with a session of its own. */
  ownSession?: boolean;
  /** Its success answer is not the `{ data }` envelope (the API documentation). */
  bare?: boolean;
  /** A SCIM route (/scim/v2): only a SCIM token opens it, and its errors are SCIM's. */
  scim?: boolean;
}

/** What rows act on besides their target, made once before the rows run. */
interface Fixtures {
  /** A project of the budgeting area (for its reads and changes). */
  projectId: string;
  /** A month closed before the rows run (for the admin's reopening). */
  closedMonth: string;
  /** A picture uploaded before the rows run (its public path). */
  filePath: string;
  /** The SCIM token's secret (the `scim` caller's, and what rows make groups with). */
  scimSecret: string;
}

const admin = (caller: Caller) => caller === 'admin';
/** A person signed in (a SCIM token is no person). */
const signedIn = (caller: Caller): caller is Position =>
  caller !== 'anonymous' && caller !== 'scim';
/** 401 signed out, then `ok` for admins and 403 for everyone else. */
const adminOnly = (ok: number) => (caller: Caller) =>
  !signedIn(caller) ? 401 : admin(caller) ? ok : 403;
/** 401 signed out, then `ok` for whoever may open Budgeting (AREAS) and 403 for everyone else. */
const financial = (ok: number) => (caller: Caller) =>
  !signedIn(caller) ? 401 : canReachArea(caller, 'financial') ? ok : 403;
/** 401 signed out, `ok` for anyone signed in. */
const anySignedIn = (ok: number) => (caller: Caller) => (signedIn(caller) ? ok : 401);
/** The same answer for everyone: the call needs no one signed in. */
const everyone = (status: number) => () => status;

const upload = (url: string, field: string, png: Buffer): InjectOptions => {
  const body = multipart([pngPart(png, 'a.png', field)]);
  return { method: 'POST', url, payload: body.payload, headers: body.headers };
};

/** An id no error group or mail has. */
const NO_GROUP = '00000000-0000-4000-8000-000000000000';
const NEW_PASSWORD = 'Matrix-Horse-Battery-42';

let projectCount = 0;
/** A new project in GBP with its first budget, owned by `ownerId`. */
const newProject = (ownerId: string) => ({
  code: `MX-${++projectCount}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase(),
  name: `Matrix project ${projectCount}`,
  client: 'Acme',
  currency: 'GBP',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  ownerId,
  budget: gbp(1_000_000),
});
const newCost = () => ({
  category: 'software',
  date: '2026-03-02',
  description: 'Licence',
  amount: gbp(1_250),
});
let monthCount = 0;
/** A month no row has closed yet (far from the costs' dates). */
const nextMonth = () =>
  `${2040 + Math.floor(monthCount / 12)}-${String((monthCount++ % 12) + 1).padStart(2, '0')}`;

/** Only the SCIM token: every person, signed in or not, is 401. */
const scimOnly = (ok: number) => (caller: Caller) => (caller === 'scim' ? ok : 401);
const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const scimJson = (body: unknown) => ({
  headers: { 'content-type': 'application/scim+json' },
  payload: JSON.stringify(body),
});
/** A group made with the SCIM token, for the group rows to act on. */
async function scimGroup(fixtures: Fixtures): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/scim/v2/Groups',
    ...scimJson({ schemas: [SCIM_GROUP], displayName: `Matrix ${Math.random()}` }),
    headers: { 'content-type': 'application/scim+json', ...bearer(fixtures.scimSecret) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return String(response.json<{ id: string }>().id);
}
/** A live SCIM token's id, for the rows that rotate or revoke one. */
async function scimTokenId(): Promise<string> {
  return (await createScimToken(t)).token.id;
}

/** A new email channel with audience `budget` (finance may use it), for the channel rows. */
async function budgetChannel(): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.db
    .insertInto('alert_channels')
    .values({
      id,
      kind: 'email',
      name: `Matrix ${id}`,
      audience: 'budget',
      url: null,
      format: null,
      secret: null,
      recipients: JSON.stringify({ userIds: [], roles: ['finance'] }),
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const SCIM_CALLS: Call[] = [
  ...['ServiceProviderConfig', 'ResourceTypes', 'Schemas', 'Users', 'Groups'].map(
    (resource): Call => ({
      name: `GET /scim/v2/${resource}`,
      targets: ['none'],
      scim: true,
      expect: scimOnly(200),
      request: () => ({ method: 'GET', url: `/scim/v2/${resource}` }),
    }),
  ),
  {
    name: 'POST /scim/v2/Users',
    targets: ['none'],
    scim: true,
    expect: scimOnly(201),
    request: () => ({
      method: 'POST',
      url: '/scim/v2/Users',
      ...scimJson({ schemas: [SCIM_USER], userName: uniqueEmail('scim-matrix') }),
    }),
  },
  {
    name: 'GET /scim/v2/Users/:id',
    targets: ['other'],
    scim: true,
    expect: scimOnly(200),
    request: (target) => ({ method: 'GET', url: `/scim/v2/Users/${target.id}` }),
  },
  {
    name: 'PUT /scim/v2/Users/:id',
    targets: ['other'],
    scim: true,
    expect: scimOnly(200),
    request: (target) => ({
      method: 'PUT',
      url: `/scim/v2/Users/${target.id}`,
      ...scimJson({
        schemas: [SCIM_USER],
        userName: target.email,
        name: { formatted: 'Put By Matrix' },
      }),
    }),
  },
  {
    name: 'PATCH /scim/v2/Users/:id',
    targets: ['other'],
    scim: true,
    expect: scimOnly(200),
    request: (target) => ({
      method: 'PATCH',
      url: `/scim/v2/Users/${target.id}`,
      ...scimJson({
        schemas: [SCIM_PATCH],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
    }),
  },
  {
    name: 'DELETE /scim/v2/Users/:id',
    targets: ['other'],
    scim: true,
    expect: scimOnly(204),
    request: (target) => ({ method: 'DELETE', url: `/scim/v2/Users/${target.id}` }),
  },
  {
    name: 'POST /scim/v2/Groups',
    targets: ['none'],
    scim: true,
    expect: scimOnly(201),
    request: () => ({
      method: 'POST',
      url: '/scim/v2/Groups',
      ...scimJson({ schemas: [SCIM_GROUP], displayName: `Matrix ${Math.random()}` }),
    }),
  },
  {
    name: 'GET /scim/v2/Groups/:id',
    targets: ['none'],
    scim: true,
    expect: scimOnly(200),
    request: async (_target, _png, fixtures) => ({
      method: 'GET',
      url: `/scim/v2/Groups/${await scimGroup(fixtures)}`,
    }),
  },
  {
    name: 'PUT /scim/v2/Groups/:id',
    targets: ['none'],
    scim: true,
    expect: scimOnly(200),
    request: async (_target, _png, fixtures) => ({
      method: 'PUT',
      url: `/scim/v2/Groups/${await scimGroup(fixtures)}`,
      ...scimJson({ schemas: [SCIM_GROUP], displayName: `Matrix ${Math.random()}` }),
    }),
  },
  {
    name: 'PATCH /scim/v2/Groups/:id',
    targets: ['other'],
    scim: true,
    expect: scimOnly(204),
    request: async (target, _png, fixtures) => ({
      method: 'PATCH',
      url: `/scim/v2/Groups/${await scimGroup(fixtures)}`,
      ...scimJson({
        schemas: [SCIM_PATCH],
        Operations: [{ op: 'add', path: 'members', value: [{ value: target.id }] }],
      }),
    }),
  },
  {
    name: 'DELETE /scim/v2/Groups/:id',
    targets: ['none'],
    scim: true,
    expect: scimOnly(204),
    request: async (_target, _png, fixtures) => ({
      method: 'DELETE',
      url: `/scim/v2/Groups/${await scimGroup(fixtures)}`,
    }),
  },
];

const CALLS: Call[] = [
  ...SCIM_CALLS,
  {
    name: 'GET /directory/tokens',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/directory/tokens' }),
  },
  {
    // The admin's sign-in is recent: no confirmation is asked for.
    name: 'POST /directory/tokens',
    targets: ['none'],
    expect: adminOnly(201),
    request: () => ({
      method: 'POST',
      url: '/api/directory/tokens',
      payload: { name: `Matrix ${Math.random()}` },
    }),
  },
  {
    name: 'POST /directory/tokens/:id/rotate',
    targets: ['none'],
    expect: adminOnly(200),
    request: async () => ({
      method: 'POST',
      url: `/api/directory/tokens/${await scimTokenId()}/rotate`,
    }),
  },
  {
    name: 'DELETE /directory/tokens/:id',
    targets: ['none'],
    expect: adminOnly(204),
    request: async () => ({
      method: 'DELETE',
      url: `/api/directory/tokens/${await scimTokenId()}`,
    }),
  },
  {
    name: 'GET /directory/log',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/directory/log' }),
  },
  {
    name: 'GET /users',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/users' }),
  },
  {
    name: 'GET /users/emails',
    targets: ['none'],
    expect: adminOnly(200),
    request: (target) => ({
      method: 'GET',
      url: '/api/users/emails',
      query: { emails: target.email },
    }),
  },
  {
    name: 'GET /users/export.csv',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/users/export.csv' }),
  },
  {
    // Anyone signed in downloads their own data.
    name: 'GET /users/profile/export',
    targets: ['none'],
    expect: (caller) => (signedIn(caller) ? 200 : 401),
    request: () => ({ method: 'GET', url: '/api/users/profile/export' }),
  },
  {
    name: 'GET /users/:id',
    targets: ['other', 'self'],
    expect: (caller, target) =>
      !signedIn(caller) ? 401 : admin(caller) || target === 'self' ? 200 : 403,
    request: (target) => ({ method: 'GET', url: `/api/users/${target.id}` }),
  },
  {
    name: 'PATCH /users/:id (full name)',
    targets: ['other', 'self'],
    expect: adminOnly(200),
    request: (target) => ({
      method: 'PATCH',
      url: `/api/users/${target.id}`,
      payload: { fullName: 'Renamed By Matrix' },
    }),
  },
  {
    name: 'PATCH /users/:id (position)',
    targets: ['other', 'self'],
    expect: (caller, target) => adminOnly(target === 'self' ? 403 : 200)(caller),
    request: (target) => ({
      method: 'PATCH',
      url: `/api/users/${target.id}`,
      payload: { position: 'project_manager' },
    }),
  },
  {
    name: 'PATCH /users/:id (status)',
    targets: ['other', 'self'],
    expect: (caller, target) => adminOnly(target === 'self' ? 403 : 200)(caller),
    request: (target) => ({
      method: 'PATCH',
      url: `/api/users/${target.id}`,
      payload: { status: 'inactive' },
    }),
  },
  {
    name: 'PATCH /users/:id/status',
    targets: ['other', 'self'],
    expect: (caller, target) => adminOnly(target === 'self' ? 403 : 200)(caller),
    request: (target) => ({
      method: 'PATCH',
      url: `/api/users/${target.id}/status`,
      payload: { status: 'inactive' },
    }),
  },
  {
    name: 'DELETE /users/:id',
    targets: ['other', 'self'],
    expect: (caller, target) => adminOnly(target === 'self' ? 403 : 200)(caller),
    request: (target) => ({ method: 'DELETE', url: `/api/users/${target.id}` }),
  },
  {
    name: 'POST /users/bulk-create',
    targets: ['none'],
    expect: adminOnly(201),
    request: () => ({
      method: 'POST',
      url: '/api/users/bulk-create',
      payload: { users: [{ email: uniqueEmail('matrix'), position: 'contractor' }] },
    }),
  },
  {
    name: 'POST /users/resend',
    targets: ['other', 'self'],
    // The other user is pending; oneself is active, so an admin gets "not pending".
    expect: (caller, target) => adminOnly(target === 'self' ? 400 : 200)(caller),
    request: (target) => ({
      method: 'POST',
      url: '/api/users/resend',
      payload: { email: target.email },
    }),
  },
  {
    // Admins get 200 on oneself too: the answer's row is `failed` ("never oneself").
    name: 'POST /users/bulk',
    targets: ['other', 'self'],
    expect: adminOnly(200),
    request: (target) => ({
      method: 'POST',
      url: '/api/users/bulk',
      payload: { action: 'deactivate', ids: [target.id] },
    }),
  },
  {
    name: 'POST /uploads',
    targets: ['none'],
    expect: (caller) => (signedIn(caller) ? 201 : 401),
    request: (_target, png) => upload('/api/uploads?dir=users', 'file', png),
  },
  {
    name: 'POST /uploads/multiple',
    targets: ['none'],
    expect: (caller) => (signedIn(caller) ? 201 : 401),
    request: (_target, png) => upload('/api/uploads/multiple?dir=users', 'files', png),
  },
  {
    name: 'GET /users/:id/sessions',
    targets: ['other', 'self'],
    expect: (caller, target) =>
      !signedIn(caller) ? 401 : admin(caller) || target === 'self' ? 200 : 403,
    request: (target) => ({ method: 'GET', url: `/api/users/${target.id}/sessions` }),
  },
  {
    // The target has no such session: admins get as far as 404, everyone else is stopped first.
    name: 'DELETE /users/:id/sessions/:sessionId',
    targets: ['other'],
    expect: adminOnly(404),
    request: (target) => ({
      method: 'DELETE',
      url: `/api/users/${target.id}/sessions/00000000-0000-4000-8000-000000000000`,
    }),
  },
  {
    name: 'GET /audit',
    targets: ['none'],
    expect: adminOnly(200),
    request: (target) => ({ method: 'GET', url: '/api/audit', query: { target: target.id } }),
  },
  {
    name: 'GET /audit/export.csv',
    targets: ['none'],
    expect: adminOnly(200),
    request: (target) => ({
      method: 'GET',
      url: '/api/audit/export.csv',
      query: { target: target.id },
    }),
  },
  {
    name: 'GET /monitoring/security/locked-accounts',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/monitoring/security/locked-accounts' }),
  },
  {
    // An email that is not locked: admins get as far as 404, everyone else is stopped first.
    name: 'POST /monitoring/security/locked-accounts/unlock',
    targets: ['none'],
    expect: adminOnly(404),
    request: () => ({
      method: 'POST',
      url: '/api/monitoring/security/locked-accounts/unlock',
      payload: { email: uniqueEmail('never-locked') },
    }),
  },
  {
    name: 'GET /monitoring/overview',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/monitoring/overview' }),
  },
  {
    name: 'GET /monitoring/security/summary',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/monitoring/security/summary' }),
  },
  {
    name: 'GET /monitoring/error-groups',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/monitoring/error-groups' }),
  },
  {
    // No such group: admins get as far as 404, everyone else is stopped first.
    name: 'GET /monitoring/error-groups/:id',
    targets: ['none'],
    expect: adminOnly(404),
    request: () => ({ method: 'GET', url: `/api/monitoring/error-groups/${NO_GROUP}` }),
  },
  {
    name: 'PATCH /monitoring/error-groups/:id',
    targets: ['none'],
    expect: adminOnly(404),
    request: () => ({
      method: 'PATCH',
      url: `/api/monitoring/error-groups/${NO_GROUP}`,
      payload: { status: 'resolved' },
    }),
  },
  {
    name: 'POST /monitoring/error-groups/bulk-resolve',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({
      method: 'POST',
      url: '/api/monitoring/error-groups/bulk-resolve',
      payload: { ids: [NO_GROUP] },
    }),
  },
  {
    name: 'GET /monitoring/mail',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/monitoring/mail' }),
  },
  {
    name: 'POST /monitoring/mail/test',
    targets: ['none'],
    expect: adminOnly(201),
    request: () => ({ method: 'POST', url: '/api/monitoring/mail/test' }),
  },
  {
    // No such mail: admins get as far as 404, everyone else is stopped first.
    name: 'POST /monitoring/mail/:id/retry',
    targets: ['none'],
    expect: adminOnly(404),
    request: () => ({ method: 'POST', url: `/api/monitoring/mail/${NO_GROUP}/retry` }),
  },
  {
    name: 'POST /monitoring/mail/:id/cancel',
    targets: ['none'],
    expect: adminOnly(404),
    request: () => ({ method: 'POST', url: `/api/monitoring/mail/${NO_GROUP}/cancel` }),
  },
  // Alert channels (issue 37): admins and finance (the financial area); finance only budget
  // channels, so each row acts on a fresh budget channel (finance's refusals of other channels:
  // test/alerts/channels-access.test.ts).
  {
    name: 'GET /monitoring/alert-channels',
    targets: ['none'],
    expect: financial(200),
    request: () => ({ method: 'GET', url: '/api/monitoring/alert-channels' }),
  },
  {
    name: 'POST /monitoring/alert-channels',
    targets: ['none'],
    expect: financial(201),
    request: () => ({
      method: 'POST',
      url: '/api/monitoring/alert-channels',
      payload: { kind: 'email', name: 'Matrix channel', recipients: { roles: ['finance'] } },
    }),
  },
  {
    name: 'GET /monitoring/alert-channels/:id',
    targets: ['none'],
    expect: financial(200),
    request: async () => ({
      method: 'GET',
      url: `/api/monitoring/alert-channels/${await budgetChannel()}`,
    }),
  },
  {
    name: 'PATCH /monitoring/alert-channels/:id',
    targets: ['none'],
    expect: financial(200),
    request: async () => ({
      method: 'PATCH',
      url: `/api/monitoring/alert-channels/${await budgetChannel()}`,
      payload: { name: 'Renamed by the matrix' },
    }),
  },
  {
    name: 'DELETE /monitoring/alert-channels/:id',
    targets: ['none'],
    expect: financial(204),
    request: async () => ({
      method: 'DELETE',
      url: `/api/monitoring/alert-channels/${await budgetChannel()}`,
    }),
  },
  {
    name: 'POST /monitoring/alert-channels/:id/test',
    targets: ['none'],
    expect: financial(202),
    request: async () => ({
      method: 'POST',
      url: `/api/monitoring/alert-channels/${await budgetChannel()}/test`,
    }),
  },
  {
    name: 'GET /monitoring/alert-channels/:id/deliveries',
    targets: ['none'],
    expect: financial(200),
    request: async () => ({
      method: 'GET',
      url: `/api/monitoring/alert-channels/${await budgetChannel()}/deliveries`,
    }),
  },
  {
    // The site reports its errors whoever is signed in, and when nobody is.
    name: 'POST /monitoring/error-reports',
    targets: ['none'],
    expect: () => 202,
    request: () => ({
      method: 'POST',
      url: '/api/monitoring/error-reports',
      payload: { kind: 'error', type: 'Error', message: 'Matrix report', url: '/users' },
    }),
  },
  {
    name: 'PATCH /users/profile',
    targets: ['none'],
    expect: (caller) => (signedIn(caller) ? 200 : 401),
    request: () => ({
      method: 'PATCH',
      url: '/api/users/profile',
      payload: { fullName: 'Me Myself' },
    }),
  },
  {
    name: 'GET /users/profile',
    targets: ['none'],
    expect: anySignedIn(200),
    request: () => ({ method: 'GET', url: '/api/users/profile' }),
  },
  // Signing in and the links sent by mail: open to everyone, a bearer token changes nothing.
  {
    name: 'POST /auth/login',
    targets: ['none'],
    expect: everyone(200),
    request: async () => {
      const user = await createUser(t);
      return {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      };
    },
  },
  {
    name: 'POST /auth/refresh-token/:refreshToken',
    targets: ['none'],
    expect: everyone(200),
    request: async () => {
      const { refresh_token } = await loginTokens(t, await createUser(t));
      return {
        method: 'POST',
        url: `/api/auth/refresh-token/${encodeURIComponent(refresh_token)}`,
      };
    },
  },
  // Company sign-in (issue 35): public. This app has no provider configured, so the flow's calls
  // answer 404 to everyone (test/sso/ drives them against a real provider).
  {
    name: 'GET /auth/oidc',
    targets: ['none'],
    expect: everyone(200),
    request: () => ({ method: 'GET', url: '/api/auth/oidc' }),
  },
  {
    name: 'GET /auth/oidc/start',
    targets: ['none'],
    expect: everyone(404),
    request: () => ({ method: 'GET', url: '/api/auth/oidc/start' }),
  },
  {
    name: 'GET /auth/oidc/callback',
    targets: ['none'],
    expect: everyone(404),
    request: () => ({ method: 'GET', url: '/api/auth/oidc/callback?code=x&state=y' }),
  },
  {
    name: 'POST /auth/oidc/exchange',
    targets: ['none'],
    expect: everyone(404),
    request: () => ({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code: 'x' } }),
  },
  {
    name: 'DELETE /auth/logout',
    targets: ['none'],
    ownSession: true,
    expect: anySignedIn(200),
    request: () => ({ method: 'DELETE', url: '/api/auth/logout' }),
  },
  {
    // No such challenge: everyone gets as far as 401, a bearer token changes nothing.
    name: 'POST /auth/login/second-step',
    targets: ['none'],
    expect: everyone(401),
    request: () => ({
      method: 'POST',
      url: '/api/auth/login/second-step',
      payload: { challenge_token: 'no-such-challenge', method: 'totp', code: '123456' },
    }),
  },
  {
    // No such challenge: everyone gets as far as 401, a bearer token changes nothing.
    name: 'POST /auth/login/passkey-options',
    targets: ['none'],
    expect: everyone(401),
    request: () => ({
      method: 'POST',
      url: '/api/auth/login/passkey-options',
      payload: { challenge_token: 'no-such-challenge' },
    }),
  },
  {
    // No such challenge: everyone gets as far as 401, a bearer token changes nothing.
    name: 'POST /auth/login/passkey',
    targets: ['none'],
    expect: everyone(401),
    request: () => ({
      method: 'POST',
      url: '/api/auth/login/passkey',
      payload: {
        challenge_token: 'no-such-ceremony',
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    }),
  },
  {
    name: 'GET /users/check-token',
    targets: ['none'],
    expect: everyone(200),
    request: async () => {
      const pending = await createUser(t, { status: 'pending' });
      return {
        method: 'GET',
        url: '/api/users/check-token',
        query: {
          token: await insertLinkToken(t, pending.id, 'confirmation_token'),
          jwtTokenType: 'confirmation_token',
        },
      };
    },
  },
  {
    name: 'PATCH /users/setup',
    targets: ['none'],
    expect: everyone(200),
    request: async () => {
      const pending = await createUser(t, { status: 'pending' });
      return {
        method: 'PATCH',
        url: '/api/users/setup',
        payload: {
          token: await insertLinkToken(t, pending.id, 'confirmation_token'),
          password: NEW_PASSWORD,
          confirmedPassword: NEW_PASSWORD,
        },
      };
    },
  },
  {
    name: 'POST /users/forgot-password',
    targets: ['none'],
    expect: everyone(200),
    request: (target) => ({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: target.email },
    }),
  },
  {
    name: 'PATCH /users/reset-password',
    targets: ['none'],
    expect: everyone(200),
    request: async (target) => ({
      method: 'PATCH',
      url: '/api/users/reset-password',
      payload: {
        token: await insertLinkToken(t, target.id, 'reset_password_token'),
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      },
    }),
  },
  {
    // A wrong current password: the caller's own password and sessions stay as they are.
    name: 'PATCH /users/change-password',
    targets: ['none'],
    expect: anySignedIn(400),
    request: () => ({
      method: 'PATCH',
      url: '/api/users/change-password',
      payload: {
        password: 'Not-The-Password-1',
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      },
    }),
  },
  {
    name: 'GET /files/:dir/:name',
    targets: ['none'],
    expect: everyone(200),
    request: (_target, _png, fixtures) => ({ method: 'GET', url: fixtures.filePath }),
  },
  {
    name: 'GET /health',
    targets: ['none'],
    expect: everyone(200),
    request: () => ({ method: 'GET', url: '/api/health' }),
  },
  {
    name: 'GET /ready',
    targets: ['none'],
    expect: everyone(200),
    request: () => ({ method: 'GET', url: '/api/ready' }),
  },
  {
    // Prometheus's own token, never a user's: no position reaches it.
    name: 'GET /metrics',
    targets: ['none'],
    expect: everyone(401),
    request: () => ({ method: 'GET', url: '/api/metrics' }),
  },
  // The API documentation with API_DOCS=admin: the Monitoring area's.
  ...[
    '/docs',
    '/docs/json',
    '/docs/yaml',
    '/docs/static/index.html',
    '/docs/static/swagger-initializer.js',
    '/docs/static/*',
  ].map((path): Call => ({
    name: `GET ${path}`,
    targets: ['none'],
    // The UI's page sends the browser on to its static index.
    expect: adminOnly(path === '/docs/static/index.html' ? 302 : 200),
    bare: true,
    request: () => ({
      method: 'GET',
      url: `/api${path.replace('*', 'swagger-ui.css')}`,
    }),
  })),
  // Two-step sign-in: one's own factors, with a session that has just signed in (recent enough).
  {
    name: 'POST /auth/reauthenticate',
    targets: ['none'],
    expect: anySignedIn(200),
    request: () => ({
      method: 'POST',
      url: '/api/auth/reauthenticate',
      payload: { password: TEST_PASSWORD },
    }),
  },
  {
    name: 'GET /users/profile/two-step',
    targets: ['none'],
    expect: anySignedIn(200),
    request: () => ({ method: 'GET', url: '/api/users/profile/two-step' }),
  },
  {
    // Starts a set-up (a new secret to confirm); nothing is on until it is confirmed.
    name: 'POST /users/profile/two-step/totp',
    targets: ['none'],
    expect: anySignedIn(200),
    request: () => ({ method: 'POST', url: '/api/users/profile/two-step/totp' }),
  },
  {
    // A wrong code: signed in, everyone gets as far as 400.
    name: 'POST /users/profile/two-step/totp/confirm',
    targets: ['none'],
    expect: anySignedIn(400),
    request: () => ({
      method: 'POST',
      url: '/api/users/profile/two-step/totp/confirm',
      payload: { code: '000000' },
    }),
  },
  {
    // Nothing to turn off: signed in, everyone gets as far as 409.
    name: 'DELETE /users/profile/two-step/totp',
    targets: ['none'],
    expect: anySignedIn(409),
    request: () => ({ method: 'DELETE', url: '/api/users/profile/two-step/totp' }),
  },
  {
    // No second factor to make codes for: signed in, everyone gets as far as 409.
    name: 'POST /users/profile/two-step/recovery-codes',
    targets: ['none'],
    expect: anySignedIn(409),
    request: () => ({ method: 'POST', url: '/api/users/profile/two-step/recovery-codes' }),
  },
  {
    // The target has no second factor to reset: admins get as far as 409.
    name: 'DELETE /users/:id/two-step',
    targets: ['other'],
    expect: adminOnly(409),
    request: (target) => ({ method: 'DELETE', url: `/api/users/${target.id}/two-step` }),
  },
  {
    name: 'POST /users/profile/passkeys/options',
    targets: ['none'],
    expect: anySignedIn(200),
    request: () => ({ method: 'POST', url: '/api/users/profile/passkeys/options' }),
  },
  {
    // No ceremony was started with these options: signed in, everyone gets as far as 400.
    name: 'POST /users/profile/passkeys',
    targets: ['none'],
    expect: anySignedIn(400),
    request: () => ({
      method: 'POST',
      url: '/api/users/profile/passkeys',
      payload: {
        name: 'Matrix key',
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    }),
  },
  {
    // No such passkey of one's own: signed in, everyone gets as far as 404.
    name: 'PATCH /users/profile/passkeys/:id',
    targets: ['none'],
    expect: anySignedIn(404),
    request: () => ({
      method: 'PATCH',
      url: `/api/users/profile/passkeys/${NO_GROUP}`,
      payload: { name: 'Renamed' },
    }),
  },
  {
    name: 'DELETE /users/profile/passkeys/:id',
    targets: ['none'],
    expect: anySignedIn(404),
    request: () => ({ method: 'DELETE', url: `/api/users/profile/passkeys/${NO_GROUP}` }),
  },
  // Budgeting & Cost tracking: admins and finance (AREAS), reopening a month admins only.
  {
    name: 'GET /projects',
    targets: ['none'],
    expect: financial(200),
    request: () => ({ method: 'GET', url: '/api/projects' }),
  },
  {
    name: 'GET /projects/export.csv',
    targets: ['none'],
    expect: financial(200),
    request: () => ({ method: 'GET', url: '/api/projects/export.csv' }),
  },
  {
    name: 'POST /projects',
    targets: ['none'],
    expect: financial(201),
    request: (target) => ({ method: 'POST', url: '/api/projects', payload: newProject(target.id) }),
  },
  {
    name: 'GET /projects/:id',
    targets: ['none'],
    expect: financial(200),
    request: (_target, _png, { projectId }) => ({
      method: 'GET',
      url: `/api/projects/${projectId}`,
    }),
  },
  {
    name: 'PATCH /projects/:id',
    targets: ['none'],
    expect: financial(200),
    request: (_target, _png, { projectId }) => ({
      method: 'PATCH',
      url: `/api/projects/${projectId}`,
      payload: { client: 'Renamed By Matrix' },
    }),
  },
  {
    name: 'GET /projects/:id/budget-revisions',
    targets: ['none'],
    expect: financial(200),
    request: (_target, _png, { projectId }) => ({
      method: 'GET',
      url: `/api/projects/${projectId}/budget-revisions`,
    }),
  },
  {
    // Admins see every rule, finance the budget rules (modules/alert-rules).
    name: 'GET /monitoring/alert-rules',
    targets: ['none'],
    expect: financial(200),
    request: () => ({ method: 'GET', url: '/api/monitoring/alert-rules' }),
  },
  {
    // A budget rule: admins and finance may add it (other kinds are admin only: test/alerts).
    name: 'POST /monitoring/alert-rules',
    targets: ['none'],
    expect: financial(201),
    request: (_target, _png, { projectId }) => ({
      method: 'POST',
      url: '/api/monitoring/alert-rules',
      payload: { kind: 'budget_threshold', name: 'Matrix budget', channelIds: [], projectId },
    }),
  },
  {
    // No such rule: admins and finance get as far as 404, everyone else is stopped first.
    name: 'PATCH /monitoring/alert-rules/:id',
    targets: ['none'],
    expect: financial(404),
    request: () => ({
      method: 'PATCH',
      url: `/api/monitoring/alert-rules/${NO_GROUP}`,
      payload: { name: 'Renamed' },
    }),
  },
  {
    name: 'DELETE /monitoring/alert-rules/:id',
    targets: ['none'],
    expect: financial(404),
    request: () => ({ method: 'DELETE', url: `/api/monitoring/alert-rules/${NO_GROUP}` }),
  },
  {
    name: 'GET /monitoring/incidents',
    targets: ['none'],
    expect: financial(200),
    request: () => ({ method: 'GET', url: '/api/monitoring/incidents' }),
  },
  {
    name: 'GET /monitoring/incidents/:id',
    targets: ['none'],
    expect: financial(404),
    request: () => ({ method: 'GET', url: `/api/monitoring/incidents/${NO_GROUP}` }),
  },
  {
    name: 'POST /monitoring/incidents/:id/acknowledge',
    targets: ['none'],
    expect: financial(404),
    request: () => ({ method: 'POST', url: `/api/monitoring/incidents/${NO_GROUP}/acknowledge` }),
  },
  {
    name: 'GET /monitoring/maintenance-windows',
    targets: ['none'],
    expect: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/monitoring/maintenance-windows' }),
  },
  {
    name: 'POST /monitoring/maintenance-windows',
    targets: ['none'],
    expect: adminOnly(201),
    request: () => ({
      method: 'POST',
      url: '/api/monitoring/maintenance-windows',
      payload: {
        startsAt: '2040-01-01T00:00:00Z',
        endsAt: '2040-01-01T01:00:00Z',
        reason: 'Matrix window',
      },
    }),
  },
  {
    name: 'DELETE /monitoring/maintenance-windows/:id',
    targets: ['none'],
    expect: adminOnly(404),
    request: () => ({ method: 'DELETE', url: `/api/monitoring/maintenance-windows/${NO_GROUP}` }),
  },
  {
    name: 'POST /projects/:id/budget-revisions',
    targets: ['none'],
    expect: financial(201),
    request: (_target, _png, { projectId }) => ({
      method: 'POST',
      url: `/api/projects/${projectId}/budget-revisions`,
      payload: { amount: gbp(2_000_000), reason: 'Matrix' },
    }),
  },
  {
    name: 'GET /budgeting/people',
    targets: ['none'],
    expect: financial(200),
    request: () => ({ method: 'GET', url: '/api/budgeting/people' }),
  },
  {
    name: 'GET /projects/:id/costs',
    targets: ['none'],
    expect: financial(200),
    request: (_target, _png, { projectId }) => ({
      method: 'GET',
      url: `/api/projects/${projectId}/costs`,
    }),
  },
  {
    name: 'GET /projects/:id/costs/export.csv',
    targets: ['none'],
    expect: financial(200),
    request: (_target, _png, { projectId }) => ({
      method: 'GET',
      url: `/api/projects/${projectId}/costs/export.csv`,
    }),
  },
  {
    name: 'POST /projects/:id/costs',
    targets: ['none'],
    expect: financial(201),
    request: (_target, _png, { projectId }) => ({
      method: 'POST',
      url: `/api/projects/${projectId}/costs`,
      payload: newCost(),
    }),
  },
  {
    // No such cost: the area's callers get as far as 404, everyone else is stopped first.
    name: 'PATCH /costs/:id',
    targets: ['none'],
    expect: financial(404),
    request: () => ({
      method: 'PATCH',
      url: `/api/costs/${NO_GROUP}`,
      payload: { description: 'Renamed' },
    }),
  },
  {
    name: 'DELETE /costs/:id',
    targets: ['none'],
    expect: financial(404),
    request: () => ({ method: 'DELETE', url: `/api/costs/${NO_GROUP}` }),
  },
  {
    name: 'GET /cost-rates',
    targets: ['none'],
    expect: financial(200),
    request: () => ({ method: 'GET', url: '/api/cost-rates' }),
  },
  {
    name: 'POST /cost-rates',
    targets: ['none'],
    expect: financial(201),
    request: (target) => ({
      method: 'POST',
      url: '/api/cost-rates',
      payload: { userId: target.id, rate: gbp(5_000), validFrom: '2026-01-01' },
    }),
  },
  {
    name: 'GET /closed-months',
    targets: ['none'],
    expect: financial(200),
    request: () => ({ method: 'GET', url: '/api/closed-months' }),
  },
  {
    name: 'POST /closed-months',
    targets: ['none'],
    expect: financial(201),
    request: () => ({ method: 'POST', url: '/api/closed-months', payload: { month: nextMonth() } }),
  },
  {
    // Finance may close a month, only admins reopen one.
    name: 'DELETE /closed-months/:month',
    targets: ['none'],
    expect: adminOnly(204),
    request: (_target, _png, { closedMonth }) => ({
      method: 'DELETE',
      url: `/api/closed-months/${closedMonth}`,
    }),
  },
  {
    // A dry run: the preview, nothing is recorded.
    name: 'POST /projects/:id/costs/import',
    targets: ['none'],
    expect: financial(200),
    request: (_target, _png, { projectId }) => {
      const form = multipart([
        {
          field: 'file',
          filename: 'costs.csv',
          contentType: 'text/csv',
          data: Buffer.from(
            'date,category,description,amount\n2026-03-02,software,Licence,12.50\n',
          ),
        },
      ]);
      return {
        method: 'POST',
        url: `/api/projects/${projectId}/costs/import?dryRun=true`,
        payload: form.payload,
        headers: form.headers,
      };
    },
  },
  {
    name: 'GET /projects/:id/import-batches',
    targets: ['none'],
    expect: financial(200),
    request: (_target, _png, { projectId }) => ({
      method: 'GET',
      url: `/api/projects/${projectId}/import-batches`,
    }),
  },
  {
    // No such import: the area's callers get as far as 404, everyone else is stopped first.
    name: 'DELETE /import-batches/:id',
    targets: ['none'],
    expect: financial(404),
    request: () => ({ method: 'DELETE', url: `/api/import-batches/${NO_GROUP}` }),
  },
];

const CALLERS: Caller[] = [...POSITIONS, 'anonymous', 'scim'];

/** Off the SCIM routes, a SCIM token is no one's: it gets what an anonymous caller gets. */
const expected = (call: Call, caller: Caller, target: Target) =>
  caller === 'scim' && !call.scim ? call.expect('anonymous', target) : call.expect(caller, target);

const ROWS = CALLS.flatMap((call) =>
  CALLERS.flatMap((caller) =>
    call.targets
      .filter((target) => !((caller === 'anonymous' || caller === 'scim') && target === 'self'))
      .map((target) => ({ call, caller, target, status: expected(call, caller, target) })),
  ),
);

let t: TestApp;
let png: Buffer;
let fixtures: Fixtures;
const actors = new Map<Position, { subject: TestUser; token: string }>();
/** Every route the app registers, as `METHOD /path`, in the order it registered them. */
const registered: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    // Every route there is: the API documentation behind the Monitoring area, metrics on.
    env: { API_DOCS: 'admin', METRICS_TOKEN: 'matrix-metrics-token-0123456789' },
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push(`${method} ${route.url}`);
    },
  });
  png = await solidPng(64, 64);
  for (const position of POSITIONS) {
    const user = await createUser(t, { position });
    actors.set(position, { subject: user, token: (await loginTokens(t, user)).access_token });
  }
  const admin = actors.get('admin')!;
  const asAdmin = async (request: InjectOptions) => {
    const response = await t.app.inject({
      ...request,
      headers: { ...request.headers, ...bearer(admin.token) },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ data: Record<string, unknown> }>().data;
  };
  const project = await asAdmin({
    method: 'POST',
    url: '/api/projects',
    payload: newProject(admin.subject.id),
  });
  const closedMonth = nextMonth();
  await asAdmin({ method: 'POST', url: '/api/closed-months', payload: { month: closedMonth } });
  const picture = await asAdmin(upload('/api/uploads?dir=users', 'file', png));
  const { secret: scimSecret } = await createScimToken(t, 'Matrix directory');
  fixtures = {
    projectId: String(project.id),
    closedMonth,
    filePath: String(picture.path),
    scimSecret,
  };
});
afterAll(() => t.close());

/** A fresh user to act on: pending for resend, otherwise active (made without a password hash). */
async function freshTarget(call: Call): Promise<Subject> {
  const user = await createUser(t, { status: 'pending', position: 'contractor' });
  if (call.name !== 'POST /users/resend') {
    await t.db.updateTable('users').set({ status: 'active' }).where('id', '=', user.id).execute();
  }
  return user;
}

/** `GET /users/:id (full name)` → `GET /api/users/:id`: the route a row calls. */
const routeOf = (call: Call) => {
  const [method, path] = call.name.split(' ');
  return call.scim ? `${method} ${path}` : `${method} /api${path}`;
};

/**
 * The routes a row must cover: each registered route, except the HEAD that Fastify adds beside
 * every GET (the same route, the same guard) and a path's copy with a trailing slash.
 */
function routesToCover(routes: string[]): Set<string> {
  const normal = routes.map((route) => route.replace(/(.)\/$/, '$1'));
  const gets = new Set(normal.filter((route) => route.startsWith('GET ')));
  return new Set(
    normal.filter(
      (route) => !(route.startsWith('HEAD ') && gets.has(route.replace('HEAD', 'GET'))),
    ),
  );
}

describe('authorization matrix (CONTRACT §5)', () => {
  it('has a row for every route the app registers, and no row for a route it does not', () => {
    const routes = routesToCover(registered);
    const rows = new Set(CALLS.map(routeOf));
    expect(
      [...routes].filter((route) => !rows.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...rows].filter((route) => !routes.has(route)),
      'rows without a route',
    ).toEqual([]);
  });

  it('covers every call for every position', () => {
    expect(new Set(ROWS.map((row) => row.call.name)).size).toBe(CALLS.length);
    expect(ROWS.length).toBeGreaterThan(CALLS.length * POSITIONS.length);
  });

  it.each(ROWS.map((row) => [row.caller, row.call.name, row.target, row.status, row] as const))(
    '%s: %s on %s → %i',
    async (caller, _name, target, status, row) => {
      const actor = caller === 'anonymous' || caller === 'scim' ? undefined : actors.get(caller)!;
      const subject = target === 'self' ? actor!.subject : await freshTarget(row.call);
      const token =
        caller === 'scim'
          ? fixtures.scimSecret
          : actor && row.call.ownSession
            ? (await loginTokens(t, actor.subject)).access_token
            : actor?.token;
      const request = await row.call.request(subject, png, fixtures);
      const response = await t.app.inject({
        ...request,
        headers: { ...(request.headers ?? {}), ...(token ? bearer(token) : {}) },
      });
      expect(response.statusCode, response.body).toBe(status);
      if (status === 204) return;
      if (row.call.scim) {
        expect(response.headers['content-type']).toMatch(/^application\/scim\+json/);
        expect(response.json()).toHaveProperty(status < 300 ? 'schemas' : 'detail');
        return;
      }
      // Files (CSV, pictures) and the documentation are the success answers without the envelope.
      const json = String(response.headers['content-type']).startsWith('application/json');
      if (status < 400 && (row.call.bare || !json)) return;
      expect(response.json()).toHaveProperty(status < 300 ? 'data' : 'message');
    },
  );
});
