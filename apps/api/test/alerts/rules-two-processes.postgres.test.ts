import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/database.js';
import { toIso } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createLogger } from '../../src/lib/logger.js';
import { NO_ORIGIN } from '../../src/modules/audit/index.js';
import { createTestApp, createUser, loginTokens, type TestApp } from '../helpers.js';
import { alertClient, RecordingDelivery } from './alert-client.js';

/**
 * Two app instances (each with its own connection pool, evaluator and lease holder) on one
 * PostgreSQL database make a pass at the same moment: the condition opens one incident and sends
 * one notice. PostgreSQL runs their transactions side by side; SQLite has one writer, so this file
 * runs in `api:postgres` only (`*.postgres.test.ts`, apps/api/vitest.config.ts).
 */

let t: TestApp;
let second: App;
let secondDatabase: Database;
let token: string;
const delivery = new RecordingDelivery();
const channel = delivery.addChannel(newId());
const alerts = alertClient(
  () => t,
  () => token,
);

beforeAll(async () => {
  t = await createTestApp({
    alertDelivery: delivery,
    env: { ALERTS_EVALUATION_INTERVAL: '86400' },
  });
  secondDatabase = createDatabase(t.config.database);
  second = await buildApp(t.config, {
    database: secondDatabase,
    logger: createLogger(t.config.logLevel),
    clock: t.clock,
    alertDelivery: delivery,
  });
  await second.ready();
  // The first app took this period's pass at its start, so the second made none: one pass now
  // opens its pool's connection, or its first pass in the test would start late, after the other
  // has ended, and both would run.
  await second.alertEvaluator.evaluate();
  const admin = await createUser(t, { position: 'admin' });
  token = (await loginTokens(t, admin)).access_token;
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.db.destroy();
  await t?.close();
});

/** Both instances' passes at the same moment. */
const bothAtOnce = () =>
  Promise.all([t.app.alertEvaluator.evaluate(), second.alertEvaluator.evaluate()]);

describe('two processes on one PostgreSQL database', () => {
  it('a condition fires once: one incident, one notice', async () => {
    const rule = await alerts.addRule({
      kind: 'lockout_spike',
      name: 'Twice',
      lockouts: 1,
      minutes: 60,
      channelIds: [channel],
    });
    t.clock.advance(1_000);
    await t.services.audit.record({ action: 'auth.locked_out', origin: NO_ORIGIN });
    let ran = 0;
    for (let round = 0; round < 5; round += 1) {
      const reports = await bothAtOnce();
      // Never both: the pass's lease lets one evaluate at a time.
      expect(reports.filter((report) => report.ran).length).toBeLessThanOrEqual(1);
      ran += reports.filter((report) => report.ran).length;
      t.clock.advance(1_000);
    }
    expect(ran).toBeGreaterThan(0);
    const incidents = (await alerts.incidents()).filter((incident) => incident.rule.id === rule.id);
    expect(incidents).toHaveLength(1);
    expect(delivery.types(incidents[0]!.id)).toEqual(['lockout_spike.fired']);
  });

  it('opening an incident is idempotent: of two inserts at once, one opens it', async () => {
    const rule = await alerts.addRule({ kind: 'mail_given_up', name: 'Key', channelIds: [] });
    const now = toIso(t.clock.now());
    const open = (app: App) =>
      app.services.repositories.alertRules.openIncident({
        id: newId(),
        rule_id: rule.id,
        kind: 'mail_given_up',
        subject_key: 'outbox',
        summary: 'race',
        data: '{}',
        count: 1,
        opened_at: now,
      });
    const results = await Promise.all([open(t.app), open(second)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('alert_incidents')
      .select('id')
      .where('rule_id', '=', rule.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
