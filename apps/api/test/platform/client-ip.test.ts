import { API_MESSAGES } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, decodeJwt, TEST_PASSWORD, type TestApp } from '../helpers.js';
import { multipart, pngPart, solidPng } from '../images.js';

/** A login for an unknown email (404) from `remoteAddress`, with an optional X-Forwarded-For. */
const loginFrom = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'nobody@example.com', password: TEST_PASSWORD },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

/** The IP recorded on the session a real login from this socket and header creates. */
async function sessionIp(t: TestApp, remoteAddress: string, forwardedFor: string) {
  const user = await createUser(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect(response.statusCode).toBe(200);
  const sid = String(decodeJwt(response.json().data.access_token).sid);
  const row = await t.db
    .selectFrom('sessions')
    .select('ip')
    .where('id', '=', sid)
    .executeTakeFirstOrThrow();
  return row.ip;
}

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: a client cannot dodge the per-IP limit by inventing addresses', async () => {
    const socket = '192.0.2.10';
    expect((await loginFrom(t, socket, '198.51.100.1')).statusCode).toBe(404);
    expect((await loginFrom(t, socket, '198.51.100.2')).statusCode).toBe(404);
    const third = await loginFrom(t, socket, '198.51.100.3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: 429, message: API_MESSAGES.tooManyRequests });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('records the socket address on the session', async () => {
    expect(await sessionIp(t, '192.0.2.20', '198.51.100.20')).toBe('192.0.2.20');
  });
});

describe.each([
  ['a hop count', '1'],
  ['an address list', '192.0.2.1, 10.0.0.0/8'],
])('with TRUST_PROXY as %s', (_name, trustProxy) => {
  let t: TestApp;
  const proxy = '192.0.2.1';
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: trustProxy } });
  });
  afterAll(() => t.close());

  it('counts each forwarded client on its own', async () => {
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      expect((await loginFrom(t, proxy, client)).statusCode).toBe(404);
      expect((await loginFrom(t, proxy, client)).statusCode).toBe(404);
      expect((await loginFrom(t, proxy, client)).statusCode).toBe(429);
    }
  });

  it('takes the address the proxy saw, not one the client put in front of it', async () => {
    // The client sent "X-Forwarded-For: 203.0.113.66"; the proxy appended the real address.
    const spoofed = (n: number) => `203.0.113.${n}, 198.51.100.7`;
    expect((await loginFrom(t, proxy, spoofed(1))).statusCode).toBe(404);
    expect((await loginFrom(t, proxy, spoofed(2))).statusCode).toBe(404);
    expect((await loginFrom(t, proxy, spoofed(3))).statusCode).toBe(429);
    expect(await sessionIp(t, proxy, '203.0.113.66, 198.51.100.8')).toBe('198.51.100.8');
  });
});

describe('with TRUST_PROXY naming one proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '192.0.2.1' } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from any other address', async () => {
    const stranger = '192.0.2.99';
    expect((await loginFrom(t, stranger, '198.51.100.1')).statusCode).toBe(404);
    expect((await loginFrom(t, stranger, '198.51.100.2')).statusCode).toBe(404);
    expect((await loginFrom(t, stranger, '198.51.100.3')).statusCode).toBe(429);
    expect(await sessionIp(t, '192.0.2.98', '198.51.100.4')).toBe('192.0.2.98');
  });
});

describe('per-IP upload limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOADS_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an IP used up UPLOADS_PER_MINUTE, on both upload calls', async () => {
    const user = await createUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const token = login.json().data.access_token as string;
    const png = await solidPng(64, 64);
    const send = (url: string, field: string, remoteAddress: string) => {
      const body = multipart([pngPart(png, 'a.png', field)]);
      return t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        remoteAddress,
      });
    };
    for (const [url, field] of [
      ['/api/uploads?dir=users', 'file'],
      ['/api/uploads/multiple?dir=users', 'files'],
    ] as const) {
      expect((await send(url, field, '198.51.100.30')).statusCode).toBe(201);
      expect((await send(url, field, '198.51.100.30')).statusCode).toBe(201);
      const limited = await send(url, field, '198.51.100.30');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 429, message: API_MESSAGES.tooManyRequests });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(url, field, '198.51.100.31')).statusCode).toBe(201);
    }
  });
});
