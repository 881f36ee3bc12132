import { randomUUID } from 'node:crypto';
import type { Overview, OverviewCountName } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createLogger } from '../../src/lib/logger.js';
import { JobLeaseRepository } from '../../src/db/job-leases.js';
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
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { position: 'admin' });
  // The retention job runs once when the app is ready; let that run end before tests set its row.
  await waitUntil(
    async () => (await new JobLeaseRepository(t.db).lastFinishedAt('retention')) !== null,
    { what: 'the first retention run' },
  );
});
afterAll(() => t.close());

const iso = (ms: number) => new Date(ms).toISOString();

/** The overview as the admin sees it now (signed in at the clock's current time). */
async function overview(): Promise<Overview> {
  const { access_token } = await loginTokens(t, admin);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/monitoring/overview',
    headers: bearer(access_token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Overview }>().data;
}

const check = (data: Overview, name: string) => data.checks.find((c) => c.name === name);

async function setRetentionFinishedAt(at: number) {
  await t.db
    .updateTable('job_leases')
    .set({ last_finished_at: iso(at) })
    .where('name', '=', 'retention')
    .execute();
}

describe('Monitoring › Overview: checks', () => {
  it('passes every part of a healthy install, with latency and time of each check', async () => {
    const finished = t.clock.now() - HOUR;
    await setRetentionFinishedAt(finished);
    const data = await overview();
    expect(data.status).toBe('pass');
    // Redis is checked when TEST_REDIS_URL gives the app a REDIS_URL; SMTP only with SMTP_URL.
    expect(data.checks.map((c) => c.name)).toEqual([
      'database',
      ...(t.config.redisUrl ? ['redis'] : []),
      'mailWorker',
      'retention',
      'errorReports',
      'process',
    ]);
    for (const c of data.checks) {
      expect(c, c.name).toMatchObject({ status: 'pass', time: iso(t.clock.now()) });
      expect(c.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(check(data, 'database')).toMatchObject({ output: 'ok', at: null });
    expect(check(data, 'errorReports')!.output).toBe('0 of 5,000 browser reports stored today');
    // A time is data for the site to show as people read times, never an ISO string in the text.
    expect(check(data, 'retention')).toMatchObject({
      output: 'last run finished',
      at: iso(finished),
    });
    expect(check(data, 'mailWorker')).toMatchObject({ output: 'no mail waiting', at: null });
  });

  it('warns when the retention job has not finished for over 2 days', async () => {
    await setRetentionFinishedAt(t.clock.now() - 2 * DAY - MINUTE);
    const data = await overview();
    expect(check(data, 'retention')).toMatchObject({ status: 'warn' });
    expect(data.status).toBe('warn');
    await setRetentionFinishedAt(t.clock.now() - 2 * DAY + MINUTE);
    expect(check(await overview(), 'retention')!.status).toBe('pass');
  });

  it('warns when a due mail has waited long for the worker', async () => {
    const id = randomUUID();
    // Held by a worker that hangs: due for ten minutes and not sent.
    await t.db
      .insertInto('mail_outbox')
      .values({
        id,
        user_id: null,
        template: 'password_changed',
        recipient: 'stuck@example.com',
        subject: 'Stuck',
        body: 'sealed',
        created_at: iso(t.clock.now() - 10 * MINUTE),
        next_attempt_at: iso(t.clock.now() - 10 * MINUTE),
        claim_id: randomUUID(),
        claimed_until: iso(t.clock.now() + HOUR),
      })
      .execute();
    try {
      const data = await overview();
      expect(check(data, 'mailWorker')).toMatchObject({
        status: 'warn',
        output: '1 mail waiting for the worker, due',
        at: iso(t.clock.now() - 10 * MINUTE),
      });
      expect(data.status).toBe('warn');
    } finally {
      await t.db.deleteFrom('mail_outbox').where('id', '=', id).execute();
    }
    expect(check(await overview(), 'mailWorker')!.status).toBe('pass');
  });
});

describe('Monitoring › Overview: SMTP, read from the outbox', () => {
  it('passes while nothing retries and warns while mail retries after an SMTP failure; the mail worker speaks of the same mail', async () => {
    // Nothing listens on port 1; the check never connects, it reads the outbox.
    const smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const smtpAdmin = await createUser(smtp, { position: 'admin' });
      const read = async (name = 'smtp') => {
        const { access_token } = await loginTokens(smtp, smtpAdmin);
        const response = await smtp.app.inject({
          method: 'GET',
          url: '/api/monitoring/overview',
          headers: bearer(access_token),
        });
        return check(response.json<{ data: Overview }>().data, name);
      };
      expect(await read()).toMatchObject({ status: 'pass', output: 'no mail sent yet', at: null });

      await smtp.db
        .insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          user_id: null,
          template: 'password_changed',
          recipient: 'later@example.com',
          subject: 'Later',
          body: 'sealed',
          created_at: iso(smtp.clock.now()),
          attempts: 1,
          last_error: 'connect ECONNREFUSED 127.0.0.1:1',
          next_attempt_at: iso(smtp.clock.now() + HOUR),
        })
        .execute();
      expect(await read()).toMatchObject({
        status: 'warn',
        output: '1 mail retrying after an SMTP failure',
      });
      // Not "no mail waiting": the worker is not late, and it says when it tries again.
      expect(await read('mailWorker')).toMatchObject({
        status: 'pass',
        output: '1 mail waiting to be retried',
        at: iso(smtp.clock.now() + HOUR),
      });

      // Sent at its next try: the last send is a time, and nothing waits.
      const sentAt = smtp.clock.now();
      await smtp.db
        .updateTable('mail_outbox')
        .set({ sent_at: iso(sentAt), last_error: null, attempts: 2 })
        .execute();
      expect(await read()).toMatchObject({
        status: 'pass',
        output: 'last mail sent',
        at: iso(sentAt),
      });
      expect(await read('mailWorker')).toMatchObject({ output: 'no mail waiting', at: null });
    } finally {
      await smtp.close();
    }
  });
});

