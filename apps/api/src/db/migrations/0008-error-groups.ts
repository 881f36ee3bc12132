import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Monitoring: errors (issue 13). `error_groups`: one row per fingerprint (the same crash), with
 * its counters; `error_occurrences`: each time it happened (kept ERROR_OCCURRENCE_RETENTION);
 * `error_group_users`: who met it, so "users affected" counts each user once across processes.
 * Groups are removed ERROR_GROUP_RETENTION after they were last seen, with their rows.
 */
export function errorGroups(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('error_groups')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('fingerprint', 'text', (col) => col.notNull().unique())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('title_lower', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('first_seen_at', time, (col) => col.notNull())
        .addColumn('last_seen_at', time, (col) => col.notNull())
        .addColumn('occurrences', 'integer', (col) => col.notNull())
        .addColumn('users_affected', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('resolved_at', time)
        .addColumn('regressed_at', time)
        .execute();
      await db.schema
        .createIndex('error_groups_last_seen_idx')
        .on('error_groups')
        .columns(['last_seen_at', 'id'])
        .execute();
      await db.schema
        .createIndex('error_groups_status_idx')
        .on('error_groups')
        .columns(['status', 'last_seen_at'])
        .execute();

      await db.schema
        .createTable('error_occurrences')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('group_id', id, (col) => col.notNull())
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('stack', 'text')
        .addColumn('method', 'text')
        .addColumn('route', 'text')
        .addColumn('status', 'integer')
        .addColumn('request_id', 'text')
        .addColumn('url', 'text')
        .addColumn('release', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('user_id', id)
        .execute();
      await db.schema
        .createIndex('error_occurrences_group_idx')
        .on('error_occurrences')
        .columns(['group_id', 'at'])
        .execute();
      await db.schema
        .createIndex('error_occurrences_at_idx')
        .on('error_occurrences')
        .column('at')
        .execute();

      await db.schema
        .createTable('error_group_users')
        .addColumn('group_id', id, (col) => col.notNull())
        .addColumn('user_id', id, (col) => col.notNull())
        .addPrimaryKeyConstraint('error_group_users_pk', ['group_id', 'user_id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('error_group_users').execute();
      await db.schema.dropTable('error_occurrences').execute();
      await db.schema.dropTable('error_groups').execute();
    },
  };
}
