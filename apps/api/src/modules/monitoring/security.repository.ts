import type { Kysely } from 'kysely';
import { countPerInterval, intervalCounts, type Interval } from '../../db/interval-counts.js';
import type { DB } from '../../db/schema.js';
import type { AuditAction } from '../audit/audit-events.js';

/** The events that end a lock before its time: an admin's unlock, a right password, a reset. */
export const LOCK_ENDING_ACTIONS = [
  'auth.unlocked',
  'auth.login_succeeded',
  'password.reset_completed',
] as const satisfies readonly AuditAction[];

/** A lock or a lock-ending event of the audit trail, with the account it names (if any). */
export interface LockTrailRow {
  at: string;
  action: string;
  targetId: string | null;
  details: string | null;
  email: string | null;
  fullName: string | null;
}

export interface ReuseRow {
  id: string;
  at: string;
  ip: string | null;
  userId: string | null;
  email: string | null;
  fullName: string | null;
}

/** Monitoring › Sign-in security: what the audit trail says about locks and failed sign-ins. */
export class SecurityRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Locks and lock-ending events at or after `since`, oldest first. */
  async lockTrailSince(since: string): Promise<LockTrailRow[]> {
    return this.db
      .selectFrom('audit_events')
      .leftJoin('users', 'users.id', 'audit_events.target_id')
      .where('audit_events.action', 'in', ['auth.locked_out', ...LOCK_ENDING_ACTIONS])
      .where('audit_events.at', '>=', since)
      .select([
        'audit_events.at',
        'audit_events.action',
        'audit_events.target_id as targetId',
        'audit_events.details',
        'users.email',
        'users.full_name as fullName',
      ])
      .orderBy('audit_events.at', 'asc')
      .orderBy('audit_events.id', 'asc')
      .execute();
  }

  /** Failed sign-ins counted per interval, in one query. */
  async countFailedSignIns(intervals: readonly Interval[]): Promise<number[]> {
    if (intervals.length === 0) return [];
    const row = await this.db
      .selectFrom('audit_events')
      .where('action', '=', 'auth.login_failed')
      .where('at', '>=', intervals[0]!.start)
      .where('at', '<', intervals[intervals.length - 1]!.end)
      .select(countPerInterval('at', intervals))
      .executeTakeFirstOrThrow();
    return intervalCounts(row, intervals);
  }

  /** The latest refresh-token reuse detections, newest first. */
  async latestReuses(limit: number): Promise<ReuseRow[]> {
    return this.db
      .selectFrom('audit_events')
      .leftJoin('users', 'users.id', 'audit_events.target_id')
      .where('audit_events.action', '=', 'auth.refresh_token_reused')
      .select([
        'audit_events.id',
        'audit_events.at',
        'audit_events.ip',
        'audit_events.target_id as userId',
        'users.email',
        'users.full_name as fullName',
      ])
      .orderBy('audit_events.at', 'desc')
      .orderBy('audit_events.id', 'desc')
      .limit(limit)
      .execute();
  }
}
