import { API_MESSAGES, VALIDATION_MESSAGES } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  decodeJwt,
  login,
  TEST_PASSWORD,
  type TestApp,
} from '../helpers.js';
import { createLogger } from '../../src/lib/logger.js';
import { PASSWORD_HASH_COST } from '../../src/lib/password-hasher.js';

let t: TestApp;

beforeAll(async () => {
  // The server's own argon2id cost: the timing test below needs a verify to take tens of ms.
  t = await createTestApp({
    env: { LOGIN_FAILURES_BEFORE_LOCK: '3' },
    passwordHashCost: PASSWORD_HASH_COST,
  });
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('answers a token pair for the right password and records the session', async () => {
    const user = await createUser(t, { email: 'Alice.Login@Example.com' });
    // Any case and surrounding spaces reach the same account.
    const response = await login(t, '  ALICE.login@example.COM ', user.password);

    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(Object.keys(data).sort()).toEqual(['access_token', 'refresh_token']);
    expect(data.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(data.access_token);
    expect(claims).toMatchObject({ sub: user.id, typ: 'access' });

    const session = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', String(claims.sid))
      .executeTakeFirstOrThrow();
    expect(session.user_id).toBe(user.id);
    expect(session.ip).toBe('127.0.0.1');
    expect(session.revoked_at).toBeNull();
    const stored = await t.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('session_id', '=', session.id)
      .execute();
    expect(stored).toHaveLength(1);
    // Only a hash is stored, never the token itself.
    expect(stored[0]?.token_hash).not.toBe(data.refresh_token);

    const row = await t.db
      .selectFrom('users')
      .select('last_login_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('answers 404 "User not found" for an unknown email', async () => {
    const response = await login(t, 'nobody@example.com', TEST_PASSWORD);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: 'User not found' });
  });

  it('answers 400 "The provided password does not match" for a wrong password', async () => {
    const user = await createUser(t);
    const response = await login(t, user.email, 'Wrong-password-1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'The provided password does not match',
    });
  });

  it('answers 403 with the pending message for a pending account', async () => {
    const user = await createUser(t, { status: 'pending' });
    const response = await login(t, user.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 403, message: API_MESSAGES.accountPending });
  });

  it('answers 403 with the inactive message for the right password on an inactive account', async () => {
    const user = await createUser(t, { status: 'inactive' });
    const response = await login(t, user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 403, message: API_MESSAGES.accountInactive });

    const wrong = await login(t, user.email, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(400);
  });

  it('answers 400 with the shared field messages, word for word', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '', password: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      code: 400,
      message: 'Some fields are invalid',
      errors: { email: 'Please enter email.', password: 'Please enter password.' },
    });

    const invalid = await login(t, 'not-an-email', 'x');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ email: VALIDATION_MESSAGES.emailInvalid });

    const noTld = await login(t, 'someone@example', 'x');
    expect(noTld.json().errors).toEqual({ email: 'Email is invalid.' });
  });

  it('answers 400, never 500, for wrong types or a body that is not an object', async () => {
    const cases: unknown[] = [
      { email: 42, password: ['a'] },
      { email: null, password: { nested: true } },
      [1, 2, 3],
      'just a string',
      42,
    ];
    for (const payload of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(API_MESSAGES.validationFailed);
    }
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 42, password: ['a'] },
    });
    expect(typed.json().errors).toEqual({
      email: 'Please enter email.',
      password: 'Please enter password.',
    });
  });

  it('answers 400 for malformed JSON, 415 for another content type, 413 over the body limit', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 400, message: API_MESSAGES.malformedBody });

    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","password":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ code: 415, message: API_MESSAGES.unsupportedMediaType });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(70 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 413, message: API_MESSAGES.payloadTooLarge });
  });

  it('locks an email after LOGIN_FAILURES_BEFORE_LOCK failures, even for the right password', async () => {
    const user = await createUser(t);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await login(t, user.email, 'Wrong-password-1')).statusCode).toBe(400);
    }
    const locked = await login(t, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 429, message: API_MESSAGES.accountLocked });
    // The first lock lasts a minute.
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Any spelling of the email is the same email.
    expect((await login(t, ` ${user.email.toUpperCase()}`, user.password)).statusCode).toBe(429);

    // Other accounts are not affected.
    const other = await createUser(t);
    expect((await login(t, other.email, other.password)).statusCode).toBe(200);
  });

  it('counts failures for emails no account has, so a lock tells nothing', async () => {
    const email = 'Ghost.Account@Example.com';
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await login(t, email, TEST_PASSWORD)).statusCode).toBe(404);
    }
    const locked = await login(t, 'ghost.account@example.com', TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 429, message: API_MESSAGES.accountLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('clears the failure count on a successful login', async () => {
    const user = await createUser(t);
    for (let round = 0; round < 2; round += 1) {
      expect((await login(t, user.email, 'Wrong-password-1')).statusCode).toBe(400);
      expect((await login(t, user.email, 'Wrong-password-1')).statusCode).toBe(400);
      // Four failures in all would lock (limit 3) if this success did not reset the count.
      expect((await login(t, user.email, user.password)).statusCode).toBe(200);
    }
  });

  it('takes as long for an unknown email as for a wrong password (no timing oracle)', async () => {
    const rounds = 8;
    const known = await Promise.all(Array.from({ length: rounds }, () => createUser(t)));
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await login(t, email, 'Wrong-password-1');
      return { status: response.statusCode, ms: performance.now() - started };
    };
    await timed('warm-up@example.com');
    const unknownMs: number[] = [];
    const knownMs: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const unknown = await timed(`timing-${round}@example.com`);
      const wrong = await timed(known[round]!.email);
      expect([unknown.status, wrong.status]).toEqual([404, 400]);
      unknownMs.push(unknown.ms);
      knownMs.push(wrong.ms);
    }
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Both pay for one argon2id verify (tens of ms); without the dummy verify, an unknown email
    // would answer in about a millisecond.
    expect(median(unknownMs)).toBeGreaterThan(median(knownMs) * 0.5);
    expect(median(unknownMs)).toBeLessThan(median(knownMs) * 2);
  });

  it('sends Cache-Control: no-store on auth responses', async () => {
    const response = await login(t, 'nobody@example.com', TEST_PASSWORD);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('per-IP rate limit on auth calls', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After once an IP used up its minute, per route and per IP', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 3; i += 1) {
      expect((await login(limited, 'nobody@example.com', TEST_PASSWORD, ip)).statusCode).toBe(404);
    }
    const blocked = await login(limited, 'nobody@example.com', TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 429, message: API_MESSAGES.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Another client is still served, and so is another auth call from the same client.
    expect(
      (await login(limited, 'nobody@example.com', TEST_PASSWORD, '203.0.113.8')).statusCode,
    ).toBe(404);
    const refresh = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token/unknown',
      remoteAddress: ip,
    });
    expect(refresh.statusCode).toBe(403);
  });
});

describe('a stored password hash that cannot be read', () => {
  it('answers as a wrong password and logs an error the operator can find', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      logger: createLogger('info', { write: (line: string) => lines.push(line) }),
    });
    try {
      const user = await createUser(logged);
      await logged.db
        .updateTable('users')
        .set({ password_hash: '$argon2id$broken' })
        .where('id', '=', user.id)
        .execute();
      const response = await login(logged, user.email, user.password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: API_MESSAGES.passwordMismatch });
      const errors = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((record) => record.level >= 50);
      expect(errors.map((record) => record.msg)).toContain('a stored password hash cannot be read');
    } finally {
      await logged.close();
    }
  });
});
