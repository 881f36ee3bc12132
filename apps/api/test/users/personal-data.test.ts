import type { Passkey, PersonalData, TokenPair, User } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import {
  bearer,
  createTestApp,
  createUser,
  getProfile,
  insertLinkToken,
  login,
  loginTokens,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { SoftwareAuthenticator } from '../two-step/software-authenticator.js';
import { twoStepClient } from '../two-step/two-step-client.js';

/**
 * GET /users/profile/export: the signed-in user's own data (profile, sessions, second factors,
 * audit events as actor or target) as a JSON file, with nothing secret in it.
 */

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let tokens: TokenPair;
let otherSession: TokenPair;
/** Every secret the site holds about the user, or handed them: none may be in the export. */
const secrets: string[] = [];

const { ok, enrolTotp } = twoStepClient(() => t);

const ADMIN_IP = '203.0.113.50';
const PHONE_IP = '198.51.100.7';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { position: 'admin', fullName: 'Ada Admin' });
  user = await createUser(t, { position: 'contractor', fullName: 'Pia Private' });

  const phone = await login(t, user.email, user.password, PHONE_IP);
  expect(phone.statusCode).toBe(200);
  otherSession = phone.json<{ data: TokenPair }>().data;
  t.clock.advance(1000);
  tokens = await loginTokens(t, user);

  // A passkey and an authenticator, each with their recovery codes.
  const device = new SoftwareAuthenticator({ origin: t.config.appUrl });
  const options = await ok<Parameters<SoftwareAuthenticator['register']>[0]>(
    'POST',
    '/users/profile/passkeys/options',
    tokens.access_token,
  );
  t.clock.advance(1000);
  const added = await ok<{ passkey: Passkey; recoveryCodes: string[] }>(
    'POST',
    '/users/profile/passkeys',
    tokens.access_token,
    { name: 'Laptop', response: device.register(options) },
  );
  t.clock.advance(1000);
  const totp = await enrolTotp(tokens.access_token);
  secrets.push(totp.secret, ...totp.recoveryCodes, ...added.recoveryCodes);

  // An admin acts on the user from another address.
  t.clock.advance(1000);
  const adminTokens = await loginTokens(t, admin);
  const changed = await t.app.inject({
    method: 'PATCH',
    url: `/api/users/${user.id}`,
    headers: { ...bearer(adminTokens.access_token), 'user-agent': 'Admin Browser' },
    remoteAddress: ADMIN_IP,
    payload: { position: 'finance' },
  });
  expect(changed.statusCode, changed.body).toBe(200);

  // A reset link the user holds.
  secrets.push(await insertLinkToken(t, user.id, 'reset_password_token'));
  secrets.push(
    tokens.access_token,
    tokens.refresh_token,
    otherSession.access_token,
    otherSession.refresh_token,
  );

  // What the database keeps: hashes, the sealed authenticator secret, the passkey's key.
  const stored = await t.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  secrets.push(stored.password_hash!);
  const tables = [
    t.db.selectFrom('one_time_tokens').select('token_hash as value').where('user_id', '=', user.id),
    t.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select('refresh_tokens.token_hash as value')
      .where('sessions.user_id', '=', user.id),
    t.db.selectFrom('totp_factors').select('secret_sealed as value').where('user_id', '=', user.id),
    t.db.selectFrom('recovery_codes').select('code_hash as value').where('user_id', '=', user.id),
    t.db.selectFrom('passkeys').select('public_key as value').where('user_id', '=', user.id),
    t.db.selectFrom('passkeys').select('credential_id as value').where('user_id', '=', user.id),
  ];
  for (const query of tables) {
    const rows = await query.execute();
    expect(rows.length).toBeGreaterThan(0);
    secrets.push(...rows.map((row) => row.value));
  }
});
afterAll(() => t.close());

const exportData = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/users/profile/export',
    headers: { ...bearer(accessToken), 'user-agent': 'Pia Browser' },
  });

