import { API_MESSAGES, type TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { EXIT_OK, runCli } from '../../src/cli/run-cli.js';
import { createLogger } from '../../src/lib/logger.js';
import { SessionCache } from '../../src/modules/sessions/session-cache.js';
import type { SessionAccessRow } from '../../src/modules/sessions/sessions.repository.js';
import {
  bearer,
  createTestApp,
  createUser,
  login,
  loginTokens,
  sessionOf,
  type TestApp,
} from '../helpers.js';

/**
 * Sessions are cached for SESSION_CACHE_TTL (a minute here, so only an eviction can explain a
 * refusal); every revocation must still refuse the token at once.
 */
const LONG_CACHE = { SESSION_CACHE_TTL: '60s' };

const get = (app: App, url: string, accessToken: string) =>
  app.inject({ method: 'GET', url, headers: bearer(accessToken) });

describe('session cache', () => {
  const row = (userId: string): SessionAccessRow => ({
    userId,
    createdAt: new Date().toISOString(),
    lastUsedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    revokedAt: null,
    status: 'active',
    position: 'admin',
    twoStepEnabled: false,
    twoStepByProvider: false,
    reauthenticatedAt: null,
  });

  it('keeps rows for its TTL and evicts by session, by user, or all', () => {
    let now = 1_000;
    const cache = new SessionCache(5_000, () => now);
    cache.set('s1', row('u1'), cache.generation());
    cache.set('s2', row('u1'), cache.generation());
    cache.set('s3', row('u2'), cache.generation());
    expect(cache.get('s1')?.userId).toBe('u1');
    cache.forgetSession('s1');
    expect(cache.get('s1')).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')?.userId).toBe('u2');
    now += 5_000;
    expect(cache.get('s3')).toBeUndefined();
    cache.set('s4', row('u3'), cache.generation());
    cache.clear();
    expect(cache.get('s4')).toBeUndefined();
  });

  it('never stores a row read before an eviction that happened during the read', () => {
    const cache = new SessionCache(5_000, () => 0);
    const generation = cache.generation();
    // The database read is under way when the session is revoked elsewhere …
    cache.forgetSession('s1');
    // … so what it read (live) must not be kept.
    cache.set('s1', row('u1'), generation);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('stores nothing when turned off', () => {
    const cache = new SessionCache(0, () => 0);
    cache.set('s1', row('u1'), cache.generation());
    expect(cache.get('s1')).toBeUndefined();
  });
});

describe('one process with a long session cache', () => {
  let t: TestApp;
  let admin: TokenPair;
  beforeAll(async () => {
    t = await createTestApp({ env: LONG_CACHE });
    admin = await loginTokens(t, await createUser(t, { position: 'admin' }));
  });
  afterAll(() => t.close());

  it('serves a warm session from the cache until a revocation is announced', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    expect((await get(t.app, '/api/users/profile', tokens.access_token)).statusCode).toBe(200);
    // Revoked behind the app's back: the cache still answers for it …
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', sessionOf(tokens))
      .execute();
    expect((await get(t.app, '/api/users/profile', tokens.access_token)).statusCode).toBe(200);
    // … until the change is announced, as every revoking code path does.
    await t.services.sessions.userChanged(user.id);
    expect((await get(t.app, '/api/users/profile', tokens.access_token)).statusCode).toBe(401);
  });

  it.each([
    [
      'logout',
      async (user: { tokens: TokenPair }) =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/auth/logout',
          headers: bearer(user.tokens.access_token),
        }),
      401,
    ],
    [
      'deactivation',
      async (user: { id: string }) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/users/${user.id}/status`,
          headers: bearer(admin.access_token),
          payload: { status: 'inactive' },
        }),
      403,
    ],
    [
      'deletion',
      async (user: { id: string }) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/users/${user.id}`,
          headers: bearer(admin.access_token),
        }),
      401,
    ],
    [
      'an admin revoking the session',
      async (user: { id: string; tokens: TokenPair }) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/users/${user.id}/sessions/${sessionOf(user.tokens)}`,
          headers: bearer(admin.access_token),
        }),
      401,
    ],
  ] as const)('refuses a warm token at once after %s', async (_name, revoke, status) => {
    const created = await createUser(t);
    const user = { id: created.id, tokens: await loginTokens(t, created) };
    expect((await get(t.app, '/api/users/profile', user.tokens.access_token)).statusCode).toBe(200);
    expect((await revoke(user)).statusCode).toBe(200);
    expect((await get(t.app, '/api/users/profile', user.tokens.access_token)).statusCode).toBe(
      status,
    );
  });

  it('takes admin rights away at once when an admin is demoted', async () => {
    const demoted = await createUser(t, { position: 'admin' });
    const tokens = await loginTokens(t, demoted);
    expect((await get(t.app, '/api/users', tokens.access_token)).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${demoted.id}`,
      headers: bearer(admin.access_token),
      payload: { position: 'contractor' },
    });
    expect(response.statusCode).toBe(200);
    const after = await get(t.app, '/api/users', tokens.access_token);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ code: 403, message: API_MESSAGES.forbidden });
  });

  it('ends the other sessions at once on a password change', async () => {
    const user = await createUser(t);
    const kept = await loginTokens(t, user);
    const other = await loginTokens(t, user);
    expect((await get(t.app, '/api/users/profile', other.access_token)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/change-password',
      headers: bearer(kept.access_token),
      payload: {
        password: user.password,
        newPassword: 'Harbor-Finch-19',
        confirmNewPassword: 'Harbor-Finch-19',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get(t.app, '/api/users/profile', other.access_token)).statusCode).toBe(401);
    expect((await get(t.app, '/api/users/profile', kept.access_token)).statusCode).toBe(200);
  });
});

