import type { Insertable, Kysely } from 'kysely';
import { countPerInterval, intervalCounts, type Interval } from '../../db/interval-counts.js';
import type { DB, ProcessHeartbeatsTable } from '../../db/schema.js';

export type HeartbeatRow = Insertable<ProcessHeartbeatsTable>;

/** Monitoring › Overview: heartbeats of the live processes, the outbox's state, the day's counts. */
export class OverviewRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Writes (or refreshes) this process's heartbeat row. */
  async beat(row: HeartbeatRow): Promise<void> {
    const { id: _id, host: _host, pid: _pid, started_at: _startedAt, ...figures } = row;
    await this.db
      .insertInto('process_heartbeats')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doUpdateSet(figures))
      .execute();
  }

  async removeHeartbeat(id: string): Promise<void> {
    await this.db.deleteFrom('process_heartbeats').where('id', '=', id).execute();
  }

  /** Processes seen at or after `since`, oldest first. */
  async liveProcesses(since: string) {
    return this.db
      .selectFrom('process_heartbeats')
      .selectAll()
      .where('last_seen_at', '>=', since)
      .orderBy('started_at')
      .orderBy('id')
      .execute();
  }

  /** Removes rows of processes that died without closing (not seen since `before`). */
  async removeStaleHeartbeats(before: string): Promise<void> {
    await this.db.deleteFrom('process_heartbeats').where('last_seen_at', '<', before).execute();
  }

  /**
   * The outbox as the mail worker and the SMTP check see it (`unloggedOnly`: without SMTP, mail
   * already logged is done): the unsent mail that is due, and when the longest-waiting one became
   * due; the unsent mail waiting for a later try, and when the first of them is; the latest send,
   * the latest give-up, and how many mails are between attempts after a failure.
   */
  async outboxState(now: string, unloggedOnly: boolean) {
    let unsent = this.db
      .selectFrom('mail_outbox')
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null);
    if (unloggedOnly) unsent = unsent.where('logged_at', 'is', null);
    const [due, later, history] = await Promise.all([
      unsent
        .where('next_attempt_at', '<=', now)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.min('next_attempt_at').as('oldest'),
        ])
        .executeTakeFirst(),
      unsent
        .where('next_attempt_at', '>', now)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.min('next_attempt_at').as('next'),
        ])
        .executeTakeFirst(),
      this.db
        .selectFrom('mail_outbox')
        .select((eb) => [
          eb.fn.max('sent_at').as('lastSentAt'),
          eb.fn.max('failed_at').as('lastFailedAt'),
          eb.fn
            .count<number | string>('id')
            .filterWhere((w) =>
              w.and([w('sent_at', 'is', null), w('failed_at', 'is', null), w('attempts', '>', 0)]),
            )
            .as('retrying'),
        ])
        .executeTakeFirst(),
    ]);
    return {
      due: Number(due?.count ?? 0),
      oldestDueAt: due?.oldest ?? null,
      later: Number(later?.count ?? 0),
      nextAttemptAt: later?.next ?? null,
      lastSentAt: history?.lastSentAt ?? null,
      lastFailedAt: history?.lastFailedAt ?? null,
      retrying: Number(history?.retrying ?? 0),
    };
  }

  /** New error groups per interval (by when they were first seen). */
  async newErrorGroups(intervals: readonly Interval[]): Promise<number[]> {
    const row = await this.db
      .selectFrom('error_groups')
      .where('first_seen_at', '>=', intervals[0]!.start)
      .where('first_seen_at', '<', intervals.at(-1)!.end)
      .select(countPerInterval('first_seen_at', intervals))
      .executeTakeFirstOrThrow();
    return intervalCounts(row, intervals);
  }

  /**
   * 5xx answers per interval (each a whole UTC hour), from the hourly counts of server errors:
   * a group keeps only its newest samples, so the samples no longer count them all.
   */
  async serverErrors(intervals: readonly Interval[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('error_report_counts')
      .select(['hour', 'reports'])
      .where('source', '=', 'server')
      .where('hour', '>=', intervals[0]!.start)
      .where('hour', '<', intervals.at(-1)!.end)
      .execute();
    const perHour = new Map(rows.map((row) => [row.hour, Number(row.reports)]));
    return intervals.map(({ start }) => perHour.get(start) ?? 0);
  }

  /** Mails given up per interval. */
  async failedMails(intervals: readonly Interval[]): Promise<number[]> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .where('failed_at', '>=', intervals[0]!.start)
      .where('failed_at', '<', intervals.at(-1)!.end)
      .select(countPerInterval('failed_at', intervals))
      .executeTakeFirstOrThrow();
    return intervalCounts(row, intervals);
  }
}
