import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * A lease per scheduled job, so that of several processes scheduling it only one runs it at a
 * time. A holder that dies keeps the lease until it runs out; then another may take it.
 */
export class JobLeaseRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** True when `holder` now holds the job's lease until `until` (nobody else held a live one). */
  async acquire(name: string, holder: string, now: string, until: string): Promise<boolean> {
    await this.db
      .insertInto('job_leases')
      .values({ name, holder: null, leased_until: null, last_finished_at: null })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const result = await this.db
      .updateTable('job_leases')
      .set({ holder, leased_until: until })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Gives the lease back and records the run as finished. */
  async release(name: string, holder: string, finishedAt: string): Promise<void> {
    await this.db
      .updateTable('job_leases')
      .set({ holder: null, leased_until: null, last_finished_at: finishedAt })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .execute();
  }

  async lastFinishedAt(name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('job_leases')
      .select('last_finished_at')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.last_finished_at ?? null;
  }
}