/**
 * Two apps on one database and one Redis prefix: what two API processes share. Each has its own
 * session cache, Redis connections and revocation subscriber. (test/multi-process/ does the same
 * with real processes.)
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe('two apps sharing one Redis', () => {
    let a: TestApp;
    let b: App;
    let admin: TokenPair;
    beforeAll(async () => {
      a = await createTestApp({
        env: { ...LONG_CACHE, RATE_LIMIT_PER_MINUTE: '20', LOGIN_FAILURES_BEFORE_LOCK: '2' },
      });
      b = await buildApp(a.config, { database: a.database, logger: createLogger('silent') });
      await b.ready();
      admin = await loginTokens(a, await createUser(a, { position: 'admin' }));
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('refuses a token warm on one app at once after a logout on the other', async () => {
      const tokens = await loginTokens(a, await createUser(a));
      expect((await get(b, '/api/users/profile', tokens.access_token)).statusCode).toBe(200);
      const out = await a.app.inject({
        method: 'DELETE',
        url: '/api/auth/logout',
        headers: bearer(tokens.access_token),
      });
      expect(out.statusCode).toBe(200);
      expect((await get(b, '/api/users/profile', tokens.access_token)).statusCode).toBe(401);
    });

    it('refuses at once after a deactivation or a demotion on the other', async () => {
      const user = await createUser(a);
      const userTokens = await loginTokens(a, user);
      const other = await createUser(a, { position: 'admin' });
      const otherTokens = await loginTokens(a, other);
      expect((await get(b, '/api/users/profile', userTokens.access_token)).statusCode).toBe(200);
      expect((await get(b, '/api/users', otherTokens.access_token)).statusCode).toBe(200);

      const deactivate = await a.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/status`,
        headers: bearer(admin.access_token),
        payload: { status: 'inactive' },
      });
      expect(deactivate.statusCode).toBe(200);
      const demote = await a.app.inject({
        method: 'PATCH',
        url: `/api/users/${other.id}`,
        headers: bearer(admin.access_token),
        payload: { position: 'finance' },
      });
      expect(demote.statusCode).toBe(200);

      expect((await get(b, '/api/users/profile', userTokens.access_token)).statusCode).toBe(403);
      expect((await get(b, '/api/users', otherTokens.access_token)).statusCode).toBe(403);
    });

    it('carries a revocation from the CLI to the running apps', async () => {
      const user = await createUser(a);
      const tokens = await loginTokens(a, user);
      expect((await get(b, '/api/users/profile', tokens.access_token)).statusCode).toBe(200);
      const code = await runCli(
        ['set-password', '--email', user.email, '--password', 'Harbor-Finch-19'],
        { config: a.config, io: { stdout: () => {}, stderr: () => {} } },
      );
      expect(code).toBe(EXIT_OK);
      expect((await get(b, '/api/users/profile', tokens.access_token)).statusCode).toBe(401);
    });

    it('shares per-IP limits and lockouts between the apps', async () => {
      const ip = '198.51.100.200';
      const checkToken = (app: App) =>
        app.inject({
          method: 'GET',
          url: '/api/users/check-token?token=x&jwtTokenType=confirmation_token',
          remoteAddress: ip,
        });
      // RATE_LIMIT_PER_MINUTE is 20: ten calls on each app use it up, and both refuse the next.
      for (let i = 0; i < 10; i += 1) {
        expect((await checkToken(a.app)).statusCode).toBe(400);
        expect((await checkToken(b)).statusCode).toBe(400);
      }
      expect((await checkToken(b)).statusCode).toBe(429);
      expect((await checkToken(a.app)).statusCode).toBe(429);

      const user = await createUser(a);
      expect((await login(a, user.email, 'Wrong-password-1')).statusCode).toBe(400);
      expect((await login({ app: b }, user.email, 'Wrong-password-1')).statusCode).toBe(400);
      expect((await login(a, user.email, user.password)).statusCode).toBe(429);
      expect((await login({ app: b }, user.email, user.password)).statusCode).toBe(429);
    });
  });
} else {
  console.warn(
    '\n!!! TEST_REDIS_URL is not set: revocations between two apps over Redis are NOT tested !!!\n',
  );
}
