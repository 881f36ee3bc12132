import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config/env.js';
import type { DB } from './schema.js';
import { LockingSqliteDialect } from './sqlite-migration-lock.js';

export type DbEngine = DatabaseConfig['engine'];

export interface Database {
  db: Kysely<DB>;
  engine: DbEngine;
}

const PG_TIMESTAMPTZ = 1184;
const PG_INT8 = 20;
const parsePgDate = pg.types.getTypeParser(PG_TIMESTAMPTZ);

/** timestamptz → ISO string (like SQLite's stored text); int8 (counts) → number. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_TIMESTAMPTZ) {
      return (value: string) => (parsePgDate(value) as Date).toISOString();
    }
    if (oid === PG_INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** Where a broken idle PostgreSQL connection is reported; unhandled, it would end the process. */
type PoolErrorListener = (error: Error) => void;

const reportToStderr: PoolErrorListener = (error) =>
  process.stderr.write(`Idle database connection failed: ${error.message}\n`);

export function createDatabase(
  config: DatabaseConfig,
  onPoolError: PoolErrorListener = reportToStderr,
): Database {
  if (config.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.connectionString, types: pgTypes });
    pool.on('error', onPoolError);
    return { engine: 'postgres', db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }) };
  }
  return {
    engine: 'sqlite',
    db: new Kysely<DB>({
      dialect: new LockingSqliteDialect({ database: openSqlite(config.filename) }),
    }),
  };
}

function openSqlite(filename: string): SQLite.Database {
  if (filename !== ':memory:') mkdirSync(path.dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  if (filename !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}
