import { AUDIT_PAGED_MAX_ROWS, SECURITY_MESSAGES, type TokenPair } from '@staff-admin/shared';
import { auditRow, NO_ORIGIN } from '../../src/modules/audit/audit-events.js';
import { toIso } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  decodeJwt,
  insertLinkToken,
  loginTokens,
  ManualClock,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { multipart, solidPng } from '../images.js';

interface AuditEvent {
  id: string;
  at: string;
  action: string;
  actorId: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
}

interface AuditTrailEvent extends AuditEvent {
  actor: { id: string; fullName: string | null; email: string } | null;
  target: { id: string; fullName: string | null; email: string } | null;
}

let t: TestApp;
let admin: TestUser;
let adminTokens: TokenPair;
/** Every password and token the tests send: none may ever reach the audit trail. */
const secrets: string[] = [];

const FROM = { remoteAddress: '198.51.100.9', headers: { 'user-agent': 'AuditTest/1.0' } };
const NEW_PASSWORD = 'Harbor-Finch-19';

beforeAll(async () => {
  // Events are listed newest first: each step happens a moment after the last.
  t = await createTestApp({
    env: { LOGIN_FAILURES_BEFORE_LOCK: '3' },
    clock: new ManualClock({ tickMs: 1 }),
  });
  admin = await createUser(t, { position: 'admin' });
  adminTokens = await loginTokens(t, admin);
  secrets.push(admin.password, adminTokens.access_token, adminTokens.refresh_token, NEW_PASSWORD);
});
afterAll(() => t.close());

/** GET /api/audit as the admin. */
async function audit(query: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/audit',
    query,
    headers: bearer(adminTokens.access_token),
  });
  return response;
}

