import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.js';

const dir = mkdtempSync(path.join(tmpdir(), 'staff-admin-stat4-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = (sqlite: SQLite.Database, table: string) =>
  (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe('SQLite statistics', () => {
  it("drops ANALYZE's index samples when the database is opened and keeps its row counts", async () => {
    const filename = path.join(dir, 'analyzed.sqlite');
    const setUp = new SQLite(filename);
    setUp.exec('create table people (id text primary key, name text not null)');
    const insert = setUp.prepare('insert into people (id, name) values (?, ?)');
    for (let index = 0; index < 200; index += 1) insert.run(`id-${index}`, `Person ${index}`);
    setUp.exec('analyze');
    expect(rows(setUp, 'sqlite_stat4')).toBeGreaterThan(0);
    setUp.close();

    await createDatabase({ engine: 'sqlite', filename }).db.destroy();

    const after = new SQLite(filename);
    expect(rows(after, 'sqlite_stat4')).toBe(0);
    expect(rows(after, 'sqlite_stat1')).toBeGreaterThan(0);
    after.close();
  });
});
