import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, NO_MIGRATIONS } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { UsersRepository } from '../../src/modules/users/users.repository.js';
import { promisify } from 'node:util';
import { createTestDatabaseUrl, TEST_AUTH_SECRET, waitUntil } from '../helpers.js';

/** Whether the process has the file open (Linux: its descriptors under /proc). */
function hasOpen(pid: number | undefined, file: string): boolean {
  if (pid === undefined) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

let dir: string;
let drop: () => Promise<void>;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-migrations-'));
  const created = await createTestDatabaseUrl(dir);
  drop = created.drop;
  const url = created.url;
  database = createDatabase(
    url.startsWith('sqlite:')
      ? { engine: 'sqlite', filename: url.slice('sqlite:'.length) }
      : { engine: 'postgres', connectionString: url },
  );
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

const migrator = () =>
  new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database.engine) },
  });

it('0003 makes users that existed before it searchable, and can be rolled back', async () => {
  const { error } = await migrator().migrateTo('0002-account-lifecycle');
  expect(error).toBeUndefined();
  const now = new Date().toISOString();
  const insert = (id: string, email: string, fullName: string | null) =>
    database.db
      .insertInto('users')
      // Written as 0002 knew the table: without full_name_lower.
      .values({
        id,
        email,
        full_name: fullName,
        position: 'contractor',
        status: 'active',
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
  await insert('5a1e7f10-0000-4000-8000-000000000001', 'emile@example.com', 'ÉMILE Zola');
  await insert('5a1e7f10-0000-4000-8000-000000000002', 'nameless@example.com', null);

  expect(await migrateToLatest(database)).toContain('0003-profiles-and-search');
  const users = new UsersRepository(database.db, database.engine);
  const find = async (search: string) =>
    (
      await users.findPage({
        search,
        includeInactive: true,
        sortBy: 'fullName',
        sortDirection: 'ASC',
        offset: 0,
        limit: 10,
      })
    ).users.map((user) => user.email);
  expect(await find('émile zo')).toEqual(['emile@example.com']);
  expect(await find('é')).toEqual(['emile@example.com']);
  expect(await find('nameless')).toEqual(['nameless@example.com']);

  const down = await migrator().migrateTo('0002-account-lifecycle');
  expect(down.error).toBeUndefined();
  expect(down.results?.map((result) => result.migrationName)).toContain('0003-profiles-and-search');
  expect(await migrateToLatest(database)).toContain('0003-profiles-and-search');
  expect(await find('zola')).toEqual(['emile@example.com']);
});

it('0014 starts the hourly error counts from the samples stored before it', async () => {
  const { error } = await migrator().migrateTo('0013-users-version');
  expect(error).toBeUndefined();
  const hour = Date.UTC(2026, 10, 27, 9);
  const group = async (id: string, source: 'server' | 'browser', at: number[]) => {
    const first = new Date(at[0]!).toISOString();
    await database.db
      .insertInto('error_groups')
      .values({
        id,
        fingerprint: id,
        source,
        type: 'Error',
        title: 'Boom',
        title_lower: 'boom',
        status: 'unresolved',
        first_seen_at: first,
        last_seen_at: first,
        occurrences: at.length,
      })
      .execute();
    for (const [index, time] of at.entries()) {
      await database.db
        .insertInto('error_occurrences')
        .values({
          id: `${id.slice(0, -1)}${index}`,
          group_id: id,
          at: new Date(time).toISOString(),
          message: 'Boom',
        })
        .execute();
    }
  };
  await group('e1400000-0000-4000-8000-000000000000', 'server', [hour, hour + 59 * 60_000]);
  await group('e1400000-0000-4000-8000-000000000010', 'server', [hour + 3_600_000]);
  await group('e1400000-0000-4000-8000-000000000020', 'browser', [hour + 1]);

  expect(await migrateToLatest(database)).toContain('0014-error-report-counts');
  const counts = await database.db
    .selectFrom('error_report_counts')
    .select(['hour', 'source', 'reports', 'dropped'])
    .orderBy('hour')
    .orderBy('source')
    .execute();
  expect(counts.map((row) => ({ ...row, reports: Number(row.reports) }))).toEqual([
    { hour: '2026-11-27T09:00:00.000Z', source: 'browser', reports: 1, dropped: 0 },
    { hour: '2026-11-27T09:00:00.000Z', source: 'server', reports: 2, dropped: 0 },
    { hour: '2026-11-27T10:00:00.000Z', source: 'server', reports: 1, dropped: 0 },
  ]);
  await database.db.deleteFrom('error_report_counts').execute();
  await database.db.deleteFrom('error_occurrences').execute();
  await database.db.deleteFrom('error_groups').execute();
});

it('rolls every migration back and forward again', async () => {
  const names = Object.keys(migrations(database.engine));
  const down = await migrator().migrateTo(NO_MIGRATIONS);
  expect(down.error).toBeUndefined();
  expect(down.results?.map((result) => result.migrationName)).toEqual([...names].reverse());
  expect(await migrateToLatest(database)).toEqual(names);
});

it('lets two processes migrate one fresh database at once', async () => {
  const fresh = await createTestDatabaseUrl(dir);
  const url = fresh.url.replace(/test\.db$/, 'shared.db');
  const migrate = () =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'migrate'], {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
      env: {
        PATH: process.env.PATH ?? '',
        INIT_CWD: dir,
        DATABASE_URL: url,
        AUTH_SECRET: TEST_AUTH_SECRET,
      },
    });
  // On SQLite, hold the write lock while both start, so that both reach the migrator before
  // either can write: without a lock around the whole migration both would apply 0001.
  const blocker = url.startsWith('sqlite:') ? new SQLite(url.slice('sqlite:'.length)) : undefined;
  blocker?.pragma('journal_mode = WAL');
  blocker?.exec('begin immediate');
  try {
    const runs = [migrate(), migrate()];
    const running = Promise.all(runs);
    if (blocker) {
      // Both have opened the database (the next thing they do is migrate, which waits for the
      // lock): only then may the first of them write.
      const file = realpathSync(url.slice('sqlite:'.length));
      await waitUntil(() => runs.every((run) => hasOpen(run.child.pid, file)), {
        timeoutMs: 20_000,
        what: 'both processes opened the database',
      });
      blocker.exec('commit');
    }
    for (const { stdout } of await running) expect(stdout).toBe('Database is up to date.\n');
  } finally {
    blocker?.close();
    await fresh.drop();
  }
}, 30_000);
