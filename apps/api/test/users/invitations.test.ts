import { API_MESSAGES, VALIDATION_MESSAGES } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  login,
  loginTokens,
  outboxRowsTo,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { FAST_MAIL_ENV, linkIn, startSmtpServer, type TestSmtpServer } from '../smtp.js';

const APP_URL = 'https://staff.example.com';
const NEW_PASSWORD = 'Brand-New-Pass-1';

let smtp: TestSmtpServer;
let t: TestApp;
let admin: TestUser;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, APP_URL, ...FAST_MAIL_ENV } });
  admin = await createUser(t, { position: 'admin', fullName: 'Ada Admin' });
  adminToken = (await loginTokens(t, admin)).access_token;
  memberToken = (await loginTokens(t, await createUser(t))).access_token;
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const bulkCreate = (users: unknown[], token = adminToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/bulk-create',
    headers: bearer(token),
    payload: { users },
  });

const resend = (email: string, token = adminToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/resend',
    headers: bearer(token),
    payload: { email },
  });

const checkToken = (token: string, jwtTokenType = 'confirmation_token') =>
  t.app.inject({
    method: 'GET',
    url: '/api/users/check-token',
    query: { token, jwtTokenType },
  });

const setup = (token: string, password = NEW_PASSWORD, confirmedPassword = password) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/setup',
    payload: { token, password, confirmedPassword },
  });

/** Invites one user and returns the token from the mail they receive. */
async function invite(fullName?: string) {
  const email = uniqueEmail('invitee');
  const response = await bulkCreate([{ email, position: 'contractor', fullName }]);
  expect(response.statusCode).toBe(201);
  const mail = await smtp.waitForMail(email);
  return { email, mail, ...linkIn(mail, '/auth/accept-invitation') };
}

