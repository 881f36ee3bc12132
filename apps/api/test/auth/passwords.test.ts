import { API_MESSAGES, VALIDATION_MESSAGES, type TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  getProfile,
  login,
  loginTokens,
  outboxRowsTo,
  refresh,
  type TestApp,
} from '../helpers.js';
import { FAST_MAIL_ENV, linkIn, startSmtpServer, type TestSmtpServer } from '../smtp.js';

const NEW_PASSWORD = 'Fresh-Start-42';
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ...FAST_MAIL_ENV } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const forgot = (app: TestApp, email: string, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/users/forgot-password',
    payload: { email },
    headers,
  });

const reset = (token: string, newPassword = NEW_PASSWORD, confirmNewPassword = newPassword) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/reset-password',
    payload: { token, newPassword, confirmNewPassword },
  });

const changePassword = (
  accessToken: string,
  body: { password: string; newPassword: string; confirmNewPassword?: string },
) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/change-password',
    headers: bearer(accessToken),
    payload: { confirmNewPassword: body.newPassword, ...body },
  });

/**
 * Nothing queued for this address, and nothing arrives even after a look of the worker at the
 * outbox that started after the request (it would have sent a mail that was wrongly queued).
 */
async function expectNoMail(email: string) {
  expect(await outboxRowsTo(t, email)).toEqual([]);
  await t.app.mailWorker.nextPass();
  expect(smtp.mailsTo(email)).toEqual([]);
}

