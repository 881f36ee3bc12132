import { API_MESSAGES } from '@staff-admin/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens, CHECKED_TOKENS_KEPT } from '../../src/modules/sessions/access-tokens.js';
import {
  bearer,
  craftJwt,
  createTestApp,
  createUser,
  decodeJwt,
  getProfile,
  loginTokens,
  refresh,
  TEST_AUTH_SECRET,
  type TestApp,
} from '../helpers.js';

let t: TestApp;
/** A short grace window, so the test moves the clock by little. */
let short: TestApp;
const SHORT_GRACE_MS = 300;

beforeAll(async () => {
  t = await createTestApp();
  short = await createTestApp({ env: { REFRESH_REUSE_GRACE: `${SHORT_GRACE_MS}ms` } });
});
afterAll(async () => {
  await t.close();
  await short.close();
});

const logout = (app: TestApp, accessToken: string) =>
  app.app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: bearer(accessToken) });

describe('POST /api/auth/refresh-token/:refreshToken', () => {
  it('rotates: a new pair in the same session, and the old refresh token stops working', async () => {
    const user = await createUser(t);
    const first = await loginTokens(t, user);

    // The site sends its (possibly expired) bearer along; it is not needed.
    const rotated = await refresh(t, first.refresh_token, {
      authorization: 'Bearer expired.jwt.x',
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).sid).toBe(decodeJwt(first.access_token).sid);
    expect((await getProfile(t, second.access_token)).statusCode).toBe(200);

    const old = await t.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('used_at', 'is not', null)
      .where('session_id', '=', String(decodeJwt(first.access_token).sid))
      .executeTakeFirstOrThrow();
    expect(old.replaced_by).not.toBeNull();

    // The new one keeps working, once.
    const third = await refresh(t, second.refresh_token);
    expect(third.statusCode).toBe(200);
  });

  it('treats reuse of a rotated token after the grace window as theft: 403 and the whole session dies', async () => {
    const user = await createUser(short);
    const first = await loginTokens(short, user);
    const second = (await refresh(short, first.refresh_token)).json().data;
    short.clock.advance(SHORT_GRACE_MS + 100);

    const reuse = await refresh(short, first.refresh_token);
    expect(reuse.statusCode).toBe(403);
    expect(reuse.json()).toEqual({ code: 403, message: API_MESSAGES.sessionEnded });

    // The token issued by the legitimate rotation is revoked too, and so is its access token.
    expect((await refresh(short, second.refresh_token)).statusCode).toBe(403);
    expect((await getProfile(short, second.access_token)).statusCode).toBe(401);

    // Other sessions of the same user are untouched.
    const other = await loginTokens(short, user);
    expect((await refresh(short, other.refresh_token)).statusCode).toBe(200);
  });

  it('answers 403 for an unknown token', async () => {
    const response = await refresh(t, 'this-token-was-never-issued');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(API_MESSAGES.sessionEnded);
  });

  it('answers 403 once the user is no longer active', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', user.id).execute();
    const response = await refresh(t, tokens.refresh_token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(API_MESSAGES.accountInactive);
  });
});

