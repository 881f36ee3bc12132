import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Monitoring › Overview (issue 13, several processes): each API process upserts its heartbeat
 * row every 15 s and deletes it on close; the overview lists the rows seen within 45 s. Figures
 * are doubles (bytes and milliseconds) so that a large RSS fits on both engines.
 */
export function processHeartbeats(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';
  const real = engine === 'postgres' ? 'double precision' : 'real';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('process_heartbeats')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('host', 'text', (col) => col.notNull())
        .addColumn('pid', 'integer', (col) => col.notNull())
        .addColumn('started_at', time, (col) => col.notNull())
        .addColumn('last_seen_at', time, (col) => col.notNull())
        .addColumn('release', 'text')
        .addColumn('node_version', 'text', (col) => col.notNull())
        .addColumn('rss', real, (col) => col.notNull())
        .addColumn('heap_used', real, (col) => col.notNull())
        .addColumn('heap_total', real, (col) => col.notNull())
        .addColumn('eld_p50', real, (col) => col.notNull())
        .addColumn('eld_p99', real, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('process_heartbeats_last_seen_idx')
        .on('process_heartbeats')
        .column('last_seen_at')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('process_heartbeats').execute();
    },
  };
}
