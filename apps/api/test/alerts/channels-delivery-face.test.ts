import type { CreatedAlertChannel } from '@staff-admin/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertNotice } from '../../src/modules/alert-channels/index.js';
import {
  bearer,
  createSignedInAdmin,
  createSignedInUser,
  type SignedInUser,
  createTestApp,
  type TestApp,
} from '../helpers.js';
import { FAST_MAIL_ENV, startSmtpServer, type TestSmtpServer } from '../smtp.js';
import { startReceiver, webhookHeaders, type TestReceiver } from './receiver.js';

/** The face the alert rules send through: deliver() and unusable(). */
let t: TestApp;
let smtp: TestSmtpServer;
let receiver: TestReceiver;
let admin: SignedInUser;
let finance: SignedInUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ...FAST_MAIL_ENV } });
  admin = await createSignedInAdmin(t);
  finance = await createSignedInUser(t, { position: 'finance' });
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
  await smtp.stop();
});

async function create(who: SignedInUser, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/monitoring/alert-channels',
    payload: body,
    headers: bearer(who.tokens.access_token),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: CreatedAlertChannel }>().data;
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const notice: AlertNotice = {
  type: 'budget_threshold.fired',
  incidentId: '11111111-1111-4111-8111-111111111111',
  rule: { id: '22222222-2222-4222-8222-222222222222', name: 'Budget 80 %' },
  occurredAt: '2026-11-27T21:00:00.000Z',
  summary: 'Project Apollo passed 80 % of its budget',
  link: 'http://localhost:3000/monitoring/alerts/incidents/11111111-1111-4111-8111-111111111111',
  data: { project: 'Apollo', percent: 80, actual: '8,000.00 GBP', nested: { skipped: true } },
};

describe('deliver', () => {
  it('queues the notice on each channel, skips unknown ids, and sends it as is', async () => {
    const hook = await create(admin, { kind: 'webhook', name: 'Hook', url: receiver.url });
    const mail = await create(admin, {
      kind: 'email',
      name: 'Mail',
      recipients: { userIds: [finance.id] },
    });
    await t.app.alertDelivery.deliver([hook.id, UNKNOWN, 'not-an-id', mail.id], notice);
    await t.app.webhookWorker.nextPass();

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const body = new Webhook(hook.secret!).verify(request!.body, webhookHeaders(request!.headers));
    expect(body).toEqual(notice);

    const received = await smtp.waitForMail(finance.email);
    expect(received.subject).toBe(notice.summary);
    expect(received.text).toContain('Project: Apollo');
    expect(received.text).toContain('Percent: 80');
    expect(received.text).toContain('Actual: 8,000.00 GBP');
    expect(received.text).not.toContain('skipped');
    expect(received.text).toContain(notice.link);
    expect(received.text).toContain('27 Nov 2026 at 21:00 UTC');
  });
});

describe('unusable', () => {
  it('names the ids that do not exist, and for finance those that are not budget channels', async () => {
    const adminsOnly = await create(admin, {
      kind: 'email',
      name: 'Admins',
      recipients: { roles: ['admin'] },
    });
    const shared = await create(admin, {
      kind: 'email',
      name: 'Shared',
      audience: 'budget',
      recipients: { roles: ['finance'] },
    });
    const ids = [adminsOnly.id, shared.id, UNKNOWN, 'nonsense'];
    expect(await t.app.alertDelivery.unusable(ids, { role: 'admin' })).toEqual([
      UNKNOWN,
      'nonsense',
    ]);
    expect(await t.app.alertDelivery.unusable(ids, { role: 'finance' })).toEqual([
      adminsOnly.id,
      UNKNOWN,
      'nonsense',
    ]);
    expect(await t.app.alertDelivery.unusable([shared.id], { role: 'contractor' })).toEqual([
      shared.id,
    ]);
    expect(await t.app.alertDelivery.unusable([], { role: 'finance' })).toEqual([]);
  });
});
