import {
  API_MESSAGES,
  BULK_MESSAGES,
  BULK_USERS_MAX,
  type BulkUserResult,
  type BulkUsersAnswer,
  type BulkUsersInput,
  type TokenPair,
} from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_ORIGIN } from '../../src/modules/audit/audit-events.js';
import { USERS_BULK_MESSAGES } from '../../src/modules/users-bulk/users-bulk.service.js';
import { USER_ADMIN_MESSAGES } from '../../src/modules/users/users.messages.js';
import {
  activeAdminIds,
  bearer,
  createSignedInAdmin,
  createSignedInUser,
  createTestApp,
  createUser,
  getProfile,
  loginTokens,
  refresh,
  staleAdminActor,
  twoLastAdmins,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { FAST_MAIL_ENV, linkIn, startSmtpServer, type TestSmtpServer } from '../smtp.js';

const APP_URL = 'https://staff.example.com';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A well-formed id no user has. */
const NOBODY = '5a1e7f10-0000-4000-8000-000000000000';

let smtp: TestSmtpServer;
let t: TestApp;
let admin: SignedInUser;
let adminTokens: TokenPair;
let memberToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, APP_URL, ...FAST_MAIL_ENV } });
  admin = await createSignedInAdmin(t);
  adminTokens = admin.tokens;
  memberToken = (await createSignedInUser(t, { position: 'project_manager' })).tokens.access_token;
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const bulk = (payload: object, token = adminTokens.access_token) =>
  t.app.inject({ method: 'POST', url: '/api/users/bulk', headers: bearer(token), payload });

/** A bulk call that must answer 200: its answer. */
async function bulkOk(payload: BulkUsersInput): Promise<BulkUsersAnswer> {
  const response = await bulk(payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: BulkUsersAnswer }>().data;
}

const row = (
  user: { id: string; email: string | null },
  outcome: BulkUserResult['outcome'],
  message: string | null = null,
): BulkUserResult => ({ id: user.id, email: user.email, outcome, message });

const standing = (id: string) =>
  t.db.selectFrom('users').select(['position', 'status']).where('id', '=', id).executeTakeFirst();

/** The audit events about a user, with their details parsed. */
async function eventsAbout(targetId: string, action: string) {
  const rows = await t.db
    .selectFrom('audit_events')
    .select(['actor_id', 'details'])
    .where('target_id', '=', targetId)
    .where('action', '=', action)
    .execute();
  return rows.map((event) => ({
    actorId: event.actor_id,
    details: event.details ? (JSON.parse(event.details) as Record<string, unknown>) : null,
  }));
}

const liveSessionsOf = (userId: string) =>
  t.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

describe('POST /api/users/bulk: deactivate and activate', () => {
  it('deactivates row by row: done, skipped, and failed with the one-user call’s message', async () => {
    const active = await createUser(t);
    const activeTokens = await loginTokens(t, active);
    const inactive = await createUser(t, { status: 'inactive' });
    const pending = await createUser(t, { status: 'pending' });
    const answer = await bulkOk({
      action: 'deactivate',
      ids: [active.id, inactive.id, pending.id, NOBODY, admin.id, 'not-an-id'],
    });
    expect(answer).toEqual({
      results: [
        row(active, 'done'),
        row(inactive, 'skipped', BULK_MESSAGES.alreadyInStatus('Inactive')),
        row(pending, 'failed', USER_ADMIN_MESSAGES.pendingStatus),
        row({ id: NOBODY, email: null }, 'failed', API_MESSAGES.userNotFound),
        row(admin, 'failed', USER_ADMIN_MESSAGES.ownPositionOrStatus),
        row({ id: 'not-an-id', email: null }, 'failed', API_MESSAGES.userNotFound),
      ],
      next: null,
    });

    expect(await standing(active.id)).toEqual({ position: 'contractor', status: 'inactive' });
    expect(await standing(pending.id)).toEqual({ position: 'contractor', status: 'pending' });
    expect(await standing(admin.id)).toEqual({ position: 'admin', status: 'active' });
    // Deactivating ends the user's sessions, as PATCH /users/:id/status does.
    expect(await liveSessionsOf(active.id)).toEqual([]);
    expect((await refresh(t, activeTokens.refresh_token)).statusCode).toBe(403);
    // One audit event per row that changed, the same as the one-user call's; none for the rest.
    expect(await eventsAbout(active.id, 'user.status_changed')).toEqual([
      { actorId: admin.id, details: { before: 'active', after: 'inactive' } },
    ]);
    for (const user of [inactive, pending, admin]) {
      expect(await eventsAbout(user.id, 'user.status_changed')).toEqual([]);
    }
    // The caller is still signed in.
    expect((await getProfile(t, adminTokens.access_token)).statusCode).toBe(200);
  });

  it('activates inactive users, skips active ones and refuses pending ones', async () => {
    const inactive = await createUser(t, { status: 'inactive' });
    const active = await createUser(t);
    const pending = await createUser(t, { status: 'pending' });
    const answer = await bulkOk({
      action: 'activate',
      ids: [inactive.id, active.id, pending.id],
    });
    expect(answer.results).toEqual([
      row(inactive, 'done'),
      row(active, 'skipped', BULK_MESSAGES.alreadyInStatus('Active')),
      row(pending, 'failed', USER_ADMIN_MESSAGES.pendingStatus),
    ]);
    expect((await standing(inactive.id))?.status).toBe('active');
    expect(await eventsAbout(inactive.id, 'user.status_changed')).toEqual([
      { actorId: admin.id, details: { before: 'inactive', after: 'active' } },
    ]);
  });

  it('acts on each id once, in the order given, whatever its letter case', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const answer = await bulkOk({
      action: 'deactivate',
      ids: [second.id.toUpperCase(), first.id, second.id],
    });
    expect(answer.results).toEqual([row(second, 'done'), row(first, 'done')]);
    expect(await eventsAbout(second.id, 'user.status_changed')).toHaveLength(1);
  });
});

