import type { HealthStatus, Overview } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/database.js';
import { createLogger } from '../../src/lib/logger.js';
import type { UptimeExclusion } from '../../src/modules/monitoring/index.js';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  ManualClock,
  waitUntil,
  type TestApp,
  type TestUser,
} from '../helpers.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const at = (text: string) => Date.parse(text);

/** The samples of one slot, by check. */
async function slotRows(t: TestApp, slot: number) {
  return t.db
    .selectFrom('health_samples')
    .selectAll()
    .where('sampled_at', '=', iso(slot))
    .orderBy('check')
    .execute();
}

async function overview(t: TestApp, admin: TestUser): Promise<Overview> {
  const { access_token } = await loginTokens(t, admin);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/monitoring/overview',
    headers: bearer(access_token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Overview }>().data;
}

describe('Uptime history: the sampler', () => {
  // A minute's slot starts at 10:00:00; the app starts 20 s into it.
  const slot0 = at('2026-02-02T10:00:00.000Z');
  let t: TestApp;
  let admin: TestUser;
  let checkNames: string[];

  beforeAll(async () => {
    t = await createTestApp({ clock: new ManualClock({ start: slot0 + 20_000 }) });
    admin = await createUser(t, { position: 'admin' });
    // The sampler looks once when the app is ready.
    await waitUntil(async () => (await slotRows(t, slot0)).length > 0, {
      what: 'the first sample',
    });
    checkNames = (await overview(t, admin)).checks.map((check) => check.name).sort();
  });
  afterAll(() => t.close());

  it('keeps every Overview check once per minute slot, as the clock moves', async () => {
    expect((await slotRows(t, slot0)).map((row) => row.check)).toEqual(checkNames);
    expect(checkNames).toContain('database');

    // Later in the same slot: nothing more is written.
    t.clock.advance(30_000);
    expect(await t.app.uptimeSampler.sample()).toEqual({ slot: slot0, recorded: 0 });
    expect(await slotRows(t, slot0)).toHaveLength(checkNames.length);

    // The next slot gets its own samples, at the slot's start.
    t.clock.advance(15_000);
    const report = await t.app.uptimeSampler.sample();
    expect(report.slot).toBe(slot0 + MINUTE);
    const next = await slotRows(t, slot0 + MINUTE);
    expect(next.map((row) => row.check)).toEqual(checkNames);
    expect(next.find((row) => row.check === 'database')).toMatchObject({
      status: 'pass',
      output: null,
    });

    // A slot skipped (no process looked) has no samples; the one after it has.
    t.clock.advance(2 * MINUTE);
    await t.app.uptimeSampler.sample();
    expect(await slotRows(t, slot0 + 2 * MINUTE)).toHaveLength(0);
    expect(await slotRows(t, slot0 + 3 * MINUTE)).toHaveLength(checkNames.length);

    // The Overview counts what was sampled: the database passed in every slot.
    const database = (await overview(t, admin)).checks.find((check) => check.name === 'database');
    expect(database!.availability).toEqual({ day: 100, month: 100, quarter: 100 });
  });

  it('writes one sample per check and slot with two app instances on one database', async () => {
    const config = t.config;
    const database = createDatabase(config.database);
    const second = await buildApp(config, {
      database,
      logger: createLogger('silent'),
      clock: t.clock,
    });
    await second.ready();
    try {
      t.clock.advance(MINUTE);
      const slot = Math.floor(t.clock.now() / MINUTE) * MINUTE;
      const reports = await Promise.all([
        t.app.uptimeSampler.sample(),
        second.uptimeSampler.sample(),
        t.app.uptimeSampler.sample(),
        second.uptimeSampler.sample(),
      ]);
      expect(reports.every((report) => report.slot === slot)).toBe(true);
      const rows = await slotRows(t, slot);
      expect(rows.map((row) => row.check)).toEqual(checkNames);
      // Each row was written by exactly one of the calls (or by a look of the app's own job).
      const recorded = reports.reduce((sum, report) => sum + report.recorded, 0);
      expect(recorded).toBeLessThanOrEqual(checkNames.length);

      // Both keep sampling the following slots without a conflict error.
      t.clock.advance(MINUTE);
      await Promise.all([t.app.uptimeSampler.sample(), second.uptimeSampler.sample()]);
      expect(await slotRows(t, slot + MINUTE)).toHaveLength(checkNames.length);
    } finally {
      await second.close();
      await database.db.destroy();
    }
  });
});

