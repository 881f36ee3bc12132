import type { AlertChannel, WebhookDelivery } from '@staff-admin/shared';
import { HttpResponse } from 'msw';
import { answer } from '../../../testing/http.js';

let counter = 0;

/** An alert channel as the API returns it; every call a new id. */
export function createAlertChannel(overrides: Partial<AlertChannel> = {}): AlertChannel {
  counter += 1;
  return {
    id: `20000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: 'webhook',
    name: `Ops hook ${counter}`,
    audience: 'all',
    url: 'https://hooks.example.com/alerts',
    format: 'standard',
    recipients: null,
    lastDelivery: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** A webhook delivery with its attempts, as the log returns it. */
export function createWebhookDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  counter += 1;
  return {
    id: `30000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    type: 'test.fired',
    state: 'delivered',
    attempts: [
      { at: '2026-11-22T10:30:00.000Z', statusCode: 500, durationMs: 31, error: 'HTTP 500' },
      { at: '2026-11-22T10:30:30.000Z', statusCode: 200, durationMs: 12, error: null },
    ],
    createdAt: '2026-11-22T10:30:00.000Z',
    nextAttemptAt: null,
    deliveredAt: '2026-11-22T10:30:30.000Z',
    failedAt: null,
    ...overrides,
  };
}

/** GET /monitoring/alert-channels over `channels` (as they are at each call). */
export function serveAlertChannels(channels: AlertChannel[] | (() => AlertChannel[])) {
  return answer('get', '/monitoring/alert-channels', () =>
    HttpResponse.json({ data: typeof channels === 'function' ? channels() : channels }),
  );
}
