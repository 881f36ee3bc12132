import type { LockedAccount, SecuritySummary } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/lib/csv.js';
import {
  bearer,
  createTestApp,
  createUser,
  login,
  loginTokens,
  refresh,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from '../helpers.js';

const HOUR = 3_600_000;
const FAILURES_BEFORE_LOCK = 3;
const REUSE_GRACE_MS = 1000;

let t: TestApp;
let admin: TestUser;
let adminToken: string;

/** A new access token for the admin (after the clock has moved past the old one's expiry). */
async function signIn() {
  adminToken = (await loginTokens(t, admin)).access_token;
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOGIN_FAILURES_BEFORE_LOCK: String(FAILURES_BEFORE_LOCK),
      REFRESH_REUSE_GRACE: `${REUSE_GRACE_MS}ms`,
    },
  });
  admin = await createUser(t, { position: 'admin' });
  await signIn();
});
afterAll(() => t.close());

/** Wrong passwords until the email is locked: the last one takes the lock. */
async function lockOut(email: string) {
  for (let failure = 1; failure <= FAILURES_BEFORE_LOCK; failure += 1) {
    const response = await login(t, email, 'Wrong-Password-1');
    expect([400, 404]).toContain(response.statusCode);
  }
  expect((await login(t, email, 'Wrong-Password-1')).statusCode).toBe(429);
}

async function lockedAccounts() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/monitoring/security/locked-accounts',
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: LockedAccount[]; meta: Record<string, number> }>();
}

const unlock = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/monitoring/security/locked-accounts/unlock',
    headers: bearer(adminToken),
    payload: payload as Record<string, unknown>,
  });

async function summary() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/monitoring/security/summary',
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SecuritySummary }>().data;
}

const exportCsv = (query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/audit/export.csv',
    query,
    headers: bearer(adminToken),
  });

describe('Monitoring › Sign-in security: locked accounts', () => {
  it('lists an account locked by wrong passwords; unlocking lets it sign in again and is audited', async () => {
    const user = await createUser(t);
    const lockedAt = t.clock.now();
    await lockOut(user.email);

    const listed = await lockedAccounts();
    const lock = listed.data.find((account) => account.email === user.email);
    expect(lock).toEqual({
      email: user.email,
      user: { id: user.id, fullName: user.fullName },
      lockedAt: new Date(lockedAt).toISOString(),
      lockedUntil: new Date(lockedAt + 60_000).toISOString(),
      lockouts: 1,
    });
    expect(listed.meta).toMatchObject({ currentPage: 1, totalItems: listed.data.length });

    expect((await unlock({ email: user.email.toUpperCase() })).statusCode).toBe(204);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
    expect((await lockedAccounts()).data.map((account) => account.email)).not.toContain(user.email);
    const audited = await t.db
      .selectFrom('audit_events')
      .select(['actor_id', 'target_id'])
      .where('action', '=', 'auth.unlocked')
      .where('target_id', '=', user.id)
      .execute();
    expect(audited).toEqual([{ actor_id: admin.id, target_id: user.id }]);

    // Not locked any more: nothing to unlock.
    const again = await unlock({ email: user.email });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 404, message: 'This email is not locked.' });
  });

  it('lists and unlocks an email that no account has', async () => {
    const email = uniqueEmail('nobody');
    await lockOut(email);
    const lock = (await lockedAccounts()).data.find((account) => account.email === email);
    expect(lock).toMatchObject({ email, user: null });

    expect((await unlock({ email })).statusCode).toBe(204);
    expect((await lockedAccounts()).data.map((account) => account.email)).not.toContain(email);
  });

  it('does not list a lock that has run out, nor one ended by a successful sign-in', async () => {
    const expired = await createUser(t);
    await lockOut(expired.email);
    t.clock.advance(61_000);
    expect((await lockedAccounts()).data.map((account) => account.email)).not.toContain(
      expired.email,
    );
    expect((await login(t, expired.email, expired.password)).statusCode).toBe(200);
  });

  it('answers 400 with the field for a bad email and 404 for an email never locked', async () => {
    const bad = await unlock({ email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, errors: { email: expect.any(String) } });
    expect((await unlock({ email: uniqueEmail('never') })).statusCode).toBe(404);
  });
});