async function eventsFor(targetId: string, action?: string): Promise<AuditEvent[]> {
  const response = await audit({
    target: targetId,
    limitPerPage: '100',
    ...(action ? { action } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...FROM,
  });

const as = (tokens: TokenPair) => ({ ...FROM.headers, ...bearer(tokens.access_token) });

describe('audit events', () => {
  it('records a successful login with the client, and each kind of failure', async () => {
    const user = await createUser(t);
    const ok = await login(user.email, user.password);
    const sid = String(decodeJwt(ok.json().data.access_token).sid);
    expect((await login(user.email, 'Wrong-password-1')).statusCode).toBe(400);
    expect((await login('nobody.here@example.com', 'Wrong-password-1')).statusCode).toBe(404);

    const [failed, succeeded] = await eventsFor(user.id);
    expect(succeeded).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/Z$/),
      action: 'auth.login_succeeded',
      actorId: user.id,
      actorName: null,
      targetId: user.id,
      ip: '198.51.100.9',
      userAgent: 'AuditTest/1.0',
      details: { sessionId: sid },
      actor: { id: user.id, fullName: user.fullName, email: user.email },
      target: { id: user.id, fullName: user.fullName, email: user.email },
    });
    expect(failed).toMatchObject({
      action: 'auth.login_failed',
      actorId: null,
      targetId: user.id,
      ip: '198.51.100.9',
      details: { reason: 'wrong_password' },
    });

    const unknown = (await audit({ action: 'auth.login_failed' })).json().data as AuditEvent[];
    expect(unknown).toContainEqual(
      expect.objectContaining({
        targetId: null,
        details: { reason: 'unknown_email', email: 'nobody.here@example.com' },
      }),
    );

    const inactive = await createUser(t, { status: 'inactive' });
    expect((await login(inactive.email, inactive.password)).statusCode).toBe(403);
    expect((await eventsFor(inactive.id, 'auth.login_failed'))[0]?.details).toEqual({
      reason: 'inactive',
    });
  });

  it('records the lockout and the attempts made while locked', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 3; i += 1) await login(user.email, 'Wrong-password-1');
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    const [locked] = await eventsFor(user.id, 'auth.locked_out');
    expect(locked).toMatchObject({ targetId: user.id, details: { lockouts: 1, seconds: 60 } });
    const failures = await eventsFor(user.id, 'auth.login_failed');
    expect(failures.map((event) => event.details?.reason)).toEqual([
      'locked',
      'wrong_password',
      'wrong_password',
      'wrong_password',
    ]);
  });

  it('records logouts, admin revocations and refresh-token reuse', async () => {
    const user = await createUser(t);
    const first = await loginTokens(t, user);
    secrets.push(first.refresh_token);
    const sid = String(decodeJwt(first.access_token).sid);
    const second = (
      await t.app.inject({ method: 'POST', url: `/api/auth/refresh-token/${first.refresh_token}` })
    ).json().data as TokenPair;
    await t.app.inject({ method: 'POST', url: `/api/auth/refresh-token/${second.refresh_token}` });
    // The first token again, after its successor was used: theft.
    const reuse = await t.app.inject({
      method: 'POST',
      url: `/api/auth/refresh-token/${first.refresh_token}`,
      ...FROM,
    });
    expect(reuse.statusCode).toBe(403);
    expect((await eventsFor(user.id, 'auth.refresh_token_reused'))[0]).toMatchObject({
      actorId: null,
      targetId: user.id,
      ip: '198.51.100.9',
      details: { sessionId: sid, rotatedAt: expect.any(String) },
    });

    const other = await loginTokens(t, user);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: as(other),
    });
    expect(out.statusCode).toBe(200);
    expect((await eventsFor(user.id, 'auth.logout'))[0]).toMatchObject({
      actorId: user.id,
      targetId: user.id,
      details: { sessionId: String(decodeJwt(other.access_token).sid) },
    });

    const third = await loginTokens(t, user);
    const thirdSid = String(decodeJwt(third.access_token).sid);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}/sessions/${thirdSid}`,
      headers: as(adminTokens),
    });
    expect((await eventsFor(user.id, 'session.revoked'))[0]).toMatchObject({
      actorId: admin.id,
      targetId: user.id,
      details: { sessionId: thirdSid },
    });
  });

  it('records invitations sent, resent and accepted', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-create',
      headers: as(adminTokens),
      payload: { users: [{ email: 'invitee@example.com', position: 'finance' }] },
    });
    const invitee = invited.json().data.created[0] as { id: string; email: string };
    await t.app.inject({
      method: 'POST',
      url: '/api/users/resend',
      headers: as(adminTokens),
      payload: { email: invitee.email },
    });
    const token = await insertLinkToken(t, invitee.id, 'confirmation_token');
    secrets.push(token);
    const setup = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/setup',
      payload: { token, password: NEW_PASSWORD, confirmedPassword: NEW_PASSWORD },
      ...FROM,
    });
    expect(setup.statusCode).toBe(200);

    const events = await eventsFor(invitee.id);
    expect(events.map((event) => [event.action, event.actorId, event.details])).toEqual([
      ['invitation.accepted', invitee.id, null],
      ['invitation.sent', admin.id, { resend: true }],
      ['invitation.sent', admin.id, { position: 'finance' }],
    ]);
  });

  it('records reset requests (known or not), completed resets and password changes', async () => {
    const user = await createUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: user.email },
      ...FROM,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: 'stranger@example.com' },
    });
    const token = await insertLinkToken(t, user.id, 'reset_password_token');
    secrets.push(token);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/users/reset-password',
      payload: { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    const tokens = await loginTokens(t, { email: user.email, password: NEW_PASSWORD });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/change-password',
      headers: as(tokens),
      payload: {
        password: NEW_PASSWORD,
        newPassword: 'Quartz-Lamp-71',
        confirmNewPassword: 'Quartz-Lamp-71',
      },
    });
    expect(changed.statusCode).toBe(200);
    secrets.push('Quartz-Lamp-71');

    const actions = (await eventsFor(user.id)).map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'password.changed',
        'password.reset_completed',
        'password.reset_requested',
      ]),
    );
    expect((await eventsFor(user.id, 'password.reset_requested'))[0]?.details).toEqual({
      mailed: true,
    });
    const strangers = (await audit({ action: 'password.reset_requested' })).json()
      .data as AuditEvent[];
    expect(strangers).toContainEqual(
      expect.objectContaining({
        targetId: null,
        details: { mailed: false, email: 'stranger@example.com' },
      }),
    );
  });

  it('records position and status changes with before and after, and deletions', async () => {
    const user = await createUser(t, { position: 'contractor' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: as(adminTokens),
      remoteAddress: FROM.remoteAddress,
      payload: { position: 'finance', fullName: 'Renamed' },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/status`,
      headers: as(adminTokens),
      remoteAddress: FROM.remoteAddress,
      payload: { status: 'inactive' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: as(adminTokens),
      remoteAddress: FROM.remoteAddress,
    });
    const events = await eventsFor(user.id);
    expect(
      events
        .filter((event) => event.action !== 'user.created')
        .map((event) => [event.action, event.actorId, event.ip, event.details]),
    ).toEqual([
      ['user.deleted', admin.id, '198.51.100.9', { position: 'finance', status: 'inactive' }],
      ['user.status_changed', admin.id, '198.51.100.9', { before: 'active', after: 'inactive' }],
      [
        'user.position_changed',
        admin.id,
        '198.51.100.9',
        { before: 'contractor', after: 'finance' },
      ],
    ]);
  });

  it('records uploads', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    const body = multipart([
      { field: 'file', filename: 'me.png', contentType: 'image/png', data: await solidPng(32, 32) },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?dir=users',
      payload: body.payload,
      headers: { ...body.headers, ...as(tokens) },
    });
    expect(uploaded.statusCode).toBe(201);
    expect((await eventsFor(user.id, 'upload.created'))[0]).toMatchObject({
      actorId: user.id,
      details: {
        path: uploaded.json().data.path,
        contentType: 'image/png',
        size: uploaded.json().data.size,
      },
    });
  });

  it('records refused access: who tried which route', async () => {
    const user = await createUser(t, { position: 'finance' });
    const tokens = await loginTokens(t, user);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/users?search=x',
      headers: as(tokens),
      remoteAddress: FROM.remoteAddress,
    });
    expect(refused.statusCode).toBe(403);
    const [denied] = (await audit({ actor: user.id, action: 'access.denied' })).json().data;
    expect(denied).toMatchObject({
      actorId: user.id,
      targetId: null,
      ip: '198.51.100.9',
      details: { method: 'GET', route: '/api/users' },
    });
  });

  it('records nothing for a change that was refused', async () => {
    const before = (await audit()).json().meta.totalItems as number;
    // Deactivating oneself and a pending user's status are refused before anything changes.
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.id}/status`,
      headers: as(adminTokens),
      payload: { status: 'inactive' },
    });
    expect(self.statusCode).toBe(403);
    const pending = await createUser(t, { status: 'pending' });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${pending.id}/status`,
      headers: as(adminTokens),
      payload: { status: 'inactive' },
    });
    expect(refused.statusCode).toBe(400);
    const after = (await audit()).json().meta.totalItems as number;
    // Only the pending user's creation was added.
    expect(after).toBe(before + 1);
  });

  it('never stores a password or a token', async () => {
    const rows = await t.db.selectFrom('audit_events').selectAll().execute();
    expect(rows.length).toBeGreaterThan(20);
    const text = JSON.stringify(rows);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('the audit table', () => {
  it('is append-only: no deletes, and id, time and action never change', async () => {
    const [row] = await t.db.selectFrom('audit_events').selectAll().limit(1).execute();
    const attempts = [
      () => t.db.deleteFrom('audit_events').where('id', '=', row!.id).execute(),
      () =>
        t.db
          .updateTable('audit_events')
          .set({ action: 'auth.logout' })
          .where('id', '=', row!.id)
          .execute(),
      () =>
        t.db
          .updateTable('audit_events')
          .set({ at: '2000-01-01T00:00:00.000Z' })
          .where('id', '=', row!.id)
          .execute(),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow(/append-only/);
    const again = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual(row);
  });
});

describe('GET /api/audit', () => {
  it('pages newest first and filters by actor, target, action and time', async () => {
    const user = await createUser(t);
    // Past the millisecond of the creation event, which must fall outside the window.
    t.clock.advance(5);
    const start = new Date(t.clock.now()).toISOString();
    for (let i = 0; i < 3; i += 1) await login(user.email, 'Wrong-password-1');
    await login(user.email, user.password);
    const end = new Date(t.clock.now()).toISOString();

    const page = await audit({ target: user.id, limitPerPage: '2', page: '2' });
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({
      currentPage: 2,
      itemsPerPage: 2,
      totalItems: 6,
      totalPages: 3,
      totalItemsCapped: false,
    });
    const all = (await audit({ target: user.id })).json().data as AuditEvent[];
    const times = all.map((event) => event.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.json().data).toEqual(all.slice(2, 4));

    const byAction = (await audit({ target: user.id, action: 'auth.locked_out' })).json();
    expect(byAction.meta.totalItems).toBe(1);
    const byActor = (await audit({ actor: admin.id })).json().data as AuditEvent[];
    expect(byActor.every((event) => event.actorId === admin.id)).toBe(true);
    const inWindow = (await audit({ target: user.id, from: start, to: end })).json();
    // Three failures, the lockout and the locked attempt; not the creation before `start`.
    expect(inWindow.meta.totalItems).toBe(5);
    const none = (await audit({ target: user.id, to: start.replace(/Z$/, '+14:00') })).json();
    expect(none.meta.totalItems).toBe(0);
  });

  it('counts no further than the newest 10,000 matches, and pages no further either', async () => {
    const target = newId();
    const at = t.clock.now();
    const rows = Array.from({ length: AUDIT_PAGED_MAX_ROWS + 1 }, (_, i) =>
      auditRow({ action: 'mail.test_queued', targetId: target, origin: NO_ORIGIN }, at + i),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await t.db
        .insertInto('audit_events')
        .values(rows.slice(i, i + 500))
        .execute();
    }

    const first = await audit({ target });
    expect(first.json().meta).toEqual({
      currentPage: 1,
      itemsPerPage: 50,
      totalItems: AUDIT_PAGED_MAX_ROWS,
      totalPages: AUDIT_PAGED_MAX_ROWS / 50,
      totalItemsCapped: true,
    });
    expect(first.json().data[0].id).toBe(rows.at(-1)!.id);

    const last = await audit({ target, page: String(AUDIT_PAGED_MAX_ROWS / 50) });
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toHaveLength(50);
    const beyond = await audit({ target, page: String(AUDIT_PAGED_MAX_ROWS / 50 + 1) });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors).toEqual({ page: SECURITY_MESSAGES.pageBeyondCap });

    // One match fewer (the newest left out) is counted exactly.
    const exact = await audit({ target, to: toIso(at + AUDIT_PAGED_MAX_ROWS - 1) });
    expect(exact.json().meta).toMatchObject({
      totalItems: AUDIT_PAGED_MAX_ROWS,
      totalItemsCapped: false,
    });
  });

  it('names the actor and the target as the users they are now; an id that is no user stays an id', async () => {
    const user = await createUser(t, { fullName: 'Named Target' });
    await login(user.email, 'Wrong-password-1');
    const notUser = newId();
    await t.db
      .insertInto('audit_events')
      .values(
        auditRow(
          { action: 'mail.test_queued', actorId: admin.id, targetId: notUser, origin: NO_ORIGIN },
          t.clock.now(),
        ),
      )
      .execute();

    const [failed] = (await audit({ target: user.id, action: 'auth.login_failed' })).json()
      .data as AuditTrailEvent[];
    expect(failed).toMatchObject({
      targetId: user.id,
      target: { id: user.id, fullName: 'Named Target', email: user.email },
      actorId: null,
      actor: null,
    });
    const [queued] = (await audit({ target: notUser })).json().data as AuditTrailEvent[];
    expect(queued).toMatchObject({
      actorId: admin.id,
      actor: { id: admin.id, fullName: admin.fullName, email: admin.email },
      targetId: notUser,
      target: null,
    });

    // Once the user is deleted, their events keep the id and name nobody.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: bearer(adminTokens.access_token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [after] = (await audit({ target: user.id, action: 'auth.login_failed' })).json()
      .data as AuditTrailEvent[];
    expect(after).toMatchObject({ targetId: user.id, target: null });
  });

  it('answers 400 for bad filters', async () => {
    const queries: Record<string, string>[] = [
      { actor: 'not-a-uuid' },
      { target: '1' },
      { action: 'user.hacked' },
      { from: 'yesterday' },
      { from: '2025-01-02T00:00:00Z', to: '2025-01-01T00:00:00Z' },
      { limitPerPage: '101' },
      { page: '0' },
    ];
    for (const query of queries) {
      const response = await audit(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().code).toBe(400);
    }
  });
});
