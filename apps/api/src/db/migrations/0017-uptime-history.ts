import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Uptime history (issue 37): every Overview check's result once a minute (`health_samples`, one
 * row per check and minute slot: several processes insert the same key and all but the first do
 * nothing), and one row per check and UTC day (`health_daily`) that outlives the raw samples.
 * Seconds are the sample interval times the samples of each status; samples inside a maintenance
 * window are counted as `excluded_samples` and in no status.
 */
export function uptimeHistory(engine: DbEngine): Migration {
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('health_samples')
        .addColumn('check', 'text', (col) => col.notNull())
        .addColumn('sampled_at', time, (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('output', 'text')
        .addPrimaryKeyConstraint('health_samples_pk', ['check', 'sampled_at'])
        .execute();
      // The Overview's 24 hours and today, and the retention job's pruning, read by time.
      await db.schema
        .createIndex('health_samples_sampled_at_idx')
        .on('health_samples')
        .column('sampled_at')
        .execute();
      await db.schema
        .createTable('health_daily')
        .addColumn('check', 'text', (col) => col.notNull())
        // The UTC day, YYYY-MM-DD.
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('up_seconds', 'integer', (col) => col.notNull())
        .addColumn('warn_seconds', 'integer', (col) => col.notNull())
        .addColumn('down_seconds', 'integer', (col) => col.notNull())
        .addColumn('samples', 'integer', (col) => col.notNull())
        .addColumn('excluded_samples', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('health_daily_pk', ['check', 'day'])
        .execute();
      await db.schema
        .createIndex('health_daily_day_idx')
        .on('health_daily')
        .column('day')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('health_daily').execute();
      await db.schema.dropTable('health_samples').execute();
    },
  };
}
