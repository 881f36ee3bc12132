import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * A version of the users table that every change to what the list filters on bumps, in the same
 * transaction as the change (issue 17, docs/performance.md "Dense searches"). The API remembers
 * how many users match a filter under the version it read; a write by any process moves the
 * version on, so a count is never served after the users it counted have changed.
 *
 * Only the columns the list searches, filters or counts by bump it (a new picture or password
 * does not). SQLite fires its triggers per row; PostgreSQL once per statement, so a bulk action
 * on 100 users takes the version's row lock once.
 */
const COUNTED_COLUMNS = 'email, full_name_lower, position, status, created_at, last_login_at';

export function usersVersion(engine: DbEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('table_versions')
        .addColumn('table_name', 'text', (col) => col.primaryKey())
        .addColumn('version', 'bigint', (col) => col.notNull())
        .execute();
      await sql`insert into table_versions (table_name, version) values ('users', 0)`.execute(db);
      if (engine === 'postgres') {
        await sql`create function bump_users_version() returns trigger language plpgsql as $$
          begin
            update table_versions set version = version + 1 where table_name = 'users';
            return null;
          end $$`.execute(db);
        await sql`create trigger users_version_bump
          after insert or delete or truncate or update of ${sql.raw(COUNTED_COLUMNS)} on users
          for each statement execute function bump_users_version()`.execute(db);
      } else {
        const bump = sql.raw(
          `update table_versions set version = version + 1 where table_name = 'users';`,
        );
        await sql`create trigger users_version_insert after insert on users
          begin ${bump} end`.execute(db);
        await sql`create trigger users_version_delete after delete on users
          begin ${bump} end`.execute(db);
        await sql`create trigger users_version_update
          after update of ${sql.raw(COUNTED_COLUMNS)} on users
          begin ${bump} end`.execute(db);
      }
    },

    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`drop trigger users_version_bump on users`.execute(db);
        await sql`drop function bump_users_version()`.execute(db);
      } else {
        for (const name of ['insert', 'delete', 'update']) {
          await sql`drop trigger ${sql.raw(`users_version_${name}`)}`.execute(db);
        }
      }
      await db.schema.dropTable('table_versions').execute();
    },
  };
}
