import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Browser stack traces mapped to our sources, and releases (issue 37). `error_occurrences.frames`:
 * a browser occurrence's frames as JSON, mapped through the release's source maps when stored;
 * `error_group_releases`: the releases each group occurred in, with first and last seen and a
 * count (every occurrence, as the group's own counter), removed with their group.
 */
export function releases(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('error_occurrences').addColumn('frames', 'text').execute();
      await db.schema
        .createTable('error_group_releases')
        .addColumn('group_id', id, (col) => col.notNull())
        .addColumn('release', 'text', (col) => col.notNull())
        .addColumn('first_seen_at', time, (col) => col.notNull())
        .addColumn('last_seen_at', time, (col) => col.notNull())
        .addColumn('occurrences', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('error_group_releases_pk', ['group_id', 'release'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('error_group_releases').execute();
      await db.schema.alterTable('error_occurrences').dropColumn('frames').execute();
    },
  };
}