describe('POST /api/users/bulk: changeRole', () => {
  it('changes roles, skips those who have it, never one’s own', async () => {
    const contractor = await createUser(t, { position: 'contractor' });
    const finance = await createUser(t, { position: 'finance' });
    const pending = await createUser(t, { position: 'contractor', status: 'pending' });
    const otherAdmin = await createUser(t, { position: 'admin' });
    const answer = await bulkOk({
      action: 'changeRole',
      position: 'finance',
      ids: [contractor.id, finance.id, pending.id, admin.id, otherAdmin.id],
    });
    expect(answer.results).toEqual([
      row(contractor, 'done'),
      row(finance, 'skipped', BULK_MESSAGES.alreadyInRole('finance')),
      row(pending, 'done'),
      row(admin, 'failed', USER_ADMIN_MESSAGES.ownPositionOrStatus),
      row(otherAdmin, 'done'),
    ]);
    expect(await standing(contractor.id)).toEqual({ position: 'finance', status: 'active' });
    expect(await standing(pending.id)).toEqual({ position: 'finance', status: 'pending' });
    expect(await standing(otherAdmin.id)).toEqual({ position: 'finance', status: 'active' });
    expect(await standing(admin.id)).toEqual({ position: 'admin', status: 'active' });
    expect(await eventsAbout(otherAdmin.id, 'user.position_changed')).toEqual([
      { actorId: admin.id, details: { before: 'admin', after: 'finance' } },
    ]);
    expect(await eventsAbout(finance.id, 'user.position_changed')).toEqual([]);
  });
});

describe('POST /api/users/bulk: resendInvitation', () => {
  it('mails pending users a new link (the old one dies) and skips everyone else', async () => {
    const email = uniqueEmail('bulk-invitee');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-create',
      headers: bearer(adminTokens.access_token),
      payload: { users: [{ email, fullName: 'Rita Resent', position: 'contractor' }] },
    });
    expect(invited.statusCode).toBe(201);
    const pendingId: string = invited.json().data.created[0].id;
    const first = linkIn(await smtp.waitForMail(email), '/auth/accept-invitation').token;
    const active = await createUser(t);

    const answer = await bulkOk({ action: 'resendInvitation', ids: [pendingId, active.id] });
    expect(answer.results).toEqual([
      row({ id: pendingId, email }, 'done'),
      row(active, 'skipped', BULK_MESSAGES.notPending),
    ]);

    const mail = await smtp.waitForMail(email, { nth: 2 });
    expect(mail.text).toContain('Hello Rita Resent,');
    const second = linkIn(mail, '/auth/accept-invitation').token;
    expect(second).not.toBe(first);
    const check = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/users/check-token',
        query: { token, jwtTokenType: 'confirmation_token' },
      });
    // A new invitation link ends the older ones once it is out: the worker records that just
    // after the relay took the mail, which the test's SMTP server may see first.
    await t.app.mailWorker.nextPass();
    expect((await check(first)).json()).toEqual({ code: 400, message: API_MESSAGES.invalidToken });
    expect((await check(second)).json().data.tokenStatus).toBe('valid');
    expect(smtp.mailsTo(active.email)).toEqual([]);
    expect(await eventsAbout(pendingId, 'invitation.sent')).toContainEqual({
      actorId: admin.id,
      details: { resend: true },
    });
  });
});

