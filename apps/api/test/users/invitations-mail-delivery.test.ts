import type { BulkCreateResult, BulkUsersAnswer, MailDelivery } from '@staff-admin/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  uniqueEmail,
  type TestApp,
} from '../helpers.js';
import { FAST_MAIL_ENV, startSmtpServer, type TestSmtpServer } from '../smtp.js';

/**
 * The invitation answers say whether the email goes out now (issue 33, item 18), so that the
 * site says "sent" only then, and "queued" while mail waits in the outbox.
 */

let t: TestApp | undefined;
const servers: TestSmtpServer[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function adminOf(app: TestApp) {
  const admin = await createUser(app, { position: 'admin' });
  return (await loginTokens(app, admin)).access_token;
}

async function invite(app: TestApp, token: string, email = uniqueEmail('invited')) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/users/bulk-create',
    headers: bearer(token),
    payload: { users: [{ email, position: 'contractor' }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { email, ...response.json<{ data: BulkCreateResult }>().data };
}

async function resend(app: TestApp, token: string, email: string) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/users/resend',
    headers: bearer(token),
    payload: { email },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { mailDelivery: MailDelivery } }>().data.mailDelivery;
}

/** POST /users/bulk: `action` on the users `ids`. */
async function bulk(app: TestApp, token: string, action: string, ids: string[]) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/users/bulk',
    headers: bearer(token),
    payload: { action, ids },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: BulkUsersAnswer }>().data;
}

/** The bulk resend's answer for `ids`: its rows' outcomes and its mail delivery. */
async function bulkResend(app: TestApp, token: string, ids: string[]) {
  const { results, mailDelivery } = await bulk(app, token, 'resendInvitation', ids);
  return { outcomes: results.map((row) => row.outcome), mailDelivery };
}

/** Mails not sent yet that failed at least once. */
const retrying = async (app: TestApp) =>
  (
    await app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('attempts', '>', 0)
      .execute()
  ).length;

describe('mail delivery in the invitation answers', () => {
  it('is working while mail goes out, delayed while a mail waits after an SMTP failure, working once it went', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp);
    const app = await createTestApp({ env: { SMTP_URL: smtp.url, ...FAST_MAIL_ENV } });
    t = app;
    const token = await adminOf(app);

    const first = await invite(app, token);
    expect(first.mailDelivery).toBe('working');
    expect(await bulkResend(app, token, [first.created[0]!.id])).toEqual({
      outcomes: ['done'],
      mailDelivery: 'working',
    });
    await app.app.mailWorker.nextPass();

    // The relay goes down: the next mail is queued while nothing has failed yet, then fails.
    await smtp.stop();
    const pending = await invite(app, token);
    await app.app.mailWorker.nextPass();
    expect(await retrying(app)).toBeGreaterThan(0);
    expect((await invite(app, token)).mailDelivery).toBe('delayed');
    expect(await resend(app, token, pending.email)).toBe('delayed');
    // The bulk resend says it too (it said "N new invitations queued" without knowing).
    expect(await bulkResend(app, token, [pending.created[0]!.id])).toEqual({
      outcomes: ['done'],
      mailDelivery: 'delayed',
    });

    // Back up: once the waiting mail went out, delivery works again.
    servers.push(await startSmtpServer(smtp.port));
    for (let pass = 0; (await retrying(app)) > 0; pass += 1) {
      expect(pass).toBeLessThan(20);
      app.clock.advance(app.config.mail.retryMaxMs);
      await app.app.mailWorker.nextPass();
    }
    expect(await resend(app, token, pending.email)).toBe('working');
    expect((await bulkResend(app, token, [pending.created[0]!.id])).mailDelivery).toBe('working');
  });

  it('is log without SMTP_URL: mail is written to the server log', async () => {
    const app = await createTestApp();
    t = app;
    const token = await adminOf(app);
    const invited = await invite(app, token);
    expect(invited.mailDelivery).toBe('log');
    expect(await resend(app, token, invited.email)).toBe('log');
    expect(await bulkResend(app, token, [invited.created[0]!.id])).toEqual({
      outcomes: ['done'],
      mailDelivery: 'log',
    });
    // Only the resend queues mail: the other actions say nothing of it.
    expect(await bulk(app, token, 'endSessions', [invited.created[0]!.id])).not.toHaveProperty(
      'mailDelivery',
    );
  });
});
