import type { Overview } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import { createTestApp, createUser, loginTokens, type TestApp } from '../helpers.js';
import { alertClient } from './alert-client.js';

/**
 * The alerts' maintenance windows and uptime history, wired as the server wires them: a window
 * for every rule (the whole system's maintenance) is left out of the availability; a window for
 * some rules only pauses those alerts and leaves the figures alone.
 */

const MINUTE = 60_000;
let t: TestApp;
let token: string;
const alerts = alertClient(
  () => t,
  () => token,
);

beforeAll(async () => {
  t = await createTestApp({ env: { ALERTS_EVALUATION_INTERVAL: '86400' } });
  const admin = await createUser(t, { position: 'admin' });
  token = (await loginTokens(t, admin)).access_token;
});
afterAll(() => t.close());

/** The database check's availability over the last 24 hours, as the Overview answers it. */
async function databaseDay(): Promise<number | null> {
  const overview = await alerts.ok<Overview>('GET', '/monitoring/overview');
  return overview.checks.find((check) => check.name === 'database')!.availability.day;
}

describe('maintenance windows in the uptime figures', () => {
  // Ten minutes of the database check, an hour ago: the last five failed.
  const start = Math.floor(Date.now() / MINUTE) * MINUTE - 60 * MINUTE;
  const window = { startsAt: toIso(start + 5 * MINUTE), endsAt: toIso(start + 10 * MINUTE) };

  beforeAll(async () => {
    await t.db.deleteFrom('health_samples').execute();
    await t.db
      .insertInto('health_samples')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          check: 'database',
          sampled_at: toIso(start + i * MINUTE),
          status: i < 5 ? ('pass' as const) : ('fail' as const),
          output: null,
        })),
      )
      .execute();
  });

  it('count without a window, and with a window for some rules only', async () => {
    const before = await databaseDay();
    expect(before).toBeLessThan(100);

    const rule = await alerts.addRule({ kind: 'mail_given_up', name: 'Mail' });
    await alerts.ok('POST', '/monitoring/maintenance-windows', {
      ...window,
      reason: 'Mail provider change',
      ruleIds: [rule.id],
    });
    expect(await databaseDay()).toBe(before);
  });

  it('are left out when a window mutes every rule', async () => {
    await alerts.ok('POST', '/monitoring/maintenance-windows', {
      ...window,
      reason: 'Database upgrade',
    });
    expect(await databaseDay()).toBe(100);
  });
});
