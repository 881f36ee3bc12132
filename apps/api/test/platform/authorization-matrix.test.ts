import { POSITIONS, type Position } from '@staff-admin/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  uniqueEmail,
  type TestApp,
} from '../helpers.js';
import { multipart, pngPart, solidPng } from '../images.js';

/**
 * CONTRACT §5 as a table: every user call, by every position, on another user and on oneself.
 * Each row gets a fresh target, so a row that changes or deletes it cannot affect another.
 */

type Target = 'other' | 'self' | 'none';
type Caller = Position | 'anonymous';

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
  request: (target: Subject, png: Buffer) => InjectOptions;
}

const admin = (caller: Caller) => caller === 'admin';
const signedIn = (caller: Caller) => caller !== 'anonymous';
/** 401 signed out, then `ok` for admins and 403 for everyone else. */
const adminOnly = (ok: number) => (caller: Caller) =>
  !signedIn(caller) ? 401 : admin(caller) ? ok : 403;

const upload = (url: string, field: string, png: Buffer): InjectOptions => {
  const body = multipart([pngPart(png, 'a.png', field)]);
  return { method: 'POST', url, payload: body.payload, headers: body.headers };
};

/** An id no error group or mail has. */
const NO_GROUP = '00000000-0000-4000-8000-000000000000';

const CALLS: Call[] = [
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
];

const CALLERS: Caller[] = [...POSITIONS, 'anonymous'];

const ROWS = CALLS.flatMap((call) =>
  CALLERS.flatMap((caller) =>
    call.targets
      .filter((target) => !(caller === 'anonymous' && target === 'self'))
      .map((target) => ({ call, caller, target, status: call.expect(caller, target) })),
  ),
);

let t: TestApp;
let png: Buffer;
const actors = new Map<Position, { subject: Subject; token: string }>();

beforeAll(async () => {
  t = await createTestApp();
  png = await solidPng(64, 64);
  for (const position of POSITIONS) {
    const user = await createUser(t, { position });
    actors.set(position, { subject: user, token: (await loginTokens(t, user)).access_token });
  }
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

describe('authorization matrix (CONTRACT §5)', () => {
  it('covers every call for every position', () => {
    expect(new Set(ROWS.map((row) => row.call.name)).size).toBe(CALLS.length);
    expect(ROWS.length).toBeGreaterThan(CALLS.length * POSITIONS.length);
  });

  it.each(ROWS.map((row) => [row.caller, row.call.name, row.target, row.status, row] as const))(
    '%s: %s on %s → %i',
    async (caller, _name, target, status, row) => {
      const actor = caller === 'anonymous' ? undefined : actors.get(caller)!;
      const subject = target === 'self' ? actor!.subject : await freshTarget(row.call);
      const request = row.call.request(subject, png);
      const response = await t.app.inject({
        ...request,
        headers: { ...(request.headers ?? {}), ...(actor ? bearer(actor.token) : {}) },
      });
      expect(response.statusCode, response.body).toBe(status);
      // A file (the audit trail's CSV) is the one success answer without the JSON envelope.
      if (status < 300 && String(response.headers['content-type']).startsWith('text/csv')) return;
      expect(response.json()).toHaveProperty(status < 300 ? 'data' : 'message');
    },
  );
});
