import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.js';
import { toIso } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { AlertChannelsRepository } from '../../src/modules/alert-channels/alert-channels.repository.js';
import { MailOutboxRepository } from '../../src/modules/mail/mail-outbox.repository.js';
import { createTestApp, type TestApp } from '../helpers.js';

/*
 * A poll that finds nothing due only reads. The mail and webhook workers poll every 2 s; had they
 * written, each poll would wait for the write lock while another process holds it (a backup, the CLI, a
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
  await other.query('BEGIN; LOCK TABLE mail_outbox, webhook_deliveries IN EXCLUSIVE MODE');
  return async () => {
    await other.query('ROLLBACK');
    await other.end();
  };
}

/**
 * A second handle on the app's database that never waits for a lock: on SQLite a busy timeout of
 * 0, on PostgreSQL a lock timeout of 1 ms. A write that would have waited fails at once ("database
 * is locked", "canceling statement due to lock timeout"); a read goes through.
 */
function impatientDatabase(): Database {
  const { database } = t.config;
  if (database.engine === 'sqlite') return createDatabase(database, { busyTimeoutMs: 0 });
  const url = new URL(database.connectionString);
  url.searchParams.set('options', '-c lock_timeout=1');
  return createDatabase({ engine: 'postgres', connectionString: url.toString() });
}

test('a poll that finds nothing due never waits for the write lock', async () => {
  const now = t.clock.now();
  const until = toIso(now + 60_000);

  const { engine, db } = impatientDatabase();
  const release = await holdWriteLock();
  try {
    const claim = { now: toIso(now), claimId: newId(), leaseUntil: until };
    const mail = new MailOutboxRepository(db, engine);
    const webhooks = new AlertChannelsRepository(db, engine);
    expect(await mail.claimNext({ ...claim, unloggedOnly: false })).toBeUndefined();
    expect(await webhooks.claimNext(claim)).toBeUndefined();
  } finally {
    await release();
    await db.destroy();
  }
});
