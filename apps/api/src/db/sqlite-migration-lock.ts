import {
  sql,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type Kysely,
  type MigrationLockOptions,
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

export class LockingSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }
}