describe('invitation: bulk-create → mail → check-token → setup → login', () => {
  it('walks the whole way with the link from the mail', async () => {
    const email = uniqueEmail('Walker');
    const response = await bulkCreate([
      { email: `  ${email.toUpperCase()} `, fullName: 'Wally Walker', position: 'finance' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { created, skipped } = response.json().data;
    expect(skipped).toEqual([]);
    expect(created).toEqual([
      expect.objectContaining({
        email: email.toLowerCase(),
        fullName: 'Wally Walker',
        position: 'finance',
        status: 'pending',
        imageUrl: null,
        invitedBy: { id: admin.id, fullName: 'Ada Admin' },
      }),
    ]);

    const mail = await smtp.waitForMail(email.toLowerCase());
    expect(mail.from).toBe('"Staff Admin" <no-reply@localhost>');
    expect(mail.subject).toBe('You are invited to Staff Admin');
    expect(mail.text).toContain('Hello Wally Walker,');
    expect(mail.text).toContain('Ada Admin invited you to Staff Admin');
    expect(mail.text).toMatch(
      /This link expires in 7 days \(on \d{1,2} [A-Z][a-z]{2} \d{4} at \d{2}:\d{2} UTC\)\./,
    );
    const link = linkIn(mail, '/auth/accept-invitation');
    expect(link.url.startsWith(`${APP_URL}/auth/accept-invitation?token=`)).toBe(true);
    expect(link.token).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(`href="${link.url}"`);
    expect(mail.html).toContain('This link expires in 7 days');

    // The token itself is never stored, only its hash.
    const stored = await t.db.selectFrom('one_time_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const check = await checkToken(link.token);
    expect(check.statusCode).toBe(200);
    expect(check.headers['cache-control']).toBe('no-store');
    expect(check.json()).toEqual({
      data: { tokenStatus: 'valid', user: { email: email.toLowerCase() } },
    });

    // A pending user cannot sign in yet.
    expect((await login(t, email, NEW_PASSWORD)).statusCode).toBe(403);

    const done = await setup(link.token);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ email: email.toLowerCase(), status: 'active' });

    const signedIn = await login(t, email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);

    // The link is used up.
    const reused = await setup(link.token, 'Another-Pass-2');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: 400, message: API_MESSAGES.invalidToken });
    expect((await checkToken(link.token)).json()).toEqual({
      code: 400,
      message: API_MESSAGES.invalidToken,
    });
    expect((await login(t, email, 'Another-Pass-2')).statusCode).toBe(400);
  });

  it('greets a user without a name and sends each invitee their own mail', async () => {
    const [first, second] = [uniqueEmail('invitee'), uniqueEmail('invitee')];
    const response = await bulkCreate([
      { email: first, position: 'contractor' },
      { email: second, position: 'project_manager', fullName: 'Pam Manager' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.created.map((user: { email: string }) => user.email)).toEqual([
      first,
      second,
    ]);
    const [firstMail, secondMail] = await Promise.all([
      smtp.waitForMail(first),
      smtp.waitForMail(second),
    ]);
    expect(firstMail.text.startsWith('Hello,\n')).toBe(true);
    expect(secondMail.text.startsWith('Hello Pam Manager,\n')).toBe(true);
    expect(linkIn(firstMail, '/auth/accept-invitation').token).not.toBe(
      linkIn(secondMail, '/auth/accept-invitation').token,
    );
  });

  it('escapes every name in the HTML', async () => {
    const name = '<script>alert("x")</script> & Co';
    const { mail } = await invite(name);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).not.toContain('<script>');
    // The plain-text part carries the name as written.
    expect(mail.text).toContain(`Hello ${name},`);
  });
});

describe('PATCH /api/users/setup', () => {
  it('checks the password rules before the token', async () => {
    const weak = await setup('whatever', 'short', 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ password: VALIDATION_MESSAGES.passwordStrength });

    const mismatch = await setup('whatever', NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.json().errors).toEqual({
      confirmedPassword: VALIDATION_MESSAGES.passwordMismatch,
    });

    const missing = await t.app.inject({ method: 'PATCH', url: '/api/users/setup', payload: {} });
    expect(missing.json().errors).toEqual({
      token: VALIDATION_MESSAGES.tokenRequired,
      password: VALIDATION_MESSAGES.passwordRequired,
      confirmedPassword: VALIDATION_MESSAGES.confirmPasswordRequired,
    });
  });

  it('refuses unknown, altered and wrong-type tokens with "Invalid token"', async () => {
    const { token } = await invite();
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of ['unknown-token', altered]) {
      const response = await setup(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: API_MESSAGES.invalidToken });
      expect((await checkToken(bad)).statusCode).toBe(400);
    }
    // An invitation token is no reset token.
    const wrongType = await checkToken(token, 'reset_password_token');
    expect(wrongType.json()).toEqual({ code: 400, message: API_MESSAGES.invalidToken });
    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/reset-password',
      payload: { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(reset.json()).toEqual({ code: 400, message: API_MESSAGES.invalidToken });
    // Still good for what it is.
    expect((await setup(token)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous setups with the same token win', async () => {
    const { token, email } = await invite();
    const results = await Promise.all([
      setup(token, 'First-Pass-111'),
      setup(token, 'Second-Pass-222'),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]?.statusCode === 200 ? 'First-Pass-111' : 'Second-Pass-222';
    expect((await login(t, email, winner)).statusCode).toBe(200);
  });

  it('answers check-token with 400 for a bad token type and missing token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/check-token',
      query: { jwtTokenType: 'access_token' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['jwtTokenType', 'token']);
  });

  it('cancels a user’s tokens and unsent mail when the user is deleted', async () => {
    const { token, email } = await invite();
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await checkToken(token)).json()).toEqual({
      code: 400,
      message: API_MESSAGES.invalidToken,
    });
    expect(await outboxRowsTo(t, email)).toEqual([]);
    const tokens = await t.db
      .selectFrom('one_time_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens).toEqual([]);
  });
});