describe('POST /api/users/bulk: endSessions', () => {
  it('ends every live session (refresh tokens die), skips users without one, never one’s own', async () => {
    const user = await createUser(t);
    const laptop = await loginTokens(t, user);
    const phone = await loginTokens(t, user);
    const idle = await createUser(t);
    const answer = await bulkOk({ action: 'endSessions', ids: [user.id, idle.id, admin.id] });
    expect(answer.results).toEqual([
      row(user, 'done'),
      row(idle, 'skipped', BULK_MESSAGES.noSessions),
      row(admin, 'failed', USERS_BULK_MESSAGES.ownSessions),
    ]);

    for (const tokens of [laptop, phone]) {
      expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(403);
      expect((await getProfile(t, tokens.access_token)).statusCode).toBe(401);
    }
    expect(await liveSessionsOf(user.id)).toEqual([]);
    // The user may sign in again: only the sessions ended.
    expect((await standing(user.id))?.status).toBe('active');
    expect((await getProfile(t, (await loginTokens(t, user)).access_token)).statusCode).toBe(200);
    // One `session.revoked` per session, as DELETE /users/:id/sessions/:sessionId records.
    const events = await eventsAbout(user.id, 'session.revoked');
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.actorId === admin.id)).toBe(true);
    expect(await liveSessionsOf(admin.id)).not.toEqual([]);
    expect((await getProfile(t, adminTokens.access_token)).statusCode).toBe(200);
  });
});

describe('POST /api/users/bulk: delete', () => {
  it('deletes users, never oneself; an id already gone fails as not found', async () => {
    const doomed = await createUser(t);
    const doomedTokens = await loginTokens(t, doomed);
    const gone = await createUser(t);
    await bulkOk({ action: 'delete', ids: [gone.id] });

    const answer = await bulkOk({ action: 'delete', ids: [doomed.id, admin.id, gone.id] });
    expect(answer.results).toEqual([
      row(doomed, 'done'),
      row(admin, 'failed', USER_ADMIN_MESSAGES.deleteSelf),
      row({ id: gone.id, email: null }, 'failed', API_MESSAGES.userNotFound),
    ]);
    expect(await standing(doomed.id)).toBeUndefined();
    expect((await refresh(t, doomedTokens.refresh_token)).statusCode).toBe(403);
    expect(await eventsAbout(doomed.id, 'user.deleted')).toEqual([
      { actorId: admin.id, details: { position: 'contractor', status: 'active' } },
    ]);
    expect(await standing(admin.id)).toEqual({ position: 'admin', status: 'active' });
  });
});

