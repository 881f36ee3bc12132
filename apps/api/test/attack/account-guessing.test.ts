import { API_MESSAGES } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  insertLinkToken,
  login,
  loginTokens,
  type TestApp,
} from '../helpers.js';
import { PASSWORD_HASH_COST } from '../../src/lib/password-hasher.js';
import { FAST_MAIL_ENV, linkIn, startSmtpServer, type TestSmtpServer } from '../smtp.js';

/**
 * Guessing a password, and blocking somebody else's account, from outside: the per-email lockout
 * under concurrency (ASVS 5.0 V6.3.1, V2.4.1), current-password guesses on change-password
 * (V6.3.1), the forgot-password quotas (V2.4.1, V6.4.1) and the bound on queued password hashes
 * (V2.4.1 / V15.2.x resource limits). Each failed before the fix.
 */
let smtp: TestSmtpServer;
let t: TestApp;
const MAX_FAILURES = 10;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ...FAST_MAIL_ENV } });
  expect(t.config.limits.loginFailuresBeforeLock).toBe(MAX_FAILURES);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const WRONG = 'Wrong-password-1';
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);
const count = (values: number[], value: number) => values.filter((v) => v === value).length;

describe('per-email lockout under concurrency', () => {
  it(`checks at most ${MAX_FAILURES} passwords of a burst of 30 wrong logins; the rest get 429`, async () => {
    const user = await createUser(t);
    const answers = statuses(
      await Promise.all(Array.from({ length: 30 }, () => login(t, user.email, WRONG))),
    );
    expect(count(answers, 400)).toBeLessThanOrEqual(MAX_FAILURES);
    expect(count(answers, 400) + count(answers, 429)).toBe(30);
    expect((await login(t, user.email, user.password)).statusCode).toBe(429);
  });

  it('does not let the right password, sent after 44 wrong ones in one burst, past the lock', async () => {
    const user = await createUser(t);
    const burst = [
      ...Array.from({ length: 44 }, () => login(t, user.email, WRONG)),
      login(t, user.email, user.password),
    ];
    const answers = statuses(await Promise.all(burst));
    // Every password that was checked, right or wrong, counts: at most N per lock period.
    expect(answers.filter((status) => status !== 429).length).toBeLessThanOrEqual(MAX_FAILURES);
    if (answers.at(-1) !== 200) {
      // The right one came too late: the lock stands, and still refuses the right password.
      expect((await login(t, user.email, user.password)).statusCode).toBe(429);
    }
  });

  it('counts a burst spread over many client addresses the same way', async () => {
    const user = await createUser(t);
    const answers = statuses(
      await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: user.email, password: WRONG },
            remoteAddress: `198.51.100.${index + 1}`,
          }),
        ),
      ),
    );
    expect(count(answers, 400)).toBeLessThanOrEqual(MAX_FAILURES);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(25 - MAX_FAILURES);
  });
});

describe('change-password with a stolen access token', () => {
  const changePassword = (accessToken: string, password: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/users/change-password',
      headers: bearer(accessToken),
      payload: { password, newPassword: 'Brand-new-77!', confirmNewPassword: 'Brand-new-77!' },
    });

  it('counts wrong current passwords toward the sign-in lockout', async () => {
    const user = await createUser(t);
    const { access_token } = await loginTokens(t, user);
    const answers: number[] = [];
    for (let guess = 0; guess < 15; guess += 1) {
      answers.push((await changePassword(access_token, WRONG)).statusCode);
    }
    expect(answers).toEqual([...Array<number>(MAX_FAILURES).fill(400), 429, 429, 429, 429, 429]);
    const right = await changePassword(access_token, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ code: 429, message: API_MESSAGES.accountLocked });
    // Sign-in is locked as well.
    expect((await login(t, user.email, user.password)).statusCode).toBe(429);
  });
});

