import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Data retention (SPEC §1: accounts unused for a year expire and their data is deleted).
 * `job_leases`: one row per scheduled job; a process runs the job only while it holds the lease,
 * so several processes can schedule it safely. `one_time_tokens.expired_at`: when the retention
 * job marked an unused invitation past its expiry as expired.
 */
export function retention(engine: DbEngine): Migration {
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('holder', 'text')
        .addColumn('leased_until', time)
        .addColumn('last_finished_at', time)
        .execute();
      await db.schema.alterTable('one_time_tokens').addColumn('expired_at', time).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('one_time_tokens').dropColumn('expired_at').execute();
      await db.schema.dropTable('job_leases').execute();
    },
  };
}
