import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase } from 'kysely';
import type { Pool } from 'pg';
import type { DatabaseConfig } from '../config/env.js';
import type { DB } from './schema.js';
import { LockingSqliteDialect } from './sqlite-migration-lock.js';

export type DbEngine = DatabaseConfig['engine'];

export interface Database {
  db: Kysely<DB>;
  engine: DbEngine;
}

const PG_TIMESTAMPTZ = 1184;
const PG_CONNECT_TIMEOUT_MS = 2_000;
/**
 * How long a write waits for another process's lock on the SQLite file (a CLI command, say)
 * before SQLITE_BUSY, answered 503. better-sqlite3 waits synchronously, holding up every request
 * of the process (and the mail worker's writes wait too), so it is short; writes take
 * milliseconds, so a lock held longer than this is not a passing one.
 */
const SQLITE_BUSY_TIMEOUT_MS = 500;
/**
 * SQLite: how long a migration (the server's start, or a CLI command) waits for another
 * process's migration to release the file. A migration may rightly hold it for seconds.
 */
export const MIGRATION_LOCK_WAIT_MS = 10_000;
const PG_INT8 = 20;

/** Where a broken idle PostgreSQL connection is reported; unhandled, it would end the process. */
type PoolErrorListener = (error: Error) => void;

const reportToStderr: PoolErrorListener = (error) =>
  process.stderr.write(`Idle database connection failed: ${error.message}\n`);

export interface DatabaseOptions {
  /** Where a broken idle PostgreSQL connection is reported. */
  onPoolError?: PoolErrorListener;
  /**
   * PostgreSQL: a query without an answer this long fails (a connection cut off without a word,
   * as behind a network partition). The server's serving pool sets it; migrations and tools,
   * whose queries may rightly take long, do not.
   */
  queryTimeoutMs?: number;
  /**
   * SQLite: how long a write waits for another process's lock. Serving keeps the short default;
   * the start waits longer, since another process may be migrating the same file.
   */
  busyTimeoutMs?: number;
}

export function createDatabase(
  config: DatabaseConfig,
  {
    onPoolError = reportToStderr,
    queryTimeoutMs,
    busyTimeoutMs = SQLITE_BUSY_TIMEOUT_MS,
  }: DatabaseOptions = {},
): Database {
  if (config.engine === 'postgres') {
    const pool = () => createPgPool(config.connectionString, onPoolError, queryTimeoutMs);
    return { engine: 'postgres', db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }) };
  }
  return {
    engine: 'sqlite',
    db: new Kysely<DB>({
      dialect: new LockingSqliteDialect({
        database: withStatementCache(openSqlite(config.filename, busyTimeoutMs)),
      }),
    }),
  };
}

/**
 * The PostgreSQL pool, made on the first query: pg is loaded then, so a process on SQLite never
 * holds it in memory. timestamptz is read as an ISO string (like SQLite's stored text) and int8
 * (counts) as a number.
 */
async function createPgPool(
  connectionString: string,
  onPoolError: PoolErrorListener,
  queryTimeoutMs: number | undefined,
): Promise<Pool> {
  const { default: pg } = await import('pg');
  const parsePgDate = pg.types.getTypeParser(PG_TIMESTAMPTZ);
  const getTypeParser = ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_TIMESTAMPTZ) {
      return (value: string) => (parsePgDate(value) as Date).toISOString();
    }
    if (oid === PG_INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser;
  const pool = new pg.Pool({
    connectionString,
    types: { getTypeParser },
    // A query waits this long at most for a connection (PostgreSQL down, or every connection
    // busy), then fails, and the request answers 503 (plugins/error-handler.ts).
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(queryTimeoutMs === undefined ? {} : { query_timeout: queryTimeoutMs }),
  });
  pool.on('error', onPoolError);
  // A connection lost while checked out (between two queries of a transaction) emits 'error' on
  // its client, where the pool listens only while it is idle; unheard, it would end the process.
  // The query that needed it fails and is answered (503) and logged there.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Prepared statements kept per connection; the least recently used beyond this are dropped. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and on a short query preparing costs as much as running it.
 * The same SQL text (the values travel apart, as parameters) reuses its prepared statement.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
      }
      statements.set(sql, statement); // most recently used last
      return statement;
    },
  };
}

function openSqlite(filename: string, busyTimeoutMs: number): SQLite.Database {
  if (filename !== ':memory:') mkdirSync(path.dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  if (filename !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  dropIndexSamples(sqlite);
  return sqlite;
}

/**
 * ANALYZE also keeps samples of index values (sqlite_stat4: better-sqlite3 builds SQLite with
 * STAT4), and with them SQLite prepares a statement anew whenever a value bound against a sampled
 * index changes: the user by id, on every call (a query took 40 µs instead of 8). The app's plans
 * do not use the samples (its searches name their indexes), so they are dropped when the database
 * is opened; ANALYZE's row counts (sqlite_stat1) stay. See docs/operations.md.
 */
function dropIndexSamples(sqlite: SQLite.Database) {
  const sampled = sqlite
    .prepare("select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'")
    .get();
  if (!sampled) return;
  // `analyze sqlite_schema` makes the planner read the statistics again, now without samples.
  sqlite.exec('delete from sqlite_stat4; analyze sqlite_schema');
}