describe('Uptime history: availability, rollups, retention and CSV', () => {
  const now = at('2026-03-15T12:00:30.000Z');
  let t: TestApp;
  let admin: TestUser;
  /** The maintenance windows the port answers (the alerts' part fills it in production). */
  let windows: UptimeExclusion[] = [];
  const asked: { from: Date; to: Date }[] = [];

  const sample = (check: string, time: string, status: HealthStatus) => ({
    check,
    sampled_at: iso(at(time)),
    status,
    output: status === 'pass' ? null : 'down',
  });

  beforeAll(async () => {
    t = await createTestApp({
      clock: new ManualClock({ start: now }),
      uptimeExclusions: (from, to) => {
        asked.push({ from, to });
        return Promise.resolve(windows.filter((w) => w.startsAt < to && w.endsAt > from));
      },
    });
    admin = await createUser(t, { position: 'admin' });
    await waitUntil(async () => (await slotRows(t, Math.floor(now / MINUTE) * MINUTE)).length > 0, {
      what: 'the first sample',
    });
    // The clock stays in the first slot, which the sampler has seen: it writes nothing more.
    await t.db.deleteFrom('health_samples').execute();
    await t.db.deleteFrom('health_daily').execute();
    await t.db
      .insertInto('health_samples')
      .values([
        // Yesterday, before the last 24 hours.
        sample('database', '2026-03-14T06:00:00.000Z', 'fail'),
        // Yesterday, within the last 24 hours.
        sample('database', '2026-03-14T20:00:00.000Z', 'pass'),
        sample('database', '2026-03-14T21:00:00.000Z', 'fail'),
        // Today so far.
        sample('database', '2026-03-15T01:00:00.000Z', 'pass'),
        sample('database', '2026-03-15T02:00:00.000Z', 'pass'),
        sample('database', '2026-03-15T03:00:00.000Z', 'fail'),
        sample('database', '2026-03-15T04:00:00.000Z', 'warn'),
      ])
      .execute();
    const day = (d: string, up: number, down: number) => ({
      check: 'database',
      day: d,
      up_seconds: up,
      warn_seconds: 0,
      down_seconds: down,
      samples: (up + down) / 60,
      excluded_samples: 0,
    });
    await t.db
      .insertInto('health_daily')
      // 23 days ago (within 30), and 54 days ago (within 90 only).
      .values([day('2026-02-20', 3000, 600), day('2026-01-20', 0, 6000)])
      .execute();
  });
  afterAll(() => t.close());

  it('rolls up the finished days from their samples', async () => {
    expect(await t.services.uptime.rollUpPending(now)).toBe(1);
    const yesterday = await t.db
      .selectFrom('health_daily')
      .selectAll()
      .where('day', '=', '2026-03-14')
      .execute();
    expect(yesterday).toEqual([
      {
        check: 'database',
        day: '2026-03-14',
        up_seconds: 60,
        warn_seconds: 0,
        down_seconds: 120,
        samples: 3,
        excluded_samples: 0,
      },
    ]);
    // Nothing left to roll up; today is never rolled up before it ends.
    expect(await t.services.uptime.rollUpPending(now)).toBe(0);
  });

  it('counts passing and warning samples as up over 24 hours, 30 and 90 days', async () => {
    const availability = await t.services.uptime.availability(now);
    // 24 h: pass 3, warn 1, fail 2. 30 d: up 3180 + warn 60 of 4020 s. 90 d: of 10020 s.
    expect(availability.get('database')).toEqual({ day: 66.666, month: 80.597, quarter: 32.335 });
  });

  it('leaves out maintenance windows given through the port, and the Overview shows it', async () => {
    windows = [
      {
        startsAt: new Date('2026-03-14T20:30:00.000Z'),
        endsAt: new Date('2026-03-15T03:30:00.000Z'),
      },
    ];
    asked.length = 0;
    // The kept days are rolled up again (the retention job does it daily).
    await t.services.uptime.rollUp('2026-03-14', '2026-03-14');
    expect(asked.length).toBeGreaterThan(0);
    const yesterday = await t.db
      .selectFrom('health_daily')
      .selectAll()
      .where('day', '=', '2026-03-14')
      .executeTakeFirstOrThrow();
    expect(yesterday).toMatchObject({
      up_seconds: 60,
      down_seconds: 60,
      samples: 2,
      excluded_samples: 1,
    });

    const data = await overview(t, admin);
    const database = data.checks.find((check) => check.name === 'database')!;
    // 24 h: 20:00 pass and 04:00 warn remain. 30 d: 3120 of 3780 s. 90 d: 3120 of 9780 s.
    expect(database.availability).toEqual({ day: 100, month: 82.539, quarter: 31.901 });
    // A check without any sample has no figures yet.
    const process = data.checks.find((check) => check.name === 'process')!;
    expect(process.availability).toEqual({ day: null, month: null, quarter: null });
  });

  it('exports the days as CSV, formula-safe, for admins only', async () => {
    await t.db
      .insertInto('health_daily')
      .values({
        check: '=HYPERLINK("http://evil")',
        day: '2026-03-13',
        up_seconds: 0,
        warn_seconds: 0,
        down_seconds: 90,
        samples: 1,
        excluded_samples: 0,
      })
      .execute();
    const { access_token } = await loginTokens(t, admin);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/monitoring/uptime.csv',
      query: { from: '2026-03-13', to: '2026-03-15' },
      headers: bearer(access_token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="uptime-2026-03-13-2026-03-15.csv"',
    );
    expect(response.body).toBe(
      [
        'day,check,availabilityPercent,samples,downMinutes',
        `2026-03-13,"'=HYPERLINK(""http://evil"")",0,1,1.5`,
        '2026-03-14,database,50,2,1',
        // Today so far: only 04:00 (warn) is outside the window.
        '2026-03-15,database,100,1,0',
        '',
      ].join('\r\n'),
    );

    // Without dates: the last 90 days, today last.
    const defaults = await t.app.inject({
      method: 'GET',
      url: '/api/monitoring/uptime.csv',
      headers: bearer(access_token),
    });
    expect(defaults.statusCode).toBe(200);
    expect(defaults.headers['content-disposition']).toContain('uptime-2025-12-16-2026-03-15.csv');
    expect(defaults.body).toContain('2026-01-20,database,0,100,100');

    const finance = await createUser(t, { position: 'finance' });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/monitoring/uptime.csv',
      headers: bearer((await loginTokens(t, finance)).access_token),
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/monitoring/uptime.csv' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 with the field for bad days and ranges', async () => {
    const { access_token } = await loginTokens(t, admin);
    const get = (query: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/monitoring/uptime.csv',
        query,
        headers: bearer(access_token),
      });
    for (const [query, field, message] of [
      [{ from: '2026-02-30' }, 'from', 'Please enter a day as YYYY-MM-DD.'],
      [{ to: 'yesterday' }, 'to', 'Please enter a day as YYYY-MM-DD.'],
      [
        { from: '2026-03-10', to: '2026-03-01' },
        'to',
        'The last day must not be before the first day.',
      ],
      [{ from: '2024-01-01', to: '2026-03-01' }, 'from', 'Please choose at most 400 days.'],
      // Only `from`: `to` is today, and the range is still checked.
      [{ from: '2024-01-01' }, 'from', 'Please choose at most 400 days.'],
    ] as const) {
      const response = await get(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      const body = response.json<{ code: number; errors: Record<string, string> }>();
      expect(body.code).toBe(400);
      expect(body.errors[field], JSON.stringify(query)).toBe(message);
    }
  });

  it('the retention job prunes samples past 30 days and rollups past 400 days', async () => {
    const old = (days: number) => iso(now - days * DAY);
    await t.db
      .insertInto('health_samples')
      .values([
        { check: 'database', sampled_at: old(31), status: 'pass', output: null },
        { check: 'database', sampled_at: old(29), status: 'fail', output: 'unavailable' },
      ])
      .execute();
    const row = (day: string) => ({
      check: 'redis',
      day,
      up_seconds: 60,
      warn_seconds: 0,
      down_seconds: 0,
      samples: 1,
      excluded_samples: 0,
    });
    await t.db
      .insertInto('health_daily')
      .values([row(old(401).slice(0, 10)), row(old(399).slice(0, 10))])
      .execute();

    const report = await t.services.retention.run(now);
    expect(report).toMatchObject({ ran: true, removedHealthSamples: 1, removedHealthDays: 1 });
    const samples = await t.db
      .selectFrom('health_samples')
      .select('sampled_at')
      .where('sampled_at', '<', iso(now - 20 * DAY))
      .execute();
    expect(samples.map((s) => s.sampled_at)).toEqual([old(29)]);
    const days = await t.db
      .selectFrom('health_daily')
      .select('day')
      .where('check', '=', 'redis')
      .execute();
    expect(days.map((d) => d.day)).toEqual([old(399).slice(0, 10)]);
    // The kept sample's day was rolled up by the run.
    const rolled = await t.db
      .selectFrom('health_daily')
      .selectAll()
      .where('day', '=', old(29).slice(0, 10))
      .where('check', '=', 'database')
      .executeTakeFirstOrThrow();
    expect(rolled).toMatchObject({ down_seconds: 60, samples: 1 });
  });
});
