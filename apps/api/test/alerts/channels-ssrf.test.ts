import type { CreatedAlertChannel, WebhookDelivery } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedInAdmin, createTestApp, type TestApp } from '../helpers.js';
import { startReceiver, type TestReceiver } from './receiver.js';

/** With ALERT_WEBHOOK_ALLOW_PRIVATE off (as in production), webhooks reach public addresses only. */
let t: TestApp;
let receiver: TestReceiver;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ALERT_WEBHOOK_ALLOW_PRIVATE: 'false' } });
  receiver = await startReceiver();
  token = (await createSignedInAdmin(t)).tokens.access_token;
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});

const create = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/monitoring/alert-channels',
    payload: { kind: 'webhook', name: 'Hook', url },
    headers: bearer(token),
  });

/** A public address literal: accepted without any lookup (nothing is sent to it here). */
const PUBLIC_URL = 'https://93.184.215.14/hooks';

describe('a webhook URL', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['loopback, another form', 'http://127.1.2.3/hook'],
    ['private 10/8', 'http://10.0.0.7/hook'],
    ['private 192.168/16', 'https://192.168.1.1/hook'],
    ['private 172.16/12', 'http://172.20.0.1/hook'],
    ['cloud metadata (link-local)', 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', 'http://100.64.0.1/hook'],
    ['unspecified', 'http://0.0.0.0/hook'],
    ['multicast', 'http://224.0.0.1/hook'],
    ['IPv6 loopback', 'http://[::1]/hook'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['IPv6 link-local', 'http://[fe80::1]/hook'],
    ['IPv6 unique-local', 'http://[fd12:3456::1]/hook'],
    ['a name resolving to loopback', 'http://localhost:3000/hook'],
    ['decimal loopback', 'http://2130706433/hook'],
  ])('pointing at %s is refused with a field error on url', async (_label, url) => {
    const response = await create(url);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ code: number; message: string; errors: Record<string, string> }>();
    expect(body.code).toBe(400);
    expect(body.errors.url).toMatch(/public address/);
  });

  it.each([
    ['another scheme', 'ftp://93.184.215.14/hook', /http/],
    ['no URL at all', 'not a url', /http/],
    ['credentials in it', 'https://user:pass@93.184.215.14/hook', /user name or password/],
  ])('with %s is refused', async (_label, url, message) => {
    const response = await create(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ errors: Record<string, string> }>().errors.url).toMatch(message);
  });

  it('on a public address is accepted; changing it to a private one is refused', async () => {
    const created = await create(PUBLIC_URL);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ data: CreatedAlertChannel }>().data;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/monitoring/alert-channels/${id}`,
      payload: { url: 'http://[::ffff:10.0.0.1]/hook' },
      headers: bearer(token),
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json<{ errors: Record<string, string> }>().errors.url).toMatch(/public/);
  });

  it('is checked again at delivery: a URL that now points inside is not called', async () => {
    const created = await create(PUBLIC_URL);
    const { id } = created.json<{ data: CreatedAlertChannel }>().data;
    // What a changed DNS answer amounts to: the saved channel now leads to 127.0.0.1.
    await t.db
      .updateTable('alert_channels')
      .set({ url: receiver.url })
      .where('id', '=', id)
      .execute();
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/monitoring/alert-channels/${id}/test`,
      headers: bearer(token),
    });
    expect(test.statusCode).toBe(202);
    await t.app.webhookWorker.nextPass();

    expect(receiver.received).toEqual([]);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/monitoring/alert-channels/${id}/deliveries`,
      headers: bearer(token),
    });
    const [delivery] = log.json<{ data: WebhookDelivery[] }>().data;
    expect(delivery!.state).toBe('retrying');
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({
        statusCode: null,
        error: expect.stringContaining('not a public address'),
      }),
    ]);
  });
});
