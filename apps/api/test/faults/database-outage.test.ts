import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { hostAndPort, TcpProxy, throughProxy } from './tcp-proxy.js';
import {
  CALL_KINDS,
  expectNoFailureOrHang,
  expectUnavailable,
  expectWritesKept,
  invitedWithoutMail,
  recoveryMs,
  round,
  rounds,
  startTraffic,
  type Answer,
  type Traffic,
} from './outage-traffic.js';

/*
 * The database goes away under a light load and comes back. On PostgreSQL a proxy between the app
 * and the server is cut (connections end, new ones are refused); on SQLite another connection
 * holds the file's write lock past the busy timeout. Every call answers 503 with Retry-After
 * meanwhile (on SQLite, those that write), nothing is left half done, and the same process
 * serves again as soon as the database is back.
 */

const onPostgres = process.env.TEST_DB === 'postgres';
let proxy: TcpProxy | undefined;
let t: TestApp;
let traffic: Traffic;

beforeAll(async () => {
  if (onPostgres) proxy = await TcpProxy.start(hostAndPort(process.env.TEST_DATABASE_URL ?? ''));
  t = await createTestApp({
    env: { UPLOADS_PER_MINUTE: '10000' },
    ...(proxy ? { databaseUrl: (url: string) => throughProxy(url, proxy!) } : {}),
  });
  traffic = await startTraffic(t);
});

afterAll(async () => {
  await proxy?.restore();
  await t?.close();
  await proxy?.close();
});

/** Takes the database away; answers how to give it back. */
async function takeDatabaseAway(): Promise<() => Promise<void>> {
  if (proxy) {
    await proxy.cut();
    return () => proxy!.restore();
  }
  if (t.config.database.engine !== 'sqlite') throw new Error('expected SQLite');
  const other = new SQLite(t.config.database.filename);
  other.exec('BEGIN IMMEDIATE');
  return async () => {
    other.exec('ROLLBACK');
    other.close();
  };
}

test('while the database is away every call that needs it answers 503 with Retry-After, never 500 or a hang; it recovers by itself', async () => {
  const before = await round(traffic);
  expect(before.map((answer) => answer.status)).toEqual([200, 200, 201, 201]);

  const giveBack = await takeDatabaseAway();
  // SQLite holds up the whole process while it waits for the lock: one call at a time.
  const during = onPostgres ? await rounds(traffic, 3) : await sequentialRounds(3);
  const needsDatabase = onPostgres ? during : during.filter((answer) => answer.kind !== 'profile'); // reads go on beside a writer
  for (const answer of needsDatabase) expectUnavailable(answer);
  const health = await fetch(`${traffic.baseUrl}/api/health`);
  if (onPostgres) expect(health.status).toBe(503);

  const since = performance.now();
  await giveBack();
  expect(await recoveryMs(traffic, since)).toBeLessThan(2_000);
  const after = await round(traffic);
  expect(after.map((answer) => answer.status)).toEqual([200, 200, 201, 201]);

  const answers = [...before, ...during, ...after];
  expectNoFailureOrHang(before, [...during, ...after]);
  await expectWritesKept(t, answers);
  expect(await invitedWithoutMail(t)).toEqual([]);
});

async function sequentialRounds(count: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i += 1) {
    for (const kind of CALL_KINDS) answers.push(...(await round(traffic, [kind])));
  }
  return answers;
}