describe('expired invitations', () => {
  it('says expired on check-token and refuses setup with "Token is expired"', async () => {
    const shortLived = await createTestApp({
      env: { SMTP_URL: smtp.url, INVITATION_TTL: '300ms', ...FAST_MAIL_ENV },
    });
    try {
      const boss = await createUser(shortLived, { position: 'admin' });
      const { access_token } = await loginTokens(shortLived, boss);
      const email = uniqueEmail('expiring');
      const response = await shortLived.app.inject({
        method: 'POST',
        url: '/api/users/bulk-create',
        headers: bearer(access_token),
        payload: { users: [{ email, position: 'contractor' }] },
      });
      expect(response.statusCode).toBe(201);
      const mail = await smtp.waitForMail(email);
      expect(mail.text).toContain('This link expires in less than a second');
      const { token } = linkIn(mail, '/auth/accept-invitation');

      shortLived.clock.advance(400);
      const check = await shortLived.app.inject({
        method: 'GET',
        url: '/api/users/check-token',
        query: { token, jwtTokenType: 'confirmation_token' },
      });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ data: { tokenStatus: 'expired', user: { email } } });

      const refused = await shortLived.app.inject({
        method: 'PATCH',
        url: '/api/users/setup',
        payload: { token, password: NEW_PASSWORD, confirmedPassword: NEW_PASSWORD },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 400, message: API_MESSAGES.tokenExpired });
      expect((await login(shortLived, email, NEW_PASSWORD)).statusCode).toBe(403);
    } finally {
      await shortLived.close();
    }
  });
});