describe('POST /api/users/bulk with a filter', () => {
  /** Users only this test's search term finds. */
  async function people(marker: string, statuses: ('active' | 'inactive' | 'pending')[]) {
    const users: TestUser[] = [];
    for (const [index, status] of statuses.entries()) {
      users.push(await createUser(t, { status, fullName: `${marker} Person ${index}` }));
    }
    return users;
  }
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);

  it('walks every match in id order with after/next, while acted-on users leave the filter', async () => {
    const marker = 'Quillfeather';
    const users = await people(marker, [
      'active',
      'active',
      'inactive',
      'active',
      'active',
      'active',
    ]);
    const matching = users.filter((user) => user.status === 'active').sort(byId);
    const filter = { search: marker.toLowerCase(), status: 'active' as const };

    const calls: BulkUsersAnswer[] = [];
    let after: string | undefined;
    do {
      const answer = await bulkOk({ action: 'deactivate', filter, limit: 2, after });
      calls.push(answer);
      after = answer.next ?? undefined;
    } while (after && calls.length < 10);

    // 5 matches by 2: full, full, then the last one with next null.
    expect(calls.map((call) => call.results.length)).toEqual([2, 2, 1]);
    expect(calls.map((call) => call.next)).toEqual([matching[1]?.id, matching[3]?.id, null]);
    const results = calls.flatMap((call) => call.results);
    expect(results).toEqual(matching.map((user) => row(user, 'done')));
    for (const user of matching) expect((await standing(user.id))?.status).toBe('inactive');
    // Nothing matches any more.
    expect(await bulkOk({ action: 'deactivate', filter })).toEqual({ results: [], next: null });
  });

  it('answers next null when the last batch is exactly full', async () => {
    const marker = 'Marblewick';
    const users = (await people(marker, ['active', 'active', 'active', 'active'])).sort(byId);
    const filter = { search: marker.toLowerCase() };
    const first = await bulkOk({ action: 'endSessions', filter, limit: 2 });
    expect(first.results.map((result) => result.id)).toEqual([users[0]?.id, users[1]?.id]);
    expect(first.next).toBe(users[1]?.id);
    const second = await bulkOk({ action: 'endSessions', filter, limit: 2, after: first.next! });
    expect(second.results.map((result) => result.id)).toEqual([users[2]?.id, users[3]?.id]);
    expect(second.next).toBeNull();
    expect(second.results.every((result) => result.outcome === 'skipped')).toBe(true);
  });

  it('applies the role, never-signed-in and dormant filters by the app’s clock', async () => {
    const marker = 'Thistledown';
    const old = await people(marker, ['active', 'active']);
    await loginTokens(t, old[0]!);
    t.clock.advance(31 * DAY_MS);
    // Past every session's lifetime: the callers sign in again.
    adminTokens = await loginTokens(t, admin);
    memberToken = (await createSignedInUser(t, { position: 'finance' })).tokens.access_token;
    const recent = await people(marker, ['active']);
    const manager = await createUser(t, {
      position: 'project_manager',
      fullName: `${marker} Manager`,
    });
    const ids = (answer: BulkUsersAnswer) => answer.results.map((result) => result.id).sort();
    const search = marker.toLowerCase();

    // Dormant for 30 days: the two made before the clock moved (one signed in then, one never).
    const dormant = await bulkOk({
      action: 'changeRole',
      position: 'contractor',
      filter: { search, dormantDays: 30 },
    });
    expect(ids(dormant)).toEqual(old.map((user) => user.id).sort());
    expect(dormant.results.every((result) => result.outcome === 'skipped')).toBe(true);

    const neverSignedIn = await bulkOk({
      action: 'endSessions',
      filter: { search, neverSignedIn: true },
    });
    expect(ids(neverSignedIn)).toEqual([old[1]!.id, recent[0]!.id, manager.id].sort());

    const managers = await bulkOk({
      action: 'changeRole',
      position: 'finance',
      filter: { search, position: 'project_manager' },
    });
    expect(managers.results).toEqual([row(manager, 'done')]);
  });

  it('refuses a cursor it did not give', async () => {
    const response = await bulk({ action: 'activate', filter: {}, after: 'page-2' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ after: USERS_BULK_MESSAGES.badCursor });
  });
});