describe('GET /api/users/profile/export', () => {
  it('answers the user’s profile, sessions and second factors as a JSON attachment', async () => {
    t.clock.advance(1000);
    const response = await exportData(tokens.access_token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="my-data-${toIso(t.clock.now()).slice(0, 10)}.json"`,
    );
    const { data } = response.json<{ data: PersonalData }>();
    const profile = (await getProfile(t, tokens.access_token)).json<{ data: User }>().data;
    expect(data.exportedAt).toBe(toIso(t.clock.now()));
    expect(data.user).toEqual(profile);
    expect(data.user.position).toBe('finance');

    expect(data.sessions).toHaveLength(2);
    for (const session of data.sessions) {
      expect(Object.keys(session).sort()).toEqual([
        'createdAt',
        'endedAt',
        'id',
        'ip',
        'lastUsedAt',
        'userAgent',
      ]);
    }
    expect(data.sessions.map((session) => session.ip).sort()).toEqual(['127.0.0.1', PHONE_IP]);
    expect(data.sessions.map((session) => session.endedAt)).toEqual([null, null]);

    expect(data.twoStep).toEqual({
      totp: true,
      recoveryCodesLeft: expect.any(Number),
      passkeys: [
        { id: expect.any(String), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
      ],
    });
    expect(data.twoStep.recoveryCodesLeft).toBeGreaterThan(0);
  });

  it('holds no secret: no hash, token, authenticator secret, recovery code or passkey key', async () => {
    const response = await exportData(tokens.access_token);
    expect(response.statusCode).toBe(200);
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toContain('$argon2');
    expect(response.body).not.toMatch(/hash|sealed|secret|public_?key/i);
  });

  it('lists the audit events where the user is actor or target, oldest first', async () => {
    t.clock.advance(1000);
    const { data } = (await exportData(tokens.access_token)).json<{ data: PersonalData }>();
    const events = data.auditEvents;
    const times = events.map((event) => event.at);
    expect(times).toEqual([...times].sort());
    for (const event of events) {
      expect([event.actorId, event.targetId]).toContain(user.id);
    }
    const actions = events.map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.created',
        'auth.login_succeeded',
        'passkey.added',
        'two_step.enabled',
        'user.position_changed',
        'user.data_exported',
      ]),
    );
    // This export's own event is the newest.
    expect(events.at(-1)).toMatchObject({
      action: 'user.data_exported',
      actorId: user.id,
      targetId: user.id,
      at: toIso(t.clock.now()),
      ip: '127.0.0.1',
      userAgent: 'Pia Browser',
    });
    // The user's own sign-in keeps its address; the admin's address and browser are left out.
    const phoneLogin = events.find(
      (event) => event.action === 'auth.login_succeeded' && event.ip === PHONE_IP,
    );
    expect(phoneLogin?.actorId).toBe(user.id);
    expect(events.find((event) => event.action === 'user.position_changed')).toMatchObject({
      actorId: admin.id,
      targetId: user.id,
      ip: null,
      userAgent: null,
      details: { before: 'contractor', after: 'finance' },
    });
    expect(JSON.stringify(data)).not.toContain(ADMIN_IP);
    // The admin's own events (their sign-in) are not the user's.
    expect(events.some((event) => event.actorId === admin.id && event.targetId !== user.id)).toBe(
      false,
    );
  });

  it('is audited as user.data_exported, each time', async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom('audit_events')
          .select('id')
          .where('action', '=', 'user.data_exported')
          .where('actor_id', '=', user.id)
          .where('target_id', '=', user.id)
          .execute()
      ).length;
    const before = await count();
    expect((await exportData(otherSession.access_token)).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('keeps ended sessions with when they ended: signed out, or idle past the timeout', async () => {
    const idle = t.config.auth.sessionIdleTimeoutMs;
    const tim = await createUser(t, { fullName: 'Tim Timeout' });
    const signIn = async () => {
      const response = await login(t, tim.email, tim.password);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: TokenPair }>().data;
    };
    const signedOut = await signIn();
    t.clock.advance(1000);
    const idled = await signIn();
    const idledAt = t.clock.now();
    t.clock.advance(1000);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(signedOut.access_token),
    });
    expect(logout.statusCode, logout.body).toBe(200);
    const loggedOutAt = t.clock.now();

    t.clock.advance(idle + 1000);
    const live = await signIn();
    const response = await exportData(live.access_token);
    expect(response.statusCode, response.body).toBe(200);
    const sessions = response.json<{ data: PersonalData }>().data.sessions;
    // Most recently used first: the live one, the idle one, the one signed out (its sign-in).
    expect(sessions.map((session) => session.endedAt)).toEqual([
      null,
      toIso(idledAt + idle),
      toIso(loggedOutAt),
    ]);
    expect(JSON.stringify(sessions)).not.toContain(idled.refresh_token);
  });

  it('answers 401 without a token, and is not answered by GET /users/:id', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/profile/export' });
    expect(anonymous.statusCode).toBe(401);
    const adminTokens = await loginTokens(t, admin);
    const own = await exportData(adminTokens.access_token);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: PersonalData }>().data.user.id).toBe(admin.id);
  });
});

describe('GET /api/users/profile/export while two-step sign-in must be set up', () => {
  it('answers 403 two_step_setup_required', async () => {
    const strict = await createTestApp({ env: { MFA_REQUIRED_ROLES: 'admin' } });
    try {
      const someone = await createUser(strict, { position: 'admin' });
      const signedIn = await loginTokens(strict, someone);
      const response = await strict.app.inject({
        method: 'GET',
        url: '/api/users/profile/export',
        headers: bearer(signedIn.access_token),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().reason).toBe('two_step_setup_required');
    } finally {
      await strict.close();
    }
  });
});