describe('Monitoring › Overview: processes', () => {
  it('lists every live process on the database, not one seen over 45 s ago, and none closed', async () => {
    const clock = new ManualClock({ start: t.clock.now() });
    const other = await buildApp(t.config, {
      database: t.database,
      logger: createLogger('silent'),
      clock,
    });
    await other.ready();
    await t.app.overview.beat();
    await other.overview.beat();

    const both = await overview();
    const mine = both.processes.find((p) => p.current);
    expect(mine).toMatchObject({ pid: process.pid, nodeVersion: process.version });
    expect(mine!.rssBytes).toBeGreaterThan(0);
    expect(mine!.heapUsedBytes).toBeGreaterThan(0);
    const otherRow = both.processes.find((p) => !p.current);
    expect(otherRow).toBeDefined();
    expect(both.processes).toHaveLength(2);

    // Only this app beats again: the other one's row ages out after 45 s.
    t.clock.advance(46_000);
    await t.app.overview.beat();
    const one = await overview();
    expect(one.processes.map((p) => p.id)).toEqual([mine!.id]);

    // Closing removes the row at once.
    clock.set(t.clock.now());
    await other.overview.beat();
    expect((await overview()).processes).toHaveLength(2);
    await other.close();
    expect((await overview()).processes.map((p) => p.id)).toEqual([mine!.id]);
  });
});

describe('Monitoring › Overview: counts', () => {
  it('counts the last 24 hours per UTC hour from the database, across an hour boundary', async () => {
    const nextHour = Math.ceil((t.clock.now() + 1) / HOUR) * HOUR;
    t.clock.set(nextHour + 2000);
    const before = await overview();
    for (const count of before.counts) {
      expect(count.hours, count.name).toHaveLength(24);
      expect(count.hours.at(-1)!.hour).toBe(iso(nextHour));
      expect(count.hours[0]!.hour).toBe(iso(nextHour - 23 * HOUR));
    }

    // One of each just before the hour and one just after it.
    for (const at of [nextHour - 1000, nextHour + 1000]) {
      const group = randomUUID();
      await t.db
        .insertInto('error_groups')
        .values({
          id: group,
          fingerprint: randomUUID(),
          source: 'server',
          type: 'Error',
          title: 'Boom',
          title_lower: 'boom',
          status: 'unresolved',
          first_seen_at: iso(at),
          last_seen_at: iso(at),
          occurrences: 1,
        })
        .execute();
      await t.db
        .insertInto('error_report_counts')
        .values({ hour: iso(at - (at % HOUR)), source: 'server', reports: 1 })
        .execute();
      await t.db
        .insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          user_id: null,
          template: 'password_changed',
          recipient: 'gone@example.com',
          subject: 'Gone',
          body: null,
          created_at: iso(at),
          next_attempt_at: iso(at),
          failed_at: iso(at),
          last_error: '550 no such user',
        })
        .execute();
      for (const action of ['auth.locked_out', 'auth.login_succeeded']) {
        await t.db
          .insertInto('audit_events')
          .values({ id: randomUUID(), at: iso(at), action, actor_id: null, target_id: null })
          .execute();
      }
    }

    const after = await overview();
    const names: OverviewCountName[] = [
      'newErrorGroups',
      'serverErrors',
      'failedMails',
      'lockouts',
      'signIns',
    ];
    expect(after.counts.map((c) => c.name)).toEqual(names);
    for (const name of names) {
      const was = before.counts.find((c) => c.name === name)!;
      const now = after.counts.find((c) => c.name === name)!;
      // The sign-in that fetched `after` counts too.
      const ownSignIn = name === 'signIns' ? 1 : 0;
      expect(now.hours.at(-1)!.count - was.hours.at(-1)!.count, name).toBe(1 + ownSignIn);
      expect(now.hours.at(-2)!.count - was.hours.at(-2)!.count, name).toBe(1);
      expect(now.total - was.total, name).toBe(2 + ownSignIn);
    }
  });
});
