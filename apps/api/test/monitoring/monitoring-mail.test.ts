import { randomUUID } from 'node:crypto';
import type { OutboxMail } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { FAST_MAIL_ENV, linkIn, startSmtpServer, type TestSmtpServer } from '../smtp.js';

const MAX_ATTEMPTS = 3;

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, ...FAST_MAIL_ENV, MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS) },
  });
  admin = await createUser(t, { position: 'admin', fullName: 'Ada Admin' });
  adminToken = (await loginTokens(t, admin)).access_token;
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const list = async (query: Record<string, string> = {}, app = t, token = adminToken) => {
  const response = await app.app.inject({
    method: 'GET',
    url: '/api/monitoring/mail',
    query,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    body: response.body,
    ...response.json<{ data: OutboxMail[]; meta: Record<string, number> }>(),
  };
};

const act = (id: string, action: 'retry' | 'cancel', app = t, token = adminToken) =>
  app.app.inject({
    method: 'POST',
    url: `/api/monitoring/mail/${id}/${action}`,
    headers: bearer(token),
  });

const forgot = (email: string, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });

/** The mail to `email` as the list shows it (the one row whose id the database gives). */
async function mailTo(email: string, app = t, token = adminToken): Promise<OutboxMail> {
  const row = await app.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('recipient', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const { data } = await list({ limitPerPage: '100' }, app, token);
  const mail = data.find((item) => item.id === row.id);
  if (!mail) throw new Error(`no mail to ${email} in the list`);
  return mail;
}

/** Moves the clock past the next retry and lets the worker look at the outbox, until `condition`. */
async function retryUntil(condition: () => Promise<boolean>, maxPasses = 20) {
  for (let pass = 0; !(await condition()); pass += 1) {
    if (pass >= maxPasses) throw new Error(`condition not met after ${maxPasses} passes`);
    t.clock.advance(t.config.mail.retryMaxMs);
    await t.app.mailWorker.nextPass();
  }
}

const auditOf = (action: string, targetId: string) =>
  t.db
    .selectFrom('audit_events')
    .select(['actor_id', 'details'])
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();

describe('the list', () => {
  it('shows a sent mail with its kind, the recipient masked, and never its link or token', async () => {
    const email = uniqueEmail('invitee');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-create',
      headers: bearer(adminToken),
      payload: { users: [{ email, position: 'contractor' }] },
    });
    expect(created.statusCode).toBe(201);
    const received = await smtp.waitForMail(email);
    const { token } = linkIn(received, '/auth/accept-invitation');
    await t.app.mailWorker.nextPass();

    const mail = await mailTo(email);
    expect(mail).toMatchObject({
      kind: 'invitation',
      recipient: `${email[0]}***@example.com`,
      state: 'sent',
      // The send that went through is an attempt: a sent mail never shows 0.
      attempts: 1,
      nextAttemptAt: null,
      lastError: null,
    });
    expect(mail.sentAt).not.toBeNull();
    const { body } = await list({ limitPerPage: '100' });
    expect(body).not.toContain(token);
    expect(body).not.toContain(email);
    expect(body).not.toContain('accept-invitation');
    expect(Object.keys(mail)).not.toContain('body');
  });

  it('shows retrying with the attempt and next try while SMTP is down, then failed after MAIL_MAX_ATTEMPTS; a retry then delivers it', async () => {
    const user = await createUser(t);
    const { port } = smtp;
    await smtp.stop();
    try {
      expect((await forgot(user.email)).statusCode).toBe(200);
      await t.app.mailWorker.nextPass();
      const retrying = await mailTo(user.email);
      expect(retrying).toMatchObject({ kind: 'password_reset', state: 'retrying', attempts: 1 });
      expect(retrying.lastError).toMatch(/ECONNREFUSED/);
      expect(Date.parse(retrying.nextAttemptAt ?? '')).toBeGreaterThan(t.clock.now());

      await retryUntil(async () => (await mailTo(user.email)).state === 'failed');
      const failed = await mailTo(user.email);
      expect(failed).toMatchObject({
        state: 'failed',
        attempts: MAX_ATTEMPTS,
        nextAttemptAt: null,
      });
      expect(failed.lastError).toMatch(/ECONNREFUSED/);
      expect(failed.failedAt).not.toBeNull();
      expect((await list({ state: 'failed' })).data.map((item) => item.id)).toContain(failed.id);
    } finally {
      smtp = await startSmtpServer(port);
    }

    const retried = await act((await mailTo(user.email)).id, 'retry');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<{ data: OutboxMail }>().data.failedAt).toBeNull();
    const arrived = await smtp.waitForMail(user.email);
    expect(arrived.subject).toBe('Reset your Staff Admin password');
    await t.app.mailWorker.nextPass();
    // Sent at its fourth attempt; the old failure no longer describes it.
    expect(await mailTo(user.email)).toMatchObject({
      state: 'sent',
      attempts: MAX_ATTEMPTS + 1,
      lastError: null,
    });

    const [event] = await auditOf('mail.retried', retried.json<{ data: OutboxMail }>().data.id);
    expect(event?.actor_id).toBe(admin.id);
    expect(JSON.parse(event?.details ?? '{}')).toMatchObject({ from: 'failed' });
  });

  it('masks the recipient in the last SMTP reply as well', async () => {
    const user = await createUser(t);
    const row = await sealedRowFor(user.email);
    await t.db
      .updateTable('mail_outbox')
      .set({ attempts: 1, last_error: `550 <${user.email}>: no such mailbox`, failed_at: null })
      .where('id', '=', row)
      .execute();
    const mail = await mailTo(user.email);
    expect(mail.lastError).toBe(`550 <${user.email[0]}***@example.com>: no such mailbox`);
  });

  it('filters by state and kind, sorts, pages, and refuses bad filters with field errors', async () => {
    const { data: passwordResets } = await list({ kind: 'password_reset', limitPerPage: '100' });
    expect(passwordResets.length).toBeGreaterThan(0);
    expect(passwordResets.every((mail) => mail.kind === 'password_reset')).toBe(true);
    const { data: sent } = await list({ state: 'sent', limitPerPage: '100' });
    expect(sent.every((mail) => mail.state === 'sent')).toBe(true);

    const { data: all, meta } = await list({ sortBy: 'createdAt', sortDirection: 'asc' });
    const created = all.map((mail) => mail.createdAt);
    expect(created).toEqual([...created].sort());
    const { data: second } = await list({ limitPerPage: '1', page: '2' });
    expect(second).toHaveLength((meta.totalItems ?? 0) > 1 ? 1 : 0);

    const bad: [string, string][] = [
      ['state', 'lost'],
      ['kind', 'postcard'],
      ['sortBy', 'recipient'],
    ];
    for (const [field, value] of bad) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/monitoring/mail',
        query: { [field]: value },
        headers: bearer(adminToken),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
    }
  });
});