describe('DELETE /api/auth/logout', () => {
  it('revokes the session: its refresh token and its access token stop working at once', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    const kept = await loginTokens(t, user);

    const response = await logout(t, tokens.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });

    expect((await getProfile(t, tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(403);
    expect((await logout(t, tokens.access_token)).statusCode).toBe(401);
    // Only that session: the user's other session carries on.
    expect((await getProfile(t, kept.access_token)).statusCode).toBe(200);
  });

  it('accepts a JSON content type with an empty body', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    const json = { 'content-type': 'application/json' };
    const rotated = await refresh(t, tokens.refresh_token, json);
    expect(rotated.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: { ...json, ...bearer(rotated.json().data.access_token) },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 without a bearer token', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, message: API_MESSAGES.unauthorized });
  });
});

describe('access tokens', () => {
  it('are HS256 JWTs with sub, sid, typ, iss, aud and exp', async () => {
    const user = await createUser(t);
    const { access_token } = await loginTokens(t, user);
    const header = JSON.parse(Buffer.from(access_token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decodeJwt(access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      typ: 'access',
      iss: 'staff-admin',
      aud: 'staff-admin-api',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
  });

  it('rejects forged, tampered, unsigned and wrongly typed tokens with 401', async () => {
    const user = await createUser(t);
    const { access_token } = await loginTokens(t, user);
    const claims = decodeJwt(access_token);
    const now = Math.floor(t.clock.now() / 1000);
    const valid = { ...claims, iat: now, exp: now + 600 };
    const hs256 = { alg: 'HS256', typ: 'JWT' };

    // The crafted control token is accepted, so the rejections below are about what they change;
    // so is the genuine one, which is now remembered as checked: its forgeries are other strings.
    expect((await getProfile(t, craftJwt(hs256, valid, TEST_AUTH_SECRET))).statusCode).toBe(200);
    expect((await getProfile(t, access_token)).statusCode).toBe(200);

    const [head, , signature] = access_token.split('.');
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const forged = {
      tampered: `${head}.${tamperedPayload}.${signature}`,
      'wrong secret': craftJwt(hs256, valid, 'another-secret-another-secret-another-secret'),
      'alg none': craftJwt({ alg: 'none', typ: 'JWT' }, valid, null),
      'other algorithm': craftJwt({ alg: 'HS512', typ: 'JWT' }, valid, TEST_AUTH_SECRET),
      'wrong typ': craftJwt(hs256, { ...valid, typ: 'refresh' }, TEST_AUTH_SECRET),
      'wrong issuer': craftJwt(hs256, { ...valid, iss: 'someone-else' }, TEST_AUTH_SECRET),
      'wrong audience': craftJwt(hs256, { ...valid, aud: 'another-api' }, TEST_AUTH_SECRET),
      'no expiry': craftJwt(hs256, { ...valid, exp: undefined }, TEST_AUTH_SECRET),
      expired: craftJwt(hs256, { ...valid, iat: now - 120, exp: now - 60 }, TEST_AUTH_SECRET),
      'unknown session': craftJwt(
        hs256,
        { ...valid, sid: '00000000-0000-4000-8000-000000000000' },
        TEST_AUTH_SECRET,
      ),
      garbage: 'not-a-jwt',
    };
    for (const [name, token] of Object.entries(forged)) {
      const response = await getProfile(t, token);
      expect(response.statusCode, name).toBe(401);
    }

    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Basic ${access_token}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('are checked again once more tokens than it remembers came in, and still pass', () => {
    const tokens = new AccessTokens(t.app.jwt, t.clock);
    const signed = Array.from({ length: CHECKED_TOKENS_KEPT + 1 }, () =>
      tokens.sign(randomUUID(), randomUUID()),
    );
    const first = tokens.verify(signed[0]!);
    for (const token of signed.slice(1)) expect(tokens.verify(token)).toBeDefined();
    // The first was the oldest remembered, so the last one pushed it out: checked anew.
    expect(tokens.verify(signed[0]!)).toEqual(first);
    expect(tokens.verify(`${signed[0]!}x`)).toBeUndefined();
  });

  it('answer 403 on GET /users/profile once the account is no longer active', async () => {
    const user = await createUser(t);
    const { access_token } = await loginTokens(t, user);
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', user.id).execute();
    const response = await getProfile(t, access_token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 403, message: API_MESSAGES.accountInactive });
  });
});

describe('token lifetimes', () => {
  let brief: TestApp;
  beforeAll(async () => {
    brief = await createTestApp({ env: { ACCESS_TOKEN_TTL: '1s', REFRESH_TOKEN_TTL: '1s' } });
  });
  afterAll(() => brief.close());

  it('an expired access token answers 401 and an expired refresh token 403', async () => {
    const user = await createUser(brief);
    const tokens = await loginTokens(brief, user);
    expect((await getProfile(brief, tokens.access_token)).statusCode).toBe(200);

    // The last moment both are valid (the JWT's exp is whole seconds), then the next one.
    const exp = Number(decodeJwt(tokens.access_token).exp) * 1000;
    const issuedAt = brief.clock.now();
    brief.clock.set(Math.min(exp, issuedAt + 1_000 - 1));
    expect((await getProfile(brief, tokens.access_token)).statusCode).toBe(200);
    brief.clock.set(Math.max(exp, issuedAt + 1_000) + 1);

    expect((await getProfile(brief, tokens.access_token)).statusCode).toBe(401);
    const expired = await refresh(brief, tokens.refresh_token);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(API_MESSAGES.sessionEnded);
  });
});
