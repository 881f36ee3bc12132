import type { CreatedAlertChannel } from '@staff-admin/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedInAdmin, createTestApp, type TestApp } from '../helpers.js';
import { alertClient, pass } from './alert-client.js';
import { startReceiver, webhookHeaders, type TestReceiver } from './receiver.js';

/**
 * The rules through the real channels: a new error group reaches a real HTTP receiver as a signed
 * webhook (verified with the Standard Webhooks library), exactly once, and so does its resolved
 * message.
 */

let t: TestApp;
let receiver: TestReceiver;
let token: string;
const alerts = alertClient(
  () => t,
  () => token,
);

beforeAll(async () => {
  t = await createTestApp({ env: { ALERTS_EVALUATION_INTERVAL: '86400' } });
  receiver = await startReceiver();
  token = (await createSignedInAdmin(t)).tokens.access_token;
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});

describe('a rule with a webhook channel', () => {
  it('fires once and resolves once, each a signed webhook', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/monitoring/alert-channels',
      headers: bearer(token),
      payload: { kind: 'webhook', name: 'Ops hook', url: receiver.url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const channel = created.json<{ data: CreatedAlertChannel }>().data;
    const rule = await alerts.addRule({
      kind: 'new_error_group',
      name: 'New errors',
      channelIds: [channel.id],
    });
    t.clock.advance(1_000);

    const report = await t.app.inject({
      method: 'POST',
      url: '/api/monitoring/error-reports',
      payload: { kind: 'error', type: 'TypeError', message: 'Webhook alert crash', url: '/' },
    });
    expect(report.statusCode).toBe(202);
    await pass(t);
    await pass(t);
    await t.app.webhookWorker.nextPass();

    expect(receiver.received).toHaveLength(1);
    const verify = new Webhook(channel.secret!);
    const fired = verify.verify(
      receiver.received[0]!.body,
      webhookHeaders(receiver.received[0]!.headers),
    ) as {
      type: string;
      incidentId: string;
      rule: { id: string };
      link: string;
      data: { errorGroup: { id: string } };
    };
    expect(fired).toMatchObject({ type: 'new_error_group.fired', rule: { id: rule.id } });
    expect(fired.link).toBe(`${t.config.appUrl}/monitoring/alerts/incidents/${fired.incidentId}`);

    const resolved = await t.app.inject({
      method: 'PATCH',
      url: `/api/monitoring/error-groups/${fired.data.errorGroup.id}`,
      headers: bearer(token),
      payload: { status: 'resolved' },
    });
    expect(resolved.statusCode).toBe(200);
    t.clock.advance(60_000);
    await pass(t);
    await pass(t);
    await t.app.webhookWorker.nextPass();
    expect(receiver.received).toHaveLength(2);
    const second = verify.verify(
      receiver.received[1]!.body,
      webhookHeaders(receiver.received[1]!.headers),
    ) as { type: string; incidentId: string };
    expect(second).toMatchObject({
      type: 'new_error_group.resolved',
      incidentId: fired.incidentId,
    });
  });
});
