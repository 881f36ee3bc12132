import {
  CompiledQuery,
  sql,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type MigrationLockOptions,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Kysely's SQLite adapter takes no migration lock: it counts on one connection, which holds within
 * a process but not between two processes sharing a database file (two servers starting at once
 * would both apply a migration). This one runs the whole migration in a `BEGIN IMMEDIATE`
 * transaction: the second process waits for the write lock (busy_timeout), then finds the schema
 * up to date. PostgreSQL needs none of this (Kysely takes an advisory lock there).
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>, _options: MigrationLockOptions) {
    await sql`begin immediate`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>, _options: MigrationLockOptions) {
    await sql`commit`.execute(db);
  }
}

/**
 * Transactions begin IMMEDIATE, taking the write lock at once (waiting for it up to busy_timeout).
 * A deferred transaction that reads and then writes fails at once with SQLITE_BUSY, without
 * waiting, when another process wrote in between (WAL cannot upgrade a stale snapshot).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class LockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