describe('forgot password → mail → reset', () => {
  it('mails an active user a reset link that sets a new password and ends every session', async () => {
    const user = await createUser(t, { fullName: 'Rosa Reset' });
    const sessions: TokenPair[] = [await loginTokens(t, user), await loginTokens(t, user)];

    const response = await forgot(t, `  ${user.email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(response.headers['cache-control']).toBe('no-store');

    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe('Reset your Staff Admin password');
    expect(mail.text).toContain('Hello Rosa Reset,');
    expect(mail.text).toMatch(/This link expires in 1 hour \(on .+ UTC\)\./);
    const { url, token } = linkIn(mail, '/auth/reset-password');
    expect(url.startsWith(`${t.config.appUrl}/auth/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${url}"`);

    const check = await t.app.inject({
      method: 'GET',
      url: '/api/users/check-token',
      query: { token, jwtTokenType: 'reset_password_token' },
    });
    expect(check.json()).toEqual({ data: { tokenStatus: 'valid', user: { email: user.email } } });

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: null });

    for (const session of sessions) {
      expect((await getProfile(t, session.access_token)).statusCode).toBe(401);
      expect((await refresh(t, session.refresh_token)).statusCode).toBe(403);
    }
    expect((await login(t, user.email, user.password)).statusCode).toBe(400);
    expect((await login(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const reused = await reset(token, 'Yet-Another-9');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: 400, message: API_MESSAGES.invalidToken });
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    const known = await createUser(t);
    const knownResponse = await forgot(t, known.email);
    const unknownEmail = `nobody-${Date.now()}@example.com`;
    const unknownResponse = await forgot(t, unknownEmail);
    expect(unknownResponse.statusCode).toBe(knownResponse.statusCode);
    expect(unknownResponse.body).toBe(knownResponse.body);
    expect(unknownResponse.headers['content-type']).toBe(knownResponse.headers['content-type']);
    await smtp.waitForMail(known.email);
    await expectNoMail(unknownEmail);
  });

  it('mails nothing to pending or inactive users', async () => {
    const pending = await createUser(t, { status: 'pending' });
    const inactive = await createUser(t, { status: 'inactive' });
    for (const user of [pending, inactive]) {
      const response = await forgot(t, user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: null });
    }
    await expectNoMail(pending.email);
    await expectNoMail(inactive.email);
  });

  it('lets an admin send the link for another user, with the same result', async () => {
    const admin = await createUser(t, { position: 'admin' });
    const { access_token } = await loginTokens(t, admin);
    const user = await createUser(t);
    const response = await forgot(t, user.email, bearer(access_token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    const mail = await smtp.waitForMail(user.email);
    expect(linkIn(mail, '/auth/reset-password').token).toBeTruthy();
  });

  it('makes an earlier reset link stop working when a new one is mailed', async () => {
    const user = await createUser(t);
    await forgot(t, user.email);
    const first = linkIn(await smtp.waitForMail(user.email), '/auth/reset-password').token;
    // A while later, another request.
    t.clock.advance(1_000);
    await forgot(t, user.email);
    const second = linkIn(
      await smtp.waitForMail(user.email, { nth: 2 }),
      '/auth/reset-password',
    ).token;
    // The older link ends once the new mail is out: the worker records that just after the relay
    // took the mail, which the test's SMTP server may see first.
    await t.app.mailWorker.nextPass();
    expect((await reset(first)).json()).toEqual({ code: 400, message: API_MESSAGES.invalidToken });
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous resets with the same link win', async () => {
    const user = await createUser(t);
    await forgot(t, user.email);
    const { token } = linkIn(await smtp.waitForMail(user.email), '/auth/reset-password');
    const results = await Promise.all([
      reset(token, 'First-Reset-11'),
      reset(token, 'Second-Reset-22'),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]?.statusCode === 200 ? 'First-Reset-11' : 'Second-Reset-22';
    expect((await login(t, user.email, winner)).statusCode).toBe(200);
  });

  it('refuses a reset link once its user has been disabled', async () => {
    const user = await createUser(t);
    await forgot(t, user.email);
    const { token } = linkIn(await smtp.waitForMail(user.email), '/auth/reset-password');
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', user.id).execute();
    expect((await reset(token)).json()).toEqual({ code: 400, message: API_MESSAGES.invalidToken });
  });

  it('checks the password rules', async () => {
    const weak = await reset('some-token', 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ newPassword: VALIDATION_MESSAGES.passwordStrength });
    const mismatch = await reset('some-token', NEW_PASSWORD, 'Something-Else-1');
    expect(mismatch.json().errors).toEqual({
      confirmNewPassword: VALIDATION_MESSAGES.passwordMismatch,
    });
    const invalidEmail = await forgot(t, 'not-an-email');
    expect(invalidEmail.statusCode).toBe(400);
    expect(invalidEmail.json().errors).toEqual({ email: VALIDATION_MESSAGES.emailInvalid });
  });

  it('lets a reset user in again even after too many failed logins', async () => {
    const locking = await createTestApp({
      env: { SMTP_URL: smtp.url, LOGIN_FAILURES_BEFORE_LOCK: '2', ...FAST_MAIL_ENV },
    });
    try {
      const user = await createUser(locking);
      await login(locking, user.email, 'Wrong-Guess-1');
      await login(locking, user.email, 'Wrong-Guess-2');
      expect((await login(locking, user.email, user.password)).statusCode).toBe(429);

      await forgot(locking, user.email);
      const { token } = linkIn(await smtp.waitForMail(user.email), '/auth/reset-password');
      const done = await locking.app.inject({
        method: 'PATCH',
        url: '/api/users/reset-password',
        payload: { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      });
      expect(done.statusCode).toBe(200);
      expect((await login(locking, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    } finally {
      await locking.close();
    }
  });
});

describe('reset links that expire', () => {
  it('says expired on check-token and refuses the reset with "Token is expired"', async () => {
    const shortLived = await createTestApp({
      env: { SMTP_URL: smtp.url, RESET_PASSWORD_TTL: '300ms', ...FAST_MAIL_ENV },
    });
    try {
      const user = await createUser(shortLived);
      await forgot(shortLived, user.email);
      const { token } = linkIn(await smtp.waitForMail(user.email), '/auth/reset-password');
      shortLived.clock.advance(400);
      const check = await shortLived.app.inject({
        method: 'GET',
        url: '/api/users/check-token',
        query: { token, jwtTokenType: 'reset_password_token' },
      });
      expect(check.json()).toEqual({
        data: { tokenStatus: 'expired', user: { email: user.email } },
      });
      const refused = await shortLived.app.inject({
        method: 'PATCH',
        url: '/api/users/reset-password',
        payload: { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 400, message: API_MESSAGES.tokenExpired });
      expect((await login(shortLived, user.email, user.password)).statusCode).toBe(200);
    } finally {
      await shortLived.close();
    }
  });
});

describe('forgot-password limits', () => {
  it('answers 429 with Retry-After beyond FORGOT_PASSWORD_PER_HOUR requests for one address', async () => {
    const user = await createUser(t);
    const limit = t.config.limits.forgotPasswordPerHour;
    expect(limit).toBe(5);
    for (let i = 0; i < limit; i += 1) {
      // Letter case and spaces do not make another address.
      const variant = i % 2 === 0 ? user.email : ` ${user.email.toUpperCase()}`;
      expect((await forgot(t, variant)).statusCode).toBe(200);
    }
    const limited = await forgot(t, user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 429, message: API_MESSAGES.tooManyRequests });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    await smtp.waitForMail(user.email, { nth: limit });
    // A look at the outbox after the refused request: it would send a mail that was queued.
    await t.app.mailWorker.nextPass();
    expect(smtp.mailsTo(user.email)).toHaveLength(limit);

    // Other addresses have their own count.
    expect((await forgot(t, (await createUser(t)).email)).statusCode).toBe(200);
  });

  it('counts unknown addresses too, so the limit reveals nothing', async () => {
    const unknown = `ghost-${Date.now()}@example.com`;
    for (let i = 0; i < t.config.limits.forgotPasswordPerHour; i += 1) {
      expect((await forgot(t, unknown)).statusCode).toBe(200);
    }
    expect((await forgot(t, unknown)).statusCode).toBe(429);
  });

  it('applies the per-IP auth limit as well', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const ask = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/users/forgot-password',
          payload: { email: `ip-${n}@example.com` },
          remoteAddress: '203.0.113.9',
        });
      expect((await ask(1)).statusCode).toBe(200);
      expect((await ask(2)).statusCode).toBe(200);
      const third = await ask(3);
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('PATCH /api/users/change-password', () => {
  it('refuses a wrong current password with the login message on the password field', async () => {
    const user = await createUser(t);
    const { access_token } = await loginTokens(t, user);
    const response = await changePassword(access_token, {
      password: 'Not-The-Password-1',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: API_MESSAGES.passwordMismatch,
      errors: { password: API_MESSAGES.passwordMismatch },
    });
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses the current password as the new one, and weak or unconfirmed passwords', async () => {
    const user = await createUser(t);
    const { access_token } = await loginTokens(t, user);
    const same = await changePassword(access_token, {
      password: user.password,
      newPassword: user.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      code: 400,
      message: API_MESSAGES.samePassword,
      errors: { newPassword: API_MESSAGES.samePassword },
    });
    const weak = await changePassword(access_token, {
      password: user.password,
      newPassword: 'abc',
    });
    expect(weak.json().errors).toEqual({ newPassword: VALIDATION_MESSAGES.passwordStrength });
    const unconfirmed = await changePassword(access_token, {
      password: user.password,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: '',
    });
    expect(unconfirmed.json().errors).toEqual({
      confirmNewPassword: VALIDATION_MESSAGES.confirmPasswordRequired,
    });
  });

  it('changes the password, keeps this session, ends the others and mails a notice', async () => {
    const user = await createUser(t, { fullName: 'Cara Change' });
    const mine = await loginTokens(t, user);
    const other = await loginTokens(t, user);

    const response = await changePassword(mine.access_token, {
      password: user.password,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(response.headers['cache-control']).toBe('no-store');

    expect((await getProfile(t, mine.access_token)).statusCode).toBe(200);
    expect((await refresh(t, mine.refresh_token)).statusCode).toBe(200);
    expect((await getProfile(t, other.access_token)).statusCode).toBe(401);
    expect((await refresh(t, other.refresh_token)).statusCode).toBe(403);
    expect((await login(t, user.email, user.password)).statusCode).toBe(400);
    expect((await login(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const notice = await smtp.waitForMail(user.email);
    expect(notice.subject).toBe('Your Staff Admin password was changed');
    expect(notice.text).toContain('Hello Cara Change,');
    expect(notice.text).toMatch(/was changed on .+ UTC\./);
    expect(notice.text).toContain(`${t.config.appUrl}/auth/forgot-password`);
    expect(notice.text).not.toContain('token=');
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/change-password',
      payload: { password: 'x', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
