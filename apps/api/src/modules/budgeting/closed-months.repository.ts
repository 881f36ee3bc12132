import type { PersonRef } from '@staff-admin/shared';
import { sql, type Kysely } from 'kysely';
import type { DbEngine } from '../../db/database.js';
import { personColumns, personOrNull } from '../../db/person-ref.js';
import type { DB } from '../../db/schema.js';

export interface ClosedMonthRow {
  month: string;
  closedAt: string;
  closedBy: PersonRef | null;
}

/**
 * The PostgreSQL advisory lock that orders closing and reopening months against writes of costs:
 * its two-key form ('budg' in ASCII, then 1), apart from the one-key lock of Kysely's migrations.
 */
const CLOSED_MONTHS_LOCK = sql`${sql.lit(0x62756467)}, ${sql.lit(1)}`;

/** Budgeting › Closed months: the months in which no cost may change, and the lock that orders them. */
export class ClosedMonthsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: DbEngine,
  ) {}

  /**
   * Holds the set of closed months steady until the transaction ends. A write of costs takes it
   * `shared` (writes never wait for one another); closing or reopening a month takes it
   * `exclusive`, so it waits for every write in flight, and a write that starts after it sees the
   * change. One lock for all months, not one per month: a file can span thousands of months, more
   * locks than PostgreSQL's lock table holds (docs/decisions.md). SQLite needs none: its write
   * transactions begin IMMEDIATE and run one at a time.
   */
  async lock(mode: 'shared' | 'exclusive'): Promise<void> {
    if (this.engine !== 'postgres') return;
    await (
      mode === 'shared'
        ? sql`select pg_advisory_xact_lock_shared(${CLOSED_MONTHS_LOCK})`
        : sql`select pg_advisory_xact_lock(${CLOSED_MONTHS_LOCK})`
    ).execute(this.db);
  }

  /** Which of these months (YYYY-MM) are closed. */
  async closedAmong(months: string[]): Promise<string[]> {
    if (months.length === 0) return [];
    const rows = await this.db
      .selectFrom('closed_months')
      .select('month')
      .where('month', 'in', [...new Set(months)])
      .execute();
    return rows.map((row) => row.month).sort();
  }

  /** Newest first; only the one asked for with `month`. */
  async find(month?: string): Promise<ClosedMonthRow[]> {
    let query = this.db.selectFrom('closed_months');
    if (month) query = query.where('closed_months.month', '=', month);
    const rows = await query
      .leftJoin('users as closer', 'closer.id', 'closed_months.closed_by')
      .select(['closed_months.month', 'closed_months.closed_at', ...personColumns('closer')])
      .orderBy('closed_months.month', 'desc')
      .execute();
    return rows.map((row) => ({
      month: row.month,
      closedAt: row.closed_at,
      closedBy: personOrNull(row.closer_id, row.closer_full_name, row.closer_email),
    }));
  }

  async insert(month: string, closedBy: string, at: string): Promise<void> {
    await this.db
      .insertInto('closed_months')
      .values({ month, closed_by: closedBy, closed_at: at })
      .execute();
  }

  /** Whether the month was closed (and now is not). */
  async delete(month: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('closed_months')
      .where('month', '=', month)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
