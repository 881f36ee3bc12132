import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Error reports have caps (issue 32): a group keeps only its newest samples and browser reports
 * stop being stored past a daily number, so occurrences can no longer be counted from the stored
 * samples. `error_report_counts` counts them per UTC hour and source as they come: `reports`
 * every one, `dropped` those stored nowhere (past the daily cap). It starts from the samples
 * already stored, so the Overview's last day stays right across the upgrade.
 */
export function errorReportCounts(engine: DbEngine): Migration {
  const time = engine === 'postgres' ? 'timestamptz' : 'text';
  const hourOf =
    engine === 'postgres'
      ? sql`date_trunc('hour', error_occurrences.at)`
      : sql`substr(error_occurrences.at, 1, 13) || ':00:00.000Z'`;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('error_report_counts')
        .addColumn('hour', time, (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('reports', 'integer', (col) => col.notNull())
        .addColumn('dropped', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('error_report_counts_pk', ['hour', 'source'])
        .execute();
      await sql`insert into error_report_counts (hour, source, reports)
        select ${hourOf}, error_groups.source, count(*)
        from error_occurrences
        join error_groups on error_groups.id = error_occurrences.group_id
        group by 1, 2`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('error_report_counts').execute();
    },
  };
}
