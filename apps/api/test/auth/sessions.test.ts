import { API_MESSAGES, type TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  getProfile,
  loginTokens,
  refresh,
  sessionOf,
  type TestApp,
} from '../helpers.js';

describe('refresh-token grace window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers two tabs refreshing with the same token at once with the same new pair', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    const [a, b] = await Promise.all([
      refresh(t, tokens.refresh_token),
      refresh(t, tokens.refresh_token),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data).toEqual(b.json().data);
    expect(a.json().data.refresh_token).not.toBe(tokens.refresh_token);

    // The shared pair works, and the session carries on as one family.
    const next = a.json().data as TokenPair;
    expect((await getProfile(t, next.access_token)).statusCode).toBe(200);
    expect((await refresh(t, next.refresh_token)).statusCode).toBe(200);
  });

  it('answers a late second tab with the same pair while the window lasts', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    const first = await refresh(t, tokens.refresh_token);
    t.clock.advance(50);
    const second = await refresh(t, tokens.refresh_token);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
  });

  it('keeps the successor pair only sealed, and drops it once the successor is used', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    const next = (await refresh(t, tokens.refresh_token)).json().data as TokenPair;
    const kept = await t.db
      .selectFrom('refresh_tokens')
      .select(['successor_sealed', 'used_at'])
      .where('session_id', '=', sessionOf(tokens))
      .where('used_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(kept.successor_sealed).toMatch(/^v1\./);
    expect(kept.successor_sealed).not.toContain(next.refresh_token);
    expect(kept.successor_sealed).not.toContain(next.access_token.split('.')[1]);

    await refresh(t, next.refresh_token);
    const sealed = await t.db
      .selectFrom('refresh_tokens')
      .select('successor_sealed')
      .where('session_id', '=', sessionOf(tokens))
      .where('successor_sealed', 'is not', null)
      .execute();
    // Only the newest rotation keeps a pair: the first token's grace ended with its successor.
    expect(sealed).toHaveLength(1);

    // So the first token, reused now, is theft even inside the window: the session dies.
    const reuse = await refresh(t, tokens.refresh_token);
    expect(reuse.statusCode).toBe(403);
    expect(reuse.json()).toEqual({ code: 403, message: API_MESSAGES.sessionEnded });
    const revoked = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', sessionOf(tokens))
      .executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
  });

  it('gives nothing back for a session that was logged out meanwhile', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    const next = (await refresh(t, tokens.refresh_token)).json().data as TokenPair;
    await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(next.access_token),
    });
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(403);
  });

  it('forgets successor pairs once their window has passed', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    await refresh(t, tokens.refresh_token);
    const cleared = await t.services.sessions.clearExpiredSuccessors(t.clock.now() + 11_000);
    expect(cleared).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('successor_sealed', 'is not', null)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('session lifetimes', () => {
  let idle: TestApp;
  let capped: TestApp;
  beforeAll(async () => {
    idle = await createTestApp({ env: { SESSION_IDLE_TIMEOUT: '600ms' } });
    capped = await createTestApp({ env: { SESSION_MAX_AGE: '1s' } });
  });
  afterAll(async () => {
    await idle.close();
    await capped.close();
  });

  it('ends a session left unused for SESSION_IDLE_TIMEOUT, on requests and on refresh', async () => {
    const user = await createUser(idle);
    const tokens = await loginTokens(idle, user);
    expect((await getProfile(idle, tokens.access_token)).statusCode).toBe(200);
    idle.clock.advance(700);
    const request = await getProfile(idle, tokens.access_token);
    expect(request.statusCode).toBe(401);
    expect(request.json().message).toBe(API_MESSAGES.sessionEnded);
    expect((await refresh(idle, tokens.refresh_token)).statusCode).toBe(403);
  });

  it('keeps a session alive while it is used', async () => {
    const user = await createUser(idle);
    const tokens = await loginTokens(idle, user);
    for (let i = 0; i < 6; i += 1) {
      idle.clock.advance(200);
      expect((await getProfile(idle, tokens.access_token)).statusCode, `request ${i}`).toBe(200);
    }
    // 1.2 s after sign-in, twice the idle timeout, and still alive: each use pushed the end.
    expect((await refresh(idle, tokens.refresh_token)).statusCode).toBe(200);
  });

  it('ends a session SESSION_MAX_AGE after sign-in however busy it is', async () => {
    const user = await createUser(capped);
    let tokens = await loginTokens(capped, user);
    const started = capped.clock.now();
    while (capped.clock.now() - started < 700) {
      const rotated = await refresh(capped, tokens.refresh_token);
      expect(rotated.statusCode).toBe(200);
      tokens = rotated.json().data;
      capped.clock.advance(100);
    }
    // The refresh token never outlives the session's cap.
    const row = await capped.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select(['refresh_tokens.expires_at as tokenEnd', 'sessions.created_at as createdAt'])
      .where('sessions.id', '=', sessionOf(tokens))
      .where('refresh_tokens.used_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.tokenEnd)).toBeLessThanOrEqual(Date.parse(row.createdAt) + 1_000);

    capped.clock.set(started + 1_100);
    expect((await getProfile(capped, tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(capped, tokens.refresh_token)).statusCode).toBe(403);
  });
});

describe('GET and DELETE /api/users/:id/sessions', () => {
  let t: TestApp;
  let admin: TokenPair;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginTokens(t, await createUser(t, { position: 'admin' }));
  });
  afterAll(() => t.close());

  const list = (userId: string, accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/users/${userId}/sessions`,
      headers: bearer(accessToken),
    });

  const revoke = (userId: string, sessionId: string, accessToken: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/users/${userId}/sessions/${sessionId}`,
      headers: bearer(accessToken),
    });

  it('lists a user’s live sessions for an admin, with IP and user agent, newest use first', async () => {
    const user = await createUser(t);
    const older = await loginTokens(t, user);
    t.clock.advance(5);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '198.51.100.77',
      headers: { 'user-agent': 'Firefox/140 (test)' },
    });
    const newer = login.json().data as TokenPair;
    const ended = await loginTokens(t, user);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(ended.access_token),
    });

    const response = await list(user.id, admin.access_token);
    expect(response.statusCode).toBe(200);
    const sessions = response.json().data;
    expect(sessions.map((s: { id: string }) => s.id)).toEqual([sessionOf(newer), sessionOf(older)]);
    expect(sessions[0]).toEqual({
      id: sessionOf(newer),
      createdAt: expect.stringMatching(/Z$/),
      lastUsedAt: expect.stringMatching(/Z$/),
      ip: '198.51.100.77',
      userAgent: 'Firefox/140 (test)',
      current: false,
    });
  });

  it('lets users see their own sessions, marking the current one, but not anyone else’s', async () => {
    const user = await createUser(t);
    const mine = await loginTokens(t, user);
    const other = await loginTokens(t, user);
    const response = await list(user.id, mine.access_token);
    expect(response.statusCode).toBe(200);
    const current = response.json().data.filter((s: { current: boolean }) => s.current);
    expect(current.map((s: { id: string }) => s.id)).toEqual([sessionOf(mine)]);
    expect(response.json().data).toHaveLength(2);
    expect(sessionOf(other)).not.toBe(sessionOf(mine));

    const stranger = await createUser(t);
    expect((await list(stranger.id, mine.access_token)).statusCode).toBe(403);
    expect((await revoke(stranger.id, sessionOf(mine), mine.access_token)).statusCode).toBe(403);
  });

  it('revokes one session at once: its tokens stop working, the others carry on', async () => {
    const user = await createUser(t);
    const stolen = await loginTokens(t, user);
    const kept = await loginTokens(t, user);

    const response = await revoke(user.id, sessionOf(stolen), admin.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect((await getProfile(t, stolen.access_token)).statusCode).toBe(401);
    expect((await refresh(t, stolen.refresh_token)).statusCode).toBe(403);
    expect((await getProfile(t, kept.access_token)).statusCode).toBe(200);
    const left = (await list(user.id, admin.access_token)).json().data;
    expect(left.map((s: { id: string }) => s.id)).toEqual([sessionOf(kept)]);

    // A user may end their own other sessions too.
    const third = await loginTokens(t, user);
    expect((await revoke(user.id, sessionOf(third), kept.access_token)).statusCode).toBe(200);
    expect((await getProfile(t, third.access_token)).statusCode).toBe(401);
  });

  it('lists the caller’s own session first, then pages through the rest by last use', async () => {
    const user = await createUser(t);
    const sessions: TokenPair[] = [];
    for (let index = 0; index < 5; index += 1) {
      sessions.push(await loginTokens(t, user));
      t.clock.advance(1000);
    }
    // The oldest is the caller's: first all the same. The others, newest use first.
    const mine = sessions[0]!;
    const others = sessions.slice(1).reverse().map(sessionOf);
    const page = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/${user.id}/sessions?${query}`,
        headers: bearer(mine.access_token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { id: string; current: boolean }[]; meta: unknown }>();
    };

    const first = await page('limitPerPage=2');
    expect(first.data.map((s) => s.id)).toEqual([sessionOf(mine), others[0]]);
    expect(first.data.map((s) => s.current)).toEqual([true, false]);
    expect(first.meta).toEqual({ currentPage: 1, itemsPerPage: 2, totalItems: 5, totalPages: 3 });
    expect((await page('limitPerPage=2&page=3')).data.map((s) => s.id)).toEqual([others[3]]);
    expect((await page('limitPerPage=2&page=4')).data).toEqual([]);

    const every = await page('');
    expect(every.data.map((s) => s.id)).toEqual([sessionOf(mine), ...others]);
    expect(every.meta).toEqual({ currentPage: 1, itemsPerPage: 5, totalItems: 5, totalPages: 1 });
  });

  it('answers 400 for a page size out of range', async () => {
    const user = await createUser(t);
    for (const query of ['limitPerPage=0', 'limitPerPage=101', 'limitPerPage=ten', 'page=0']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/${user.id}/sessions?${query}`,
        headers: bearer(admin.access_token),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, errors: expect.any(Object) });
    }
  });

  it('answers 404 for unknown users, and for sessions that are not the user’s or not live', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const theirs = await loginTokens(t, other);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await list(unknown, admin.access_token)).statusCode).toBe(404);
    expect((await list('not-a-uuid', admin.access_token)).statusCode).toBe(404);
    for (const sessionId of [unknown, 'not-a-uuid', sessionOf(theirs)]) {
      const response = await revoke(user.id, sessionId, admin.access_token);
      expect(response.statusCode, sessionId).toBe(404);
    }
    // Someone else's session was named under the wrong user: it is untouched.
    expect((await getProfile(t, theirs.access_token)).statusCode).toBe(200);
    expect((await revoke(other.id, sessionOf(theirs), admin.access_token)).statusCode).toBe(200);
    expect((await revoke(other.id, sessionOf(theirs), admin.access_token)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/sessions` });
    expect(response.statusCode).toBe(401);
  });
});
