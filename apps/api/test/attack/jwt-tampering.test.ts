import { API_MESSAGES, type TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  craftJwt,
  createTestApp,
  createUser,
  decodeJwt,
  insertLinkToken,
  loginTokens,
  TEST_AUTH_SECRET,
  type TestApp,
} from '../helpers.js';

/**
 * Every way of presenting a token we did not issue (or not as an access token) answers 401 with
 * the contract's body, on a route for everyone and on an admin route. ASVS 5.0 V9.1 and V9.2.
 */
let t: TestApp;
let victim: TokenPair;
let other: TokenPair;
let claims: Record<string, unknown>;
let invitation: string;
let reset: string;

const HS256 = { alg: 'HS256', typ: 'JWT' };
const OTHER_SECRET = 'another-secret-that-is-also-long-enough-0123456789';

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t, { position: 'admin' });
  victim = await loginTokens(t, user);
  other = await loginTokens(t, await createUser(t));
  claims = decodeJwt(victim.access_token);
  invitation = await insertLinkToken(
    t,
    (await createUser(t, { status: 'pending' })).id,
    'confirmation_token',
  );
  reset = await insertLinkToken(t, user.id, 'reset_password_token');
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
/** The victim's claims, fresh: signed with our secret, this token is accepted (the control). */
const valid = () => ({ ...claims, iat: now(), exp: now() + 600 });
const signed = (payload: Record<string, unknown>, header: Record<string, unknown> = HS256) =>
  craftJwt(header, payload, TEST_AUTH_SECRET);
const segments = (token: string) => token.split('.') as [string, string, string];
const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');

const head = () => segments(victim.access_token)[0];
const body = () => segments(victim.access_token)[1];
const signature = () => segments(victim.access_token)[2];
const otherClaims = () => decodeJwt(other.access_token);
/** The victim's header and signature around another payload. */
const withPayload = (payload: Record<string, unknown>) =>
  `${head()}.${encode(payload)}.${signature()}`;

/** Name → the token to send as `Bearer <token>` (evaluated once the users exist). */
const TOKENS: Record<string, () => string> = {
  'alg none, unsigned': () => craftJwt({ alg: 'none', typ: 'JWT' }, valid(), null),
  'alg None, unsigned': () => craftJwt({ alg: 'None', typ: 'JWT' }, valid(), null),
  'alg NONE with the real signature': () => `${encode({ alg: 'NONE' })}.${body()}.${signature()}`,
  'signed with another secret': () => craftJwt(HS256, valid(), OTHER_SECRET),
  'signed with an empty secret': () => craftJwt(HS256, valid(), ''),
  'HS512 with our secret': () => craftJwt({ alg: 'HS512', typ: 'JWT' }, valid(), TEST_AUTH_SECRET),
  'RS256 header, HMAC signature (key confusion)': () =>
    signed(valid(), { alg: 'RS256', typ: 'JWT' }),
  'sub changed, signature kept': () => withPayload({ ...claims, sub: otherClaims().sub }),
  'sid changed, signature kept': () => withPayload({ ...claims, sid: otherClaims().sid }),
  'typ changed, signature kept': () => withPayload({ ...claims, typ: 'refresh' }),
  'exp pushed out, signature kept': () => withPayload({ ...claims, exp: now() + 86_400 }),
  'sub of another user, re-signed': () => signed({ ...valid(), sub: otherClaims().sub }),
  'sid of another user’s session, re-signed': () => signed({ ...valid(), sid: otherClaims().sid }),
  'sid of no session, re-signed': () =>
    signed({ ...valid(), sid: '00000000-0000-4000-8000-000000000000' }),
  'sub not a UUID': () => signed({ ...valid(), sub: "' OR 1=1 --" }),
  'typ refresh': () => signed({ ...valid(), typ: 'refresh' }),
  'typ confirmation_token': () => signed({ ...valid(), typ: 'confirmation_token' }),
  'typ missing': () => signed({ ...valid(), typ: undefined }),
  expired: () => signed({ ...valid(), iat: now() - 3_600, exp: now() - 60 }),
  'not yet valid (nbf)': () => signed({ ...valid(), nbf: now() + 600 }),
  'exp missing': () => signed({ ...valid(), exp: undefined }),
  'wrong audience': () => signed({ ...valid(), aud: 'another-api' }),
  'audience list without ours': () => signed({ ...valid(), aud: ['another-api', 'third-api'] }),
  'wrong issuer': () => signed({ ...valid(), iss: 'someone-else' }),
  'issuer missing': () => signed({ ...valid(), iss: undefined }),
  'audience missing': () => signed({ ...valid(), aud: undefined }),
  'iat missing': () => signed({ ...valid(), iat: undefined }),
  'a refresh token': () => victim.refresh_token,
  'an invitation token': () => invitation,
  'a reset-password token': () => reset,
  'header that is not JSON': () =>
    `${Buffer.from('{alg:').toString('base64url')}.${body()}.${signature()}`,
  'two segments': () => `${head()}.${body()}`,
  garbage: () => 'not-a-jwt',
};

/** Name → the whole Authorization header, for what is wrong with the header itself. */
const HEADERS: Record<string, () => string> = {
  ...Object.fromEntries(
    Object.entries(TOKENS).map(([name, token]) => [name, () => `Bearer ${token()}`]),
  ),
  'valid token, Basic scheme': () => `Basic ${victim.access_token}`,
  'valid token followed by another': () => `Bearer ${victim.access_token} ${other.access_token}`,
  'empty bearer': () => 'Bearer ',
  'scheme only': () => 'Bearer',
};

describe('JWT tampering', () => {
  it('accepts the genuine token and a fresh copy signed with our secret (the controls)', async () => {
    for (const token of [victim.access_token, signed(valid())]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it.each(Object.keys(HEADERS))('refuses %s with 401', async (name) => {
    const authorization = HEADERS[name]!();
    for (const url of ['/api/users/profile', '/api/users']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization } });
      expect(response.statusCode, `${name} on ${url}`).toBe(401);
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
      expect(response.json().code).toBe(401);
    }
  });

  it('ignores role claims a token carries: rights come from the database', async () => {
    const contractor = decodeJwt(other.access_token);
    const now_ = now();
    const promoted = signed({
      ...contractor,
      iat: now_,
      exp: now_ + 600,
      position: 'admin',
      role: 'admin',
      admin: true,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: bearer(promoted),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 403, message: API_MESSAGES.forbidden });
  });
});