/** A mail to `email` queued with no worker able to take it (due in an hour): its id. */
async function sealedRowFor(email: string): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select(['id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  await t.db
    .insertInto('mail_outbox')
    .values({
      id,
      user_id: user.id,
      template: 'password_changed',
      recipient: email,
      subject: 'Your Staff Admin password was changed',
      body: 'sealed',
      created_at: new Date(t.clock.now()).toISOString(),
      next_attempt_at: new Date(t.clock.now() + 3_600_000).toISOString(),
    })
    .execute();
  return id;
}

describe('actions', () => {
  it('cancels a queued mail: failed, with who cancelled it, audited, and never sent', async () => {
    const user = await createUser(t);
    const id = await sealedRowFor(user.email);
    expect((await mailTo(user.email)).state).toBe('queued');

    const response = await act(id, 'cancel');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: OutboxMail }>().data).toMatchObject({
      state: 'failed',
      lastError: 'cancelled by Ada Admin',
    });
    t.clock.advance(3_600_000);
    await t.app.mailWorker.nextPass();
    // The old access token expired while the clock moved.
    adminToken = (await loginTokens(t, admin)).access_token;
    expect(smtp.mailsTo(user.email)).toHaveLength(0);
    expect((await mailTo(user.email)).state).toBe('failed');
    expect(await auditOf('mail.cancelled', id)).toEqual([
      expect.objectContaining({ actor_id: admin.id }),
    ]);

    // Cancelled is failed: an admin may still change their mind and retry it (the woken worker
    // may already have tried it when the answer is written, so only "no longer failed" is sure).
    const retried = await act(id, 'retry');
    expect(retried.statusCode, retried.body).toBe(200);
    const after = retried.json<{ data: OutboxMail }>().data;
    expect(after.failedAt).toBeNull();
    expect(after.state).not.toBe('failed');
  });

  it('answers 409 for actions that do not apply, and 404 for unknown mail', async () => {
    const user = await createUser(t);
    const queued = await sealedRowFor(user.email);
    expect((await act(queued, 'retry')).statusCode).toBe(409);

    // A worker holds it: neither retried nor cancelled under its feet.
    await t.db
      .updateTable('mail_outbox')
      .set({
        attempts: 1,
        claim_id: randomUUID(),
        claimed_until: new Date(t.clock.now() + 60_000).toISOString(),
      })
      .where('id', '=', queued)
      .execute();
    expect((await mailTo(user.email)).state).toBe('sending');
    expect((await act(queued, 'retry')).statusCode).toBe(409);
    expect((await act(queued, 'cancel')).statusCode).toBe(409);

    await t.db
      .updateTable('mail_outbox')
      .set({ sent_at: new Date(t.clock.now()).toISOString(), claim_id: null, claimed_until: null })
      .where('id', '=', queued)
      .execute();
    const cancelSent = await act(queued, 'cancel');
    expect(cancelSent.statusCode).toBe(409);
    expect(cancelSent.json()).toEqual({ code: 409, message: expect.any(String) });
    expect((await act(queued, 'retry')).statusCode).toBe(409);

    expect((await act(randomUUID(), 'retry')).statusCode).toBe(404);
    expect((await act(randomUUID(), 'cancel')).statusCode).toBe(404);
    expect((await act('not-an-id', 'cancel')).statusCode).toBe(404);
  });

  it('queues a test mail to the calling admin, which arrives and is audited', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/monitoring/mail/test',
      headers: bearer(adminToken),
    });
    expect(response.statusCode, response.body).toBe(201);
    const queued = response.json<{ data: OutboxMail }>().data;
    expect(queued).toMatchObject({ kind: 'test', recipient: `${admin.email[0]}***@example.com` });

    const arrived = await smtp.waitForMail(admin.email);
    expect(arrived.subject).toBe('Staff Admin test mail');
    expect(arrived.text).toContain('/monitoring/mail');
    await t.app.mailWorker.nextPass();
    expect((await list({ kind: 'test' })).data[0]).toMatchObject({ id: queued.id, state: 'sent' });
    expect(await auditOf('mail.test_queued', queued.id)).toEqual([
      expect.objectContaining({ actor_id: admin.id }),
    ]);
  });

  it('is for admins only', async () => {
    const finance = await createUser(t, { position: 'finance' });
    const financeToken = (await loginTokens(t, finance)).access_token;
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/monitoring/mail',
      headers: bearer(financeToken),
    });
    expect(denied.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/monitoring/mail/test' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('without SMTP_URL', () => {
  it('shows a mail written to the log as logged; it can be cancelled', async () => {
    const quiet = await createTestApp({ env: FAST_MAIL_ENV });
    try {
      const quietAdmin = await createUser(quiet, { position: 'admin' });
      const token = (await loginTokens(quiet, quietAdmin)).access_token;
      const response = await quiet.app.inject({
        method: 'POST',
        url: '/api/monitoring/mail/test',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(201);
      await quiet.app.mailWorker.nextPass();
      const mail = await mailTo(quietAdmin.email, quiet, token);
      expect(mail).toMatchObject({ kind: 'test', state: 'logged', attempts: 0 });
      expect((await act(mail.id, 'retry', quiet, token)).statusCode).toBe(409);
      const cancelled = await act(mail.id, 'cancel', quiet, token);
      expect(cancelled.json<{ data: OutboxMail }>().data.state).toBe('failed');
    } finally {
      await quiet.close();
    }
  });
});
