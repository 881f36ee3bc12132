import type { AlertChannel, CreatedAlertChannel, WebhookDelivery } from '@staff-admin/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_MAX_ATTEMPTS,
  webhookRetryDelayMs,
} from '../../src/modules/alert-channels/index.js';
import {
  bearer,
  createSignedInAdmin,
  createTestApp,
  loginTokens,
  type SignedInUser,
  type TestApp,
} from '../helpers.js';
import { startReceiver, webhookHeaders, type TestReceiver } from './receiver.js';

/**
 * Webhook channels end to end: a real receiver on 127.0.0.1 (the test config allows private
 * addresses), signatures checked with the Standard Webhooks library, retries and give-up with the
 * injected clock.
 */
let t: TestApp;
let receiver: TestReceiver;
let admin: SignedInUser;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  receiver = await startReceiver();
  admin = await createSignedInAdmin(t);
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});
beforeEach(async () => {
  // The retry tests move the clock by hours: a fresh sign-in for each test.
  token = (await loginTokens(t, admin)).access_token;
  receiver.received.length = 0;
  receiver.answers.length = 0;
  receiver.fallback = 200;
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/monitoring/alert-channels${url}`,
    payload,
    headers: bearer(token),
  });

async function createWebhook(body: Record<string, unknown> = {}): Promise<CreatedAlertChannel> {
  const response = await call('POST', '', {
    kind: 'webhook',
    name: 'Ops hook',
    url: receiver.url,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: CreatedAlertChannel }>().data;
}

async function sendTest(id: string) {
  const response = await call('POST', `/${id}/test`);
  expect(response.statusCode, response.body).toBe(202);
}

async function deliveries(id: string): Promise<WebhookDelivery[]> {
  const response = await call('GET', `/${id}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: WebhookDelivery[] }>().data;
}

describe('the signing secret', () => {
  it('is answered once at creation, in the whsec_ format, and never again', async () => {
    const channel = await createWebhook();
    expect(channel.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(channel.secret!.slice('whsec_'.length), 'base64').length).toBe(32);

    const one = await call('GET', `/${channel.id}`);
    const all = await call('GET', '');
    const changed = await call('PATCH', `/${channel.id}`, { name: 'Renamed hook' });
    for (const response of [one, all, changed]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(channel.secret!.slice(6));
      expect(response.body).not.toContain('"secret"');
    }
    // Stored sealed: the column does not hold it.
    const row = await t.db
      .selectFrom('alert_channels')
      .select('secret')
      .where('id', '=', channel.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(channel.secret!.slice(6));
  });
});

describe('a delivered webhook', () => {
  it('verifies with the Standard Webhooks library, and a tampered body does not', async () => {
    const channel = await createWebhook();
    await sendTest(channel.id);
    await t.app.webhookWorker.nextPass();

    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    const headers = webhookHeaders(hook!.headers);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(hook!.headers['content-type']).toBe('application/json');
    const verified = new Webhook(channel.secret!).verify(hook!.body, headers) as Record<
      string,
      unknown
    >;
    expect(Object.keys(verified).sort()).toEqual(
      ['data', 'incidentId', 'link', 'occurredAt', 'rule', 'summary', 'type'].sort(),
    );
    expect(verified.type).toBe('test.fired');
    expect(String(verified.link)).toMatch(/^https?:\/\/.+\/monitoring\/alerts\/channels$/);

    const [delivery] = await deliveries(channel.id);
    expect(delivery!.id).toBe(headers['webhook-id']);
    expect(delivery!.state).toBe('delivered');
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ statusCode: 200, error: null, durationMs: expect.any(Number) }),
    ]);

    const tampered = hook!.body.replace('test.fired', 'test.resolved');
    expect(tampered).not.toBe(hook!.body);
    expect(() => new Webhook(channel.secret!).verify(tampered, headers)).toThrow();
    // Another channel's secret does not verify it either.
    const other = await createWebhook();
    expect(() => new Webhook(other.secret!).verify(hook!.body, headers)).toThrow();

    const list = (await call('GET', '')).json<{ data: AlertChannel[] }>().data;
    expect(list.find((item) => item.id === channel.id)?.lastDelivery).toMatchObject({
      state: 'delivered',
      statusCode: 200,
    });
  });

  it('signed more than 5 minutes ago fails verification (the timestamp is checked)', async () => {
    const channel = await createWebhook();
    t.clock.set(Date.now() - 6 * 60_000);
    try {
      await sendTest(channel.id);
      await t.app.webhookWorker.nextPass();
    } finally {
      t.clock.set(Date.now());
    }
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    expect(() =>
      new Webhook(channel.secret!).verify(hook!.body, webhookHeaders(hook!.headers)),
    ).toThrow(/too old/i);
  });

  it('in the slack format is { text: "<summary> <link>", blocks }, signed too', async () => {
    const channel = await createWebhook({ format: 'slack' });
    expect(channel.format).toBe('slack');
    await sendTest(channel.id);
    await t.app.webhookWorker.nextPass();
    const [hook] = receiver.received;
    const body = new Webhook(channel.secret!).verify(hook!.body, webhookHeaders(hook!.headers)) as {
      text: string;
      blocks: unknown[];
    };
    expect(body.text).toMatch(
      /^Test alert: the channel "Ops hook" works https?:\/\/\S+\/monitoring\/alerts\/channels$/,
    );
    expect(body.blocks.length).toBeGreaterThan(0);
  });
});

