import type { HealthStatus } from '@staff-admin/shared';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DbEngine } from '../../db/database.js';
import type { DB, HealthDailyTable, HealthSamplesTable } from '../../db/schema.js';

export type HealthSampleRow = Insertable<HealthSamplesTable>;
export type HealthDailyRow = HealthDailyTable;

/** A time interval [start, end) as ISO times. */
export interface TimeWindow {
  start: string;
  end: string;
}

/** How many samples of one check had one status, inside or outside the exclusions. */
export interface StatusCount {
  /** The samples' UTC day, YYYY-MM-DD. */
  day: string;
  check: string;
  status: HealthStatus;
  excluded: boolean;
  count: number;
}

/** A check's summed daily rollups. */
export interface DailyTotals {
  check: string;
  upSeconds: number;
  warnSeconds: number;
  downSeconds: number;
}

/** Uptime history: the raw samples (one per check and slot) and the daily rollups. */
export class UptimeRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: DbEngine,
  ) {}

  /**
   * Inserts one slot's samples; a (check, slot) already written by another process is left as it
   * is. Answers how many rows this call wrote.
   */
  async insertSamples(rows: readonly HealthSampleRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await this.db
      .insertInto('health_samples')
      .values([...rows])
      .onConflict((conflict) => conflict.columns(['check', 'sampled_at']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n);
  }

  /** Whether any check has a sample in the slot starting at `slot`. */
  async slotSampled(slot: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('health_samples')
      .select('check')
      .where('sampled_at', '=', slot)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Samples per UTC day, check and status in [from, to), split by whether they fall in one of
   * `exclusions` (maintenance windows). One query, however many days.
   */
  async statusCounts(
    from: string,
    to: string,
    exclusions: readonly TimeWindow[],
  ): Promise<StatusCount[]> {
    const excluded =
      exclusions.length === 0
        ? sql<number>`0`
        : sql<number>`case when ${sql.join(
            exclusions.map(
              ({ start, end }) =>
                sql`(${sql.ref('sampled_at')} >= ${start} and ${sql.ref('sampled_at')} < ${end})`,
            ),
            sql` or `,
          )} then 1 else 0 end`;
    const day =
      this.engine === 'postgres'
        ? sql<string>`to_char(${sql.ref('sampled_at')} at time zone 'UTC', 'YYYY-MM-DD')`
        : sql<string>`substr(${sql.ref('sampled_at')}, 1, 10)`;
    const rows = await this.db
      .selectFrom('health_samples')
      .select((eb) => [
        day.as('day'),
        'check',
        'status',
        excluded.as('excluded'),
        eb.fn.countAll<number | string>().as('count'),
      ])
      .where('sampled_at', '>=', from)
      .where('sampled_at', '<', to)
      .groupBy([sql`1`, 'check', 'status', sql`4`])
      .execute();
    return rows.map((row) => ({
      day: row.day,
      check: row.check,
      status: row.status,
      excluded: Number(row.excluded) === 1,
      count: Number(row.count),
    }));
  }

  /** Writes (or rewrites) days' rollups. */
  async upsertDaily(rows: readonly HealthDailyRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('health_daily')
      .values([...rows])
      .onConflict((conflict) =>
        conflict.columns(['check', 'day']).doUpdateSet((eb) => ({
          up_seconds: eb.ref('excluded.up_seconds'),
          warn_seconds: eb.ref('excluded.warn_seconds'),
          down_seconds: eb.ref('excluded.down_seconds'),
          samples: eb.ref('excluded.samples'),
          excluded_samples: eb.ref('excluded.excluded_samples'),
        })),
      )
      .execute();
  }

  /** Each check's rollups of the days `from` to `to` (YYYY-MM-DD, both included), summed. */
  async dailyTotals(from: string, to: string): Promise<DailyTotals[]> {
    const rows = await this.db
      .selectFrom('health_daily')
      .select((eb) => [
        'check',
        eb.fn.sum<number | string>('up_seconds').as('up'),
        eb.fn.sum<number | string>('warn_seconds').as('warn'),
        eb.fn.sum<number | string>('down_seconds').as('down'),
      ])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('check')
      .execute();
    return rows.map((row) => ({
      check: row.check,
      upSeconds: Number(row.up),
      warnSeconds: Number(row.warn),
      downSeconds: Number(row.down),
    }));
  }

  /** The rollups of the days `from` to `to` (both included), by day and check. */
  async dailyRows(from: string, to: string): Promise<HealthDailyRow[]> {
    return this.db
      .selectFrom('health_daily')
      .selectAll()
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .orderBy('check')
      .execute();
  }

  /** The newest day rolled up, or null. */
  async latestDay(): Promise<string | null> {
    const row = await this.db
      .selectFrom('health_daily')
      .select((eb) => eb.fn.max('day').as('day'))
      .executeTakeFirst();
    return row?.day ?? null;
  }

  /** The oldest sample's time, or null. */
  async earliestSampleAt(): Promise<string | null> {
    const row = await this.db
      .selectFrom('health_samples')
      .select((eb) => eb.fn.min('sampled_at').as('at'))
      .executeTakeFirst();
    return row?.at ?? null;
  }

  async deleteSamplesBefore(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom('health_samples')
      .where('sampled_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteDaysBefore(day: string): Promise<number> {
    const result = await this.db
      .deleteFrom('health_daily')
      .where('day', '<', day)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
