import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { JobLeaseRepository } from '../../src/db/job-leases.js';
import { toIso } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { AlertChannelsRepository } from '../../src/modules/alert-channels/alert-channels.repository.js';
import { MailOutboxRepository } from '../../src/modules/mail/mail-outbox.repository.js';
import { createTestApp, type TestApp } from '../helpers.js';

/*
 * Background work that finds nothing to do only reads. The mail and webhook workers poll every
 * 2 s and every process looks for each job's period slot ten times a period; had they written,
 * each look would wait for the write lock while another process holds it (a backup, the CLI, a
 * second server), and on SQLite, whose driver is synchronous, hold up every request meanwhile.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** Another connection takes the write lock of the tables the background work writes to. */
async function holdWriteLock(): Promise<() => Promise<void>> {
  const { database } = t.config;
  if (database.engine === 'sqlite') {
    const other = new SQLite(database.filename);
    other.exec('BEGIN IMMEDIATE');
    return async () => {
      other.exec('ROLLBACK');
      other.close();
    };
  }
  const other = new pg.Client({ connectionString: database.connectionString });
  await other.connect();
  // EXCLUSIVE lets reads through and makes every write wait.
  await other.query(
    'BEGIN; LOCK TABLE mail_outbox, webhook_deliveries, job_leases IN EXCLUSIVE MODE',
  );
  return async () => {
    await other.query('ROLLBACK');
    await other.end();
  };
}

/** On PostgreSQL a write would wait for the lock for good: give up on it, loudly, after 5 s. */
function withoutWaiting<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} waited for the write lock`)), 5_000);
  });
  return Promise.race([work, waited]).finally(() => clearTimeout(timer));
}

test('a poll that finds nothing due, and a look at a slot another process holds, never wait for the write lock', async () => {
  const engine = t.database.engine;
  const leases = new JobLeaseRepository(t.db);
  const now = t.clock.now();
  const until = toIso(now + 60_000);
  expect(await leases.acquire('idle-polls', 'other process', toIso(now), until)).toBe(true);

  const release = await holdWriteLock();
  try {
    const claim = { now: toIso(now), claimId: newId(), leaseUntil: until };
    const mail = new MailOutboxRepository(t.db, engine);
    const webhooks = new AlertChannelsRepository(t.db, engine);
    expect(
      await withoutWaiting('the mail poll', mail.claimNext({ ...claim, unloggedOnly: false })),
    ).toBeUndefined();
    expect(await withoutWaiting('the webhook poll', webhooks.claimNext(claim))).toBeUndefined();
    expect(
      await withoutWaiting(
        'the look at a held slot',
        leases.acquire('idle-polls', 'this process', toIso(now + 1_000), until),
      ),
    ).toBe(false);
  } finally {
    await release();
  }
});