describe('POST /api/users/resend', () => {
  it('mails a new link and makes the earlier one stop working', async () => {
    const { email, token: first } = await invite('Rita Resent');
    const response = await resend(email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { mailDelivery: 'working' } });
    expect(response.headers['cache-control']).toBe('no-store');

    const mail = await smtp.waitForMail(email, { nth: 2 });
    expect(mail.text).toContain('Hello Rita Resent,');
    expect(mail.text).toContain('Ada Admin invited you');
    const second = linkIn(mail, '/auth/accept-invitation').token;
    expect(second).not.toBe(first);
    // The older link ends once the new mail is out: the worker records that just after the relay
    // took the mail, which the test's SMTP server may see first.
    await t.app.mailWorker.nextPass();

    expect((await checkToken(first)).json()).toEqual({
      code: 400,
      message: API_MESSAGES.invalidToken,
    });
    expect((await setup(first)).statusCode).toBe(400);
    expect((await checkToken(second)).json().data.tokenStatus).toBe('valid');
    expect((await setup(second)).statusCode).toBe(200);
  });

  it('answers 400 for a user who is not pending and 404 for an unknown email', async () => {
    const active = await createUser(t);
    const notPending = await resend(active.email);
    expect(notPending.statusCode).toBe(400);
    expect(notPending.json()).toEqual({ code: 400, message: API_MESSAGES.notPending });

    const unknown = await resend(uniqueEmail('nobody'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, message: API_MESSAGES.userNotFound });

    const invalid = await resend('not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ email: VALIDATION_MESSAGES.emailInvalid });
  });

  it('is for admins only', async () => {
    const { email } = await invite();
    expect((await resend(email, memberToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/users/resend',
      payload: { email },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });
});

describe('POST /api/users/bulk-create validation', () => {
  const countUsers = async () =>
    Number(
      (
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('reports every bad row by its index and creates nobody', async () => {
    const before = await countUsers();
    const good = uniqueEmail('invitee');
    const response = await bulkCreate([
      { email: good, position: 'contractor' },
      { email: 'not-an-email', position: 'contractor' },
      { email: uniqueEmail('invitee'), position: 'chief' },
      { email: uniqueEmail('invitee'), position: 'finance', fullName: '   ' },
    ]);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(API_MESSAGES.validationFailed);
    expect(Object.keys(body.errors).sort()).toEqual([
      'users.1.email',
      'users.2.position',
      'users.3.fullName',
    ]);
    expect(body.errors['users.1.email']).toBe(VALIDATION_MESSAGES.emailInvalid);
    expect(body.errors['users.3.fullName']).toBe(VALIDATION_MESSAGES.fullNameRequired);
    expect(await countUsers()).toBe(before);
    expect(await outboxRowsTo(t, good)).toEqual([]);
  });

  it('refuses an empty list and more than 100 rows', async () => {
    const empty = await bulkCreate([]);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['users']);

    const rows = Array.from({ length: 101 }, (_, index) => ({
      email: `bulk${index}-${Date.now()}@example.com`,
      position: 'contractor',
    }));
    const before = await countUsers();
    const tooMany = await bulkCreate(rows);
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().errors)).toEqual(['users']);
    expect(await countUsers()).toBe(before);
  });

  it('accepts exactly 100 rows in one go', async () => {
    const stamp = Date.now();
    const rows = Array.from({ length: 100 }, (_, index) => ({
      email: `hundred${index}-${stamp}@example.com`,
      position: 'contractor',
    }));
    const response = await bulkCreate(rows);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.created).toHaveLength(100);
    const queued = await t.db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('recipient', 'like', `hundred%-${stamp}@example.com`)
      .execute();
    expect(queued).toHaveLength(100);
  });

  it('refuses an email repeated in the list, whatever its letter case', async () => {
    const email = uniqueEmail('invitee');
    const before = await countUsers();
    const response = await bulkCreate([
      { email, position: 'contractor' },
      { email: uniqueEmail('invitee'), position: 'contractor' },
      { email: email.toUpperCase(), position: 'finance' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: API_MESSAGES.validationFailed,
      errors: { 'users.2.email': API_MESSAGES.duplicateEmailInList },
    });
    expect(await countUsers()).toBe(before);
  });

  it('skips emails already in use, with a reason, and creates the rest', async () => {
    const existing = await createUser(t);
    const fresh = uniqueEmail('invitee');
    const response = await bulkCreate([
      { email: existing.email.toUpperCase(), position: 'contractor' },
      { email: fresh, position: 'admin' },
    ]);
    expect(response.statusCode).toBe(201);
    const { created, skipped } = response.json().data;
    expect(created.map((user: { email: string }) => user.email)).toEqual([fresh]);
    expect(skipped).toEqual([{ email: existing.email, reason: API_MESSAGES.emailTaken }]);
    await smtp.waitForMail(fresh);
    expect(await outboxRowsTo(t, existing.email)).toEqual([]);
  });

  it('is for admins only', async () => {
    const email = uniqueEmail('invitee');
    const forbidden = await bulkCreate([{ email, position: 'contractor' }], memberToken);
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-create',
      payload: { users: [{ email, position: 'contractor' }] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await outboxRowsTo(t, email)).toEqual([]);
  });
});

describe('GET /api/users/emails', () => {
  const byEmails = (query: string, token = adminToken) =>
    t.app.inject({ method: 'GET', url: `/api/users/emails?${query}`, headers: bearer(token) });

  it('lists the users having the given emails, comma separated or repeated', async () => {
    const [a, b, c] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const unknown = uniqueEmail('unknown');
    const response = await byEmails(
      `emails=${encodeURIComponent(` ${a.email.toUpperCase()} ,${unknown}`)}&emails=${b.email}&emails=${a.email}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.data.map((user: { email: string }) => user.email)).toEqual(
      [a.email, b.email].sort(),
    );
    expect(body.data[0]).toHaveProperty('invitedBy');
    expect(body.meta).toEqual({ currentPage: 1, itemsPerPage: 100, totalItems: 2, totalPages: 1 });

    const paged = await byEmails(
      `emails=${[a.email, b.email, c.email].join(',')}&limitPerPage=2&page=2`,
    );
    expect(paged.json()).toEqual({
      data: [expect.objectContaining({ email: [a.email, b.email, c.email].sort()[2] })],
      meta: { currentPage: 2, itemsPerPage: 2, totalItems: 3, totalPages: 2 },
    });
  });

  it('refuses a missing, invalid or too long list', async () => {
    const missing = await byEmails('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ emails: VALIDATION_MESSAGES.emailRequired });

    const invalid = await byEmails(`emails=${admin.email},nope`);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ 'emails.1': VALIDATION_MESSAGES.emailInvalid });

    const many = Array.from({ length: 101 }, (_, index) => `m${index}@example.com`).join(',');
    const tooMany = await byEmails(`emails=${many}`);
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().errors)).toEqual(['emails']);

    // The limit counts distinct addresses.
    const repeated = Array.from({ length: 150 }, () => admin.email).join(',');
    expect((await byEmails(`emails=${repeated}`)).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    expect((await byEmails(`emails=${admin.email}`, memberToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/users/emails?emails=${admin.email}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