describe('Monitoring › Sign-in security: summary', () => {
  it('counts failed sign-ins per hour, right across an hour boundary', async () => {
    // Just before the next full hour.
    const nextHour = Math.ceil((t.clock.now() + 1) / HOUR) * HOUR;
    t.clock.set(nextHour - 1000);
    await signIn();
    const before = await summary();
    expect(before.failedSignIns).toHaveLength(24);
    const baseline = before.failedSignIns.at(-1)!.count;
    expect(before.failedSignIns.at(-1)!.hour).toBe(new Date(nextHour - HOUR).toISOString());

    const user = await createUser(t);
    await login(t, user.email, 'Wrong-Password-1');
    await login(t, user.email, 'Wrong-Password-1');
    t.clock.advance(2000);
    await login(t, uniqueEmail('nobody'), 'Wrong-Password-1');

    const after = await summary();
    expect(after.failedSignIns).toHaveLength(24);
    expect(after.failedSignIns.at(-1)).toEqual({
      hour: new Date(nextHour).toISOString(),
      count: 1,
    });
    expect(after.failedSignIns.at(-2)).toEqual({
      hour: new Date(nextHour - HOUR).toISOString(),
      count: baseline + 2,
    });
    // A day later those hours have left the window.
    t.clock.advance(24 * HOUR);
    await signIn();
    const dayLater = await summary();
    expect(dayLater.failedSignIns[0]!.hour).toBe(new Date(nextHour + HOUR).toISOString());
    expect(dayLater.failedSignIns.every((hour) => hour.count === 0)).toBe(true);
  });

  it('lists refresh-token reuse detections, newest first', async () => {
    const user = await createUser(t);
    const first = await loginTokens(t, user);
    expect((await refresh(t, first.refresh_token)).statusCode).toBe(200);
    t.clock.advance(REUSE_GRACE_MS + 100);
    expect((await refresh(t, first.refresh_token)).statusCode).toBe(403);

    const [latest] = (await summary()).refreshTokenReuses;
    expect(latest).toMatchObject({
      at: new Date(t.clock.now()).toISOString(),
      user: { id: user.id, email: user.email },
    });
  });
});

describe('Audit trail CSV export', () => {
  it('escapes cells a spreadsheet would read as formulas', () => {
    const cells = ['=1+1', '+1', '-1+2', '-1e3', '@SUM(A1)', '\tx', '\rx', 'plain', null];
    expect(cells.map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1+2",
      "'-1e3",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
      'plain',
      '',
    ]);
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    // A plain negative decimal is a number a spreadsheet adds up, and runs nothing.
    expect(['-1', '-12.50'].map(csvCell)).toEqual(['-1', '-12.50']);
  });

  it('exports the filtered rows as an attachment, formulas escaped', async () => {
    const user = await createUser(t);
    const agent = '=HYPERLINK("http://evil.example","x")';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': agent },
    });
    expect(response.statusCode).toBe(200);

    const csv = await exportCsv({ actor: user.id, action: 'auth.login_succeeded' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
    expect(csv.headers['x-total-count']).toBe('1');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,action,actorId,actorName,targetId,ip,userAgent,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,auth.login_succeeded,${user.id},,${user.id},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);

    // Another action of the same actor: nothing matches, just the header.
    const none = await exportCsv({ actor: user.id, action: 'auth.logout' });
    expect(none.body).toBe('at,action,actorId,actorName,targetId,ip,userAgent,details\r\n');
  });

  it('answers 400 with field errors for bad filters', async () => {
    const bad = await exportCsv({ action: 'nope', actor: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: { action: expect.any(String), actor: expect.any(String) },
    });
    const backwards = await exportCsv({
      from: '2026-01-02T00:00:00Z',
      to: '2026-01-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ errors: { to: expect.any(String) } });
  });

  it('is for admins only', async () => {
    const finance = await createUser(t, { position: 'finance' });
    const token = (await loginTokens(t, finance)).access_token;
    for (const url of [
      '/api/audit/export.csv',
      '/api/monitoring/security/locked-accounts',
      '/api/monitoring/security/summary',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