describe('forgot-password cannot be used to block somebody else', () => {
  const forgot = (email: string, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email },
      remoteAddress: options.ip ?? '203.0.113.50',
      headers: options.headers ?? {},
    });
  const checkToken = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/check-token',
      query: { token, jwtTokenType: 'reset_password_token' },
    });

  it("keys the anonymous quota per client: one client's flood leaves others and admins alone", async () => {
    const user = await createUser(t);
    const limit = t.config.limits.forgotPasswordPerHour;
    for (let request = 0; request < limit; request += 1) {
      expect((await forgot(user.email, { ip: '203.0.113.66' })).statusCode).toBe(200);
    }
    expect((await forgot(user.email, { ip: '203.0.113.66' })).statusCode).toBe(429);

    // The owner, from their own address, is not refused.
    expect((await forgot(user.email, { ip: '192.0.2.10' })).statusCode).toBe(200);

    // An admin's Reset Password goes through and is mailed, whatever the quotas.
    const admin = await createUser(t, { position: 'admin' });
    const { access_token } = await loginTokens(t, admin);
    await smtp.waitForMail(user.email, { nth: limit });
    const byAdmin = await forgot(user.email, { ip: '203.0.113.66', headers: bearer(access_token) });
    expect(byAdmin.statusCode).toBe(200);
    await smtp.waitForMail(user.email, { nth: limit + 1 });
  });

  it('mails an address at most N links an hour from all clients, and keeps the last link valid', async () => {
    const user = await createUser(t);
    const limit = t.config.limits.forgotPasswordPerHour;
    for (let request = 0; request < limit; request += 1) {
      expect((await forgot(user.email, { ip: `198.18.0.${request + 1}` })).statusCode).toBe(200);
    }
    const last = linkIn(
      await smtp.waitForMail(user.email, { nth: limit }),
      '/auth/reset-password',
    ).token;

    // A flood from many more clients: the same answer, but nothing is issued or mailed.
    for (let request = 0; request < 10; request += 1) {
      expect((await forgot(user.email, { ip: `198.18.1.${request + 1}` })).statusCode).toBe(200);
    }
    expect((await checkToken(last)).json()).toEqual({
      data: { tokenStatus: 'valid', user: { email: user.email } },
    });
    expect(smtp.mailsTo(user.email)).toHaveLength(limit);
  });

  it('keeps the earlier link valid while the new mail has not gone out', async () => {
    // A relay that refuses every connection: the new mail stays in the outbox, retrying.
    const down = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', ...FAST_MAIL_ENV },
    });
    try {
      const user = await createUser(down);
      const earlier = await insertLinkToken(down, user.id, 'reset_password_token');
      expect(
        (
          await down.app.inject({
            method: 'POST',
            url: '/api/users/forgot-password',
            payload: { email: user.email },
          })
        ).statusCode,
      ).toBe(200);
      const check = await down.app.inject({
        method: 'GET',
        url: '/api/users/check-token',
        query: { token: earlier, jwtTokenType: 'reset_password_token' },
      });
      expect(check.json()).toEqual({ data: { tokenStatus: 'valid', user: { email: user.email } } });
      const queued = await down.db
        .selectFrom('mail_outbox')
        .select(['sent_at', 'link_token_id'])
        .where('recipient', '=', user.email)
        .execute();
      expect(queued).toEqual([{ sent_at: null, link_token_id: expect.any(String) }]);
    } finally {
      await down.close();
    }
  });
});

describe('a burst of sign-ins beyond the hashing queue', () => {
  it('is answered 503 with Retry-After at once, never 500, and the queue drains', async () => {
    const busy = await createTestApp({
      env: { PASSWORD_HASH_QUEUE: '2', RATE_LIMIT_PER_MINUTE: '1000' },
      // The server's own argon2id cost: the burst must outlast the hashes in progress.
      passwordHashCost: PASSWORD_HASH_COST,
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => login(busy, `nobody-${index}@example.com`, WRONG)),
      );
      const refused = answers.filter((answer) => answer.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer.json()).toEqual({ code: 503, message: API_MESSAGES.serverBusy });
        expect(answer.headers['retry-after']).toBe('1');
      }
      expect(answers.every((answer) => [404, 503].includes(answer.statusCode))).toBe(true);
      // Nothing is left waiting: a sign-in after the burst is served.
      const user = await createUser(busy);
      expect((await login(busy, user.email, user.password)).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });
});
