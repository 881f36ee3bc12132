import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Uploaded files (so pictures nobody uses can be swept), and fast user search and sorting.
 *
 * `users.full_name_lower` is the full name lower-cased by the application (JavaScript's Unicode
 * `toLowerCase`, '' when there is no name): SQLite's lower() knows ASCII only and PostgreSQL's
 * depends on the server's locale, so a computed-once key is what keeps search and sort identical
 * on both engines. Text sorts compare code points on both (BINARY on SQLite, "C" on PostgreSQL).
 *
 * Substring search: PostgreSQL uses pg_trgm GIN indexes (LIKE '%term%' for terms of 3+ characters);
 * SQLite uses an FTS5 trigram index kept in step by triggers (see users.repository.ts). The FTS5
 * table borrows its text from `users` by rowid; should a tool ever renumber those rowids, run
 * `INSERT INTO users_search(users_search) VALUES ('rebuild')`.
 */
export function profilesAndSearch(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('uploads')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('path', 'text', (col) => col.notNull().unique())
        .addColumn('dir', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('owner_id', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('uploads_created_at_idx')
        .on('uploads')
        .column('created_at')
        .execute();
      await db.schema
        .createIndex('uploads_owner_id_idx')
        .on('uploads')
        .column('owner_id')
        .execute();

      await db.schema
        .alterTable('users')
        .addColumn('full_name_lower', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      const named = await sql<{ id: string; full_name: string }>`
        select id, full_name from users where full_name is not null`.execute(db);
      for (const row of named.rows) {
        await sql`update users set full_name_lower = ${row.full_name.toLowerCase()}
          where id = ${row.id}`.execute(db);
      }

      await db.schema.createIndex('users_image_url_idx').on('users').column('image_url').execute();

      if (engine === 'postgres') {
        await sql`alter table users alter column email type text collate "C"`.execute(db);
        await sql`alter table users alter column full_name_lower type text collate "C"`.execute(db);
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`.execute(
          db,
        );
        await sql`create index users_full_name_trgm_idx
          on users using gin (full_name_lower gin_trgm_ops)`.execute(db);
      } else {
        await sql`create virtual table users_search using fts5(
          email, full_name_lower,
          content = 'users', content_rowid = 'rowid',
          tokenize = 'trigram case_sensitive 1'
        )`.execute(db);
        await sql`create trigger users_search_insert after insert on users begin
          insert into users_search (rowid, email, full_name_lower)
          values (new.rowid, new.email, new.full_name_lower);
        end`.execute(db);
        await sql`create trigger users_search_delete after delete on users begin
          insert into users_search (users_search, rowid, email, full_name_lower)
          values ('delete', old.rowid, old.email, old.full_name_lower);
        end`.execute(db);
        await sql`create trigger users_search_update after update of email, full_name_lower
          on users begin
          insert into users_search (users_search, rowid, email, full_name_lower)
          values ('delete', old.rowid, old.email, old.full_name_lower);
          insert into users_search (rowid, email, full_name_lower)
          values (new.rowid, new.email, new.full_name_lower);
        end`.execute(db);
        await sql`insert into users_search (users_search) values ('rebuild')`.execute(db);
        // Terms of 1-2 characters are matched by a scan: of this narrow index, not of the table.
        await db.schema
          .createIndex('users_search_text_idx')
          .on('users')
          .columns(['email', 'full_name_lower'])
          .execute();
      }

      // One index per sort column, with the id tie-break; the email is unique already.
      for (const column of ['full_name_lower', 'position', 'status', 'created_at']) {
        await db.schema
          .createIndex(`users_${column}_sort_idx`)
          .on('users')
          .columns([column, 'id'])
          .execute();
      }
    },

    async down(db: Kysely<unknown>) {
      for (const column of ['full_name_lower', 'position', 'status', 'created_at']) {
        await db.schema.dropIndex(`users_${column}_sort_idx`).execute();
      }
      if (engine === 'postgres') {
        await db.schema.dropIndex('users_full_name_trgm_idx').execute();
        await db.schema.dropIndex('users_email_trgm_idx').execute();
        await sql`alter table users alter column email type text collate "default"`.execute(db);
      } else {
        await db.schema.dropIndex('users_search_text_idx').execute();
        await sql`drop trigger users_search_update`.execute(db);
        await sql`drop trigger users_search_delete`.execute(db);
        await sql`drop trigger users_search_insert`.execute(db);
        await sql`drop table users_search`.execute(db);
      }
      await db.schema.dropIndex('users_image_url_idx').execute();
      await db.schema.alterTable('users').dropColumn('full_name_lower').execute();
      await db.schema.dropTable('uploads').execute();
    },
  };
}