describe('POST /api/users/bulk: bad bodies and callers', () => {
  it('answers 400 with the field’s message for bodies the schema refuses', async () => {
    const user = await createUser(t);
    const tooMany = Array.from({ length: BULK_USERS_MAX + 1 }, () => user.id);
    const cases: [object, Record<string, string> | undefined][] = [
      [{ action: 'deactivate', ids: [user.id], filter: {} }, { ids: BULK_MESSAGES.idsOrFilter }],
      [{ action: 'deactivate' }, { ids: BULK_MESSAGES.idsOrFilter }],
      [{ action: 'deactivate', ids: tooMany }, undefined],
      [{ action: 'deactivate', ids: [] }, undefined],
      [{ action: 'changeRole', ids: [user.id] }, { position: BULK_MESSAGES.positionRequired }],
      [
        { action: 'activate', position: 'admin', ids: [user.id] },
        { position: BULK_MESSAGES.positionRequired },
      ],
      [
        { action: 'activate', ids: [user.id], after: user.id },
        { after: BULK_MESSAGES.afterNeedsFilter },
      ],
      [{ action: 'promote', ids: [user.id] }, undefined],
      [{ action: 'activate', filter: {}, limit: BULK_USERS_MAX + 1 }, undefined],
      [{ action: 'activate', filter: { status: 'asleep' } }, undefined],
    ];
    for (const [payload, errors] of cases) {
      const response = await bulk(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(API_MESSAGES.validationFailed);
      if (errors) expect(response.json().errors).toMatchObject(errors);
    }
    expect((await standing(user.id))?.status).toBe('active');
  });

  it('is for admins only', async () => {
    const user = await createUser(t);
    const payload = { action: 'deactivate', ids: [user.id] };
    expect((await bulk(payload, memberToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/users/bulk', payload });
    expect(anonymous.statusCode).toBe(401);
    expect((await standing(user.id))?.status).toBe('active');
  });

  it('stops at an unexpected error: rows already done stay done, no further row starts, 500', async () => {
    // On PostgreSQL up to 4 rows are in flight at once: rows 0 to 3 start together.
    const users: TestUser[] = [];
    for (let i = 0; i < 8; i += 1) users.push(await createUser(t));
    const failing = users[1]!;
    const original = t.services.users.updateStatus.bind(t.services.users);
    const spy = vi
      .spyOn(t.services.users, 'updateStatus')
      .mockImplementation((actor, id, status, origin) =>
        id === failing.id
          ? Promise.reject(new Error('disk on fire'))
          : original(actor, id, status, origin),
      );
    try {
      const response = await bulk({ action: 'deactivate', ids: users.map((user) => user.id) });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 500, message: API_MESSAGES.internalError });
    } finally {
      spy.mockRestore();
    }
    expect((await standing(users[0]!.id))?.status).toBe('inactive');
    expect((await standing(failing.id))?.status).toBe('active');
    for (const user of users.slice(4)) expect((await standing(user.id))?.status).toBe('active');
  });
});

describe('the last active admin, in bulk', () => {
  let solo: TestApp;
  beforeAll(async () => {
    solo = await createTestApp();
  });
  afterAll(() => solo.close());

  it('is never demoted, deactivated or deleted, row by row, even by a caller whose rights are stale', async () => {
    const last = await createUser(solo, { position: 'admin' });
    const actor = await staleAdminActor(solo);
    const inputs = [
      { action: 'changeRole', position: 'contractor' },
      { action: 'deactivate' },
      { action: 'delete' },
    ] as const;
    for (const input of inputs) {
      const other = await createUser(solo, { position: 'finance' });
      const answer = await solo.app.usersBulk.run(
        actor,
        { ...input, ids: [last.id, other.id], limit: BULK_USERS_MAX },
        NO_ORIGIN,
      );
      expect(answer.results, input.action).toEqual([
        row(last, 'failed', USER_ADMIN_MESSAGES.lastActiveAdmin),
        row(other, 'done'),
      ]);
    }
    expect(await solo.services.users.getById(last.id)).toMatchObject({
      position: 'admin',
      status: 'active',
    });

    // Two admins, and room for one to go: the first in the order given goes, whatever else runs.
    const second = await createUser(solo, { position: 'admin' });
    const others = [await createUser(solo), await createUser(solo), await createUser(solo)];
    const answer = await solo.app.usersBulk.run(
      actor,
      {
        action: 'deactivate',
        ids: [others[0]!.id, second.id, others[1]!.id, last.id, others[2]!.id],
        limit: BULK_USERS_MAX,
      },
      NO_ORIGIN,
    );
    expect(answer.results).toEqual([
      row(others[0]!, 'done'),
      row(second, 'done'),
      row(others[1]!, 'done'),
      row(last, 'failed', USER_ADMIN_MESSAGES.lastActiveAdmin),
      row(others[2]!, 'done'),
    ]);
  });

  it('survives two admins deactivating each other in bulk at the same moment', async () => {
    const { a, b, tokenA, tokenB } = await twoLastAdmins(solo);
    const deactivate = (id: string, token: TokenPair) =>
      solo.app.inject({
        method: 'POST',
        url: '/api/users/bulk',
        headers: bearer(token.access_token),
        payload: { action: 'deactivate', ids: [id] },
      });
    const responses = await Promise.all([deactivate(b.id, tokenA), deactivate(a.id, tokenB)]);
    // Either both calls ran and one row met the rule, or one caller was already inactive (403).
    const outcomes = responses.map((response) =>
      response.statusCode === 200 ? response.json().data.results[0].outcome : response.statusCode,
    );
    expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(1);
    expect(await activeAdminIds(solo)).toHaveLength(1);
  });
});