describe('retries', () => {
  it('a receiver answering 500 then 200 gets the same delivery again after the backoff', async () => {
    const channel = await createWebhook();
    receiver.answers.push(500);
    await sendTest(channel.id);
    await t.app.webhookWorker.nextPass();
    expect(receiver.received).toHaveLength(1);
    let [delivery] = await deliveries(channel.id);
    expect(delivery!.state).toBe('retrying');
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ statusCode: 500, error: expect.stringContaining('HTTP 500') }),
    ]);

    // Not before the backoff…
    await t.app.webhookWorker.nextPass();
    expect(receiver.received).toHaveLength(1);
    // …then again, with the same webhook-id.
    t.clock.advance(webhookRetryDelayMs(1));
    await t.app.webhookWorker.nextPass();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(
      receiver.received[0]!.headers['webhook-id'],
    );
    [delivery] = await deliveries(channel.id);
    expect(delivery!.state).toBe('delivered');
    expect(delivery!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
  });

  it(`a receiver that always answers 500 is given up after ${WEBHOOK_MAX_ATTEMPTS} attempts`, async () => {
    const channel = await createWebhook();
    receiver.fallback = 500;
    await sendTest(channel.id);
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS + 2; attempt += 1) {
      await t.app.webhookWorker.nextPass();
      t.clock.advance(webhookRetryDelayMs(attempt));
    }
    await t.app.webhookWorker.nextPass();
    expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    token = (await loginTokens(t, admin)).access_token;
    const [delivery] = await deliveries(channel.id);
    expect(delivery!.state).toBe('failed');
    expect(delivery!.failedAt).not.toBeNull();
    expect(delivery!.nextAttemptAt).toBeNull();
    expect(delivery!.attempts).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(delivery!.attempts.every((attempt) => attempt.statusCode === 500)).toBe(true);
  });

  it('a receiver that is not there is logged as an attempt without a status code', async () => {
    const gone = await startReceiver();
    await gone.stop();
    const channel = await createWebhook({ url: gone.url });
    await sendTest(channel.id);
    await t.app.webhookWorker.nextPass();
    const [delivery] = await deliveries(channel.id);
    expect(delivery!.state).toBe('retrying');
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ statusCode: null, error: expect.stringMatching(/ECONNREFUSED/) }),
    ]);
  });

  it('the log is newest first and paged; a deleted channel takes its log with it', async () => {
    const channel = await createWebhook();
    await sendTest(channel.id);
    t.clock.advance(1_000);
    await sendTest(channel.id);
    await t.app.webhookWorker.nextPass();
    const page = await call('GET', `/${channel.id}/deliveries?limitPerPage=1`);
    const body = page.json<{ data: WebhookDelivery[]; meta: Record<string, number> }>();
    expect(body.meta).toMatchObject({ totalItems: 2, totalPages: 2, itemsPerPage: 1 });
    const all = await deliveries(channel.id);
    expect(Date.parse(all[0]!.createdAt)).toBeGreaterThan(Date.parse(all[1]!.createdAt));
    expect(body.data[0]!.id).toBe(all[0]!.id);

    expect((await call('DELETE', `/${channel.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/${channel.id}/deliveries`)).statusCode).toBe(404);
    const left = await t.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('channel_id', '=', channel.id)
      .execute();
    expect(left).toEqual([]);
  });
});
