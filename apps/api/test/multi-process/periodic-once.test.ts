import type { TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { waitUntil } from '../helpers.js';
import type { ServerProcess } from '../server-process.js';
import type { TestSmtpServer } from '../smtp.js';
import { call } from './process-http.js';
import { startTwinProcesses, type TwinProcesses } from './twin-processes.js';

/**
 * Periodic work across two real API processes on one database (PostgreSQL in the api:postgres
 * run): the retention job and the alert rules' evaluation run once a period across both, and each
 * mail of the outbox is sent once. The intervals are the configured ones, one second here; the
 * test waits for the processes' own log lines, with a deadline.
 */
const ADMIN = { email: 'boss@example.com', password: 'Harbor-Finch-19' };
const INTERVAL_MS = 1_000;
/** A period's slot is held for 95% of the interval (plugins/periodic-job.ts). */
const MIN_GAP_MS = 0.95 * INTERVAL_MS;
const RUNS = 5;

let twins: TwinProcesses;
let smtp: TestSmtpServer;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
let admin: TokenPair;

/** When each period of `job` began, and which process took it, from both logs, in order. */
function periodRuns(job: string, servers: ServerProcess[] = [a, b]) {
  return servers
    .flatMap((server) =>
      server
        .logs()
        .filter(
          (line) => line.msg === 'periodic job: this process runs this period' && line.job === job,
        )
        .map((line) => ({ at: Date.parse(String(line.from)), by: server === a ? 'a' : 'b' })),
    )
    .sort((x, y) => x.at - y.at);
}

beforeAll(async () => {
  // Both at once; their timers still tick at different moments of the second.
  twins = await startTwinProcesses({
    name: 'periodic-once',
    admin: ADMIN,
    env: {
      RETENTION_INTERVAL: `${INTERVAL_MS}ms`,
      ALERTS_EVALUATION_INTERVAL: String(INTERVAL_MS / 1000),
      // The period slot's line is a debug one.
      LOG_LEVEL: 'debug',
    },
  });
  ({ a, b, admin, smtp, database } = twins);
}, 90_000);

afterAll(async () => expect(await twins?.stop()).toEqual([0, 0]));

describe('periodic work across two API processes', () => {
  it("runs retention and the alert rules' pass once a period, not once a process", async () => {
    const since = Date.now();
    const after = (job: string) => periodRuns(job).filter((run) => run.at >= since);
    await waitUntil(() => after('retention').length >= RUNS && after('alerts').length >= RUNS, {
      timeoutMs: 20_000,
      what: `${RUNS} periods of each job`,
    });
    for (const job of ['retention', 'alerts']) {
      const runs = after(job);
      const gaps = runs.slice(1).map((run, index) => run.at - runs[index]!.at);
      // Two processes each running it every second would leave gaps of a fraction of it.
      expect(Math.min(...gaps), `${job}: ${JSON.stringify(runs)}`).toBeGreaterThanOrEqual(
        MIN_GAP_MS,
      );
    }
  }, 30_000);

  it('runs the retention job itself in the period taken: its lease row records the run', async () => {
    const since = Date.now();
    await waitUntil(() => periodRuns('retention').some((run) => run.at >= since), {
      what: 'a period of retention',
    });
    const taken = periodRuns('retention').find((run) => run.at >= since)!;
    const finishedAt = async () => {
      const row = await database.db
        .selectFrom('job_leases')
        .select('last_finished_at')
        .where('name', '=', 'retention')
        .executeTakeFirst();
      return row?.last_finished_at ? Date.parse(row.last_finished_at) : 0;
    };
    await waitUntil(async () => (await finishedAt()) >= taken.at, {
      what: 'the retention run of that period finished',
    });
    expect((await finishedAt()) - taken.at).toBeLessThan(INTERVAL_MS);
  });

  it('sends each mail of the shared outbox once', async () => {
    const batch = (prefix: string) => ({
      users: Array.from({ length: 5 }, (_, i) => ({
        email: `${prefix}${i}@example.com`,
        position: 'contractor',
      })),
    });
    const answers = await Promise.all([
      call(a, 'POST', '/api/users/bulk-create', { token: admin.access_token, body: batch('a-') }),
      call(b, 'POST', '/api/users/bulk-create', { token: admin.access_token, body: batch('b-') }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const recipients = [...batch('a-').users, ...batch('b-').users].map((user) => user.email);
    await Promise.all(recipients.map((email) => smtp.waitForMail(email)));
    const sent = () =>
      [a, b].flatMap((server) => server.logs()).filter((line) => line.msg === 'mail sent').length;
    await waitUntil(() => sent() >= recipients.length, { what: 'every send logged' });
    for (const email of recipients) expect(smtp.mailsTo(email), email).toHaveLength(1);
  });

  it('hands the period to the other process when the one running it stops', async () => {
    const job = 'alerts';
    const last = periodRuns(job).at(-1)!;
    const runner = last.by === 'a' ? a : b;
    const other = runner === a ? b : a;
    expect(await runner.stop()).toBe(0);
    const stoppedAt = Date.now();
    await waitUntil(() => periodRuns(job, [other]).some((run) => run.at > stoppedAt), {
      timeoutMs: 5_000,
      what: `the other process running ${job}`,
    });
    const next = periodRuns(job, [other]).find((run) => run.at > stoppedAt)!;
    expect(next.at - stoppedAt).toBeLessThanOrEqual(2 * INTERVAL_MS);
  });
});
