import type { MailState } from '@staff-admin/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { mailStateOf } from './mail.repository.js';

/**
 * What the metrics read from the database at each scrape: the same figures from every process,
 * since they come from the shared database (Prometheus should take max(), not sum(), of them).
 */
export class MetricsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    /** With SMTP_URL set, a mail written to the log is due like any other (not "logged"). */
    private readonly smtp: boolean,
  ) {}

  /** The outbox by state at `now`, as Monitoring › Mail names them. */
  async mailByState(now: string): Promise<Map<MailState, number>> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .select([
        mailStateOf(now, this.smtp).as('state'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      // By position: the state expression carries `now` as a parameter, so it cannot be repeated.
      .groupBy(sql`1`)
      .execute();
    return new Map(rows.map((row) => [row.state, Number(row.count)]));
  }

  /** Error groups by source and status. */
  async errorGroups(): Promise<{ source: string; status: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('error_groups')
      .select(['source', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(['source', 'status'])
      .execute();
    return rows.map((row) => ({
      source: row.source,
      status: row.status,
      count: Number(row.count),
    }));
  }
}
