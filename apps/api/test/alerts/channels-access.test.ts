import type { AlertChannel, CreatedAlertChannel } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSignedInAdmin,
  createSignedInUser,
  createTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../helpers.js';
import { FAST_MAIL_ENV, startSmtpServer, type TestSmtpServer } from '../smtp.js';

/** Who may do what with channels, what input is refused, the audit trail, and email channels. */
let t: TestApp;
let smtp: TestSmtpServer;
let admin: SignedInUser;
let finance: SignedInUser;
let contractor: SignedInUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ...FAST_MAIL_ENV } });
  admin = await createSignedInAdmin(t);
  finance = await createSignedInUser(t, { position: 'finance', fullName: 'Fin Ance' });
  contractor = await createSignedInUser(t, { position: 'contractor' });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const call = (
  who: SignedInUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/monitoring/alert-channels${url}`,
    payload,
    headers: bearer(who.tokens.access_token),
  });

async function create(who: SignedInUser, body: Record<string, unknown>): Promise<AlertChannel> {
  const response = await call(who, 'POST', '', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: CreatedAlertChannel }>().data;
}

const emailChannel = (extra: Record<string, unknown> = {}) => ({
  kind: 'email',
  name: 'Finance mail',
  recipients: { roles: ['finance'] },
  ...extra,
});

describe('finance', () => {
  it('makes budget channels only, and sees and changes nothing else', async () => {
    const own = await create(finance, emailChannel());
    expect(own.audience).toBe('budget');
    const refused = await call(finance, 'POST', '', emailChannel({ audience: 'all' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string> }>().errors.audience).toMatch(/budget/);

    const adminsOwn = await create(admin, emailChannel({ name: 'Ops mail' }));
    expect(adminsOwn.audience).toBe('all');
    const adminsBudget = await create(admin, emailChannel({ name: 'Budget', audience: 'budget' }));

    const listed = (await call(finance, 'GET', '')).json<{ data: AlertChannel[] }>().data;
    const ids = listed.map((channel) => channel.id);
    expect(ids).toContain(own.id);
    expect(ids).toContain(adminsBudget.id);
    expect(ids).not.toContain(adminsOwn.id);
    expect(listed.every((channel) => channel.audience === 'budget')).toBe(true);

    // An admin-only channel is, to finance, no channel at all.
    for (const [method, url, body] of [
      ['GET', `/${adminsOwn.id}`, undefined],
      ['PATCH', `/${adminsOwn.id}`, { name: 'Mine now' }],
      ['POST', `/${adminsOwn.id}/test`, undefined],
      ['GET', `/${adminsOwn.id}/deliveries`, undefined],
      ['DELETE', `/${adminsOwn.id}`, undefined],
    ] as const) {
      const response = await call(finance, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nor may finance widen their own channel.
    const widened = await call(finance, 'PATCH', `/${own.id}`, { audience: 'all' });
    expect(widened.statusCode).toBe(400);
    // Admins see everything, and may make a budget channel an admins' one.
    const adminList = (await call(admin, 'GET', '')).json<{ data: AlertChannel[] }>().data;
    expect(adminList.map((channel) => channel.id)).toEqual(
      expect.arrayContaining([own.id, adminsOwn.id, adminsBudget.id]),
    );
    const moved = await call(admin, 'PATCH', `/${adminsBudget.id}`, { audience: 'all' });
    expect(moved.json<{ data: AlertChannel }>().data.audience).toBe('all');
    expect((await call(finance, 'GET', `/${adminsBudget.id}`)).statusCode).toBe(404);
  });

  it('others have no access at all', async () => {
    expect((await call(contractor, 'GET', '')).statusCode).toBe(403);
    expect((await call(contractor, 'POST', '', emailChannel())).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/monitoring/alert-channels' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it.each([
    ['no name', { kind: 'webhook', url: 'https://93.184.215.14/' }, 'name'],
    ['an empty name', { kind: 'webhook', name: '  ', url: 'https://93.184.215.14/' }, 'name'],
    ['an unknown kind', { kind: 'sms', name: 'Text' }, 'kind'],
    ['a webhook without URL', { kind: 'webhook', name: 'Hook' }, 'url'],
    [
      'an unknown format',
      { kind: 'webhook', name: 'Hook', url: 'https://93.184.215.14/', format: 'teams' },
      'format',
    ],
    [
      'recipients on a webhook',
      {
        kind: 'webhook',
        name: 'Hook',
        url: 'https://93.184.215.14/',
        recipients: { roles: ['admin'] },
      },
      'recipients',
    ],
    ['an email channel without recipients', { kind: 'email', name: 'Mail' }, 'recipients'],
    [
      'an email channel with empty recipients',
      { kind: 'email', name: 'Mail', recipients: { userIds: [], roles: [] } },
      'recipients',
    ],
    [
      'an unknown role',
      { kind: 'email', name: 'Mail', recipients: { roles: ['boss'] } },
      'recipients.roles.0',
    ],
    [
      'a user id that is no UUID',
      { kind: 'email', name: 'Mail', recipients: { userIds: ['42'] } },
      'recipients.userIds.0',
    ],
    [
      'a URL on an email channel',
      {
        kind: 'email',
        name: 'Mail',
        url: 'https://93.184.215.14/',
        recipients: { roles: ['admin'] },
      },
      'url',
    ],
  ])('%s: 400 with a field error', async (_label, body, field) => {
    const response = await call(admin, 'POST', '', body);
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json<{
      code: number;
      message: string;
      errors?: Record<string, string>;
    }>();
    expect(error.code).toBe(400);
    expect(error.message.length).toBeGreaterThan(0);
    expect(Object.keys(error.errors ?? {})).toContain(field);
  });

  it('a person who does not exist, a wrong id, an empty change: 4xx, never 500', async () => {
    const unknown = await call(admin, 'POST', '', {
      kind: 'email',
      name: 'Mail',
      recipients: { userIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      unknown.json<{ errors: Record<string, string> }>().errors['recipients.userIds'],
    ).toBeTruthy();

    expect((await call(admin, 'GET', '/not-a-uuid')).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', '/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    const channel = await create(admin, emailChannel());
    expect((await call(admin, 'PATCH', `/${channel.id}`, {})).statusCode).toBe(400);
    expect((await call(admin, 'PATCH', `/${channel.id}`, { kind: 'webhook' })).statusCode).toBe(
      400,
    );
    expect(
      (await call(admin, 'PATCH', `/${channel.id}`, { url: 'https://93.184.215.14/' })).statusCode,
    ).toBe(400);
    expect((await call(admin, 'GET', `/${channel.id}/deliveries?page=0`)).statusCode).toBe(400);
  });
});

describe('the audit trail', () => {
  it('records a channel created, changed and deleted, without secrets', async () => {
    const response = await call(admin, 'POST', '', {
      kind: 'webhook',
      name: 'Audited hook',
      url: 'https://93.184.215.14/secret-path',
    });
    const channel = response.json<{ data: CreatedAlertChannel }>().data;
    await call(admin, 'PATCH', `/${channel.id}`, { name: 'Audited hook 2' });
    await call(admin, 'DELETE', `/${channel.id}`);
    const events = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'details'])
      .where('target_id', '=', channel.id)
      .orderBy('at')
      .execute();
    expect(events.map((event) => event.action)).toEqual([
      'alert_channel.created',
      'alert_channel.updated',
      'alert_channel.deleted',
    ]);
    expect(events.every((event) => event.actor_id === admin.id)).toBe(true);
    const details = events.map((event) => event.details ?? '').join(' ');
    expect(details).toContain('93.184.215.14');
    expect(details).not.toContain('secret-path');
    expect(details).not.toContain(channel.secret!.slice(6));
  });
});

describe('an email channel', () => {
  it('mails each active member of the role, through the outbox, with the summary and link', async () => {
    const colleague = await createUser(t, { position: 'finance', fullName: 'Fin Two' });
    const gone = await createUser(t, { position: 'finance', status: 'inactive' });
    const channel = await create(admin, emailChannel({ name: 'Budget mail' }));
    const sent = await call(admin, 'POST', `/${channel.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);

    const mail = await smtp.waitForMail(colleague.email);
    expect(mail.subject).toBe('Test alert: the channel "Budget mail" works');
    expect(mail.text).toContain('Hello Fin Two,');
    expect(mail.text).toMatch(/https?:\/\/\S+\/monitoring\/alerts\/channels/);
    expect(mail.text).toContain('Channel: Budget mail');
    expect(mail.html).toContain('Open the alert');
    await smtp.waitForMail(finance.email);
    await t.app.mailWorker.nextPass();
    expect(smtp.mailsTo(gone.email)).toEqual([]);
    expect(smtp.mailsTo(admin.email)).toEqual([]);
    const rows = await t.db
      .selectFrom('mail_outbox')
      .select('template')
      .where('recipient', '=', colleague.email)
      .execute();
    expect(rows.map((row) => row.template)).toEqual(['alert']);
  });

  it('mails named people too, once each even when a role names them again', async () => {
    const channel = await create(admin, {
      kind: 'email',
      name: 'People',
      recipients: { userIds: [admin.id, contractor.id], roles: ['admin'] },
    });
    expect(channel.recipients).toEqual({ userIds: [admin.id, contractor.id], roles: ['admin'] });
    await call(admin, 'POST', `/${channel.id}/test`);
    await smtp.waitForMail(contractor.email);
    await smtp.waitForMail(admin.email);
    await t.app.mailWorker.nextPass();
    expect(
      smtp.mailsTo(admin.email).filter((mail) => mail.subject.includes('"People"')),
    ).toHaveLength(1);
  });
});
