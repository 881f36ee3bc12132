import type { AuditPerson } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import { countPerInterval, intervalCounts, type Interval } from '../../db/interval-counts.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { auditRow, type AuditAction, type AuditEntry } from './audit-events.js';

export interface AuditFilter {
  actorId?: string;
  targetId?: string;
  action?: AuditAction;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

export interface AuditEventRow {
  id: string;
  at: string;
  action: string;
  actorId: string | null;
  actorName: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: string | null;
}

/** An event's columns as AuditEventRow names them. */
const EVENT_COLUMNS = [
  'id',
  'at',
  'action',
  'actor_id as actorId',
  'actor_name as actorName',
  'target_id as targetId',
  'ip',
  'user_agent as userAgent',
  'details',
] as const;

/** An event with its actor and target as the users they are now (null: no such user). */
export interface AuditTrailRow extends AuditEventRow {
  actor: AuditPerson | null;
  target: AuditPerson | null;
}

/** An event with the account it names, as that account is now (email null: none, or gone). */
export interface AuditTargetRow {
  id: string;
  at: string;
  action: string;
  targetId: string | null;
  ip: string | null;
  details: string | null;
  email: string | null;
  fullName: string | null;
}

/** The audit trail: appended to (inside the caller's transaction when bound to one) and read. */
export class AuditRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.insertInto('audit_events').values(auditRow(entry, this.clock.now())).execute();
  }

  /**
   * One page, newest first, and the number of matches: all of them, or with `countUpTo` at most
   * that many plus one (so that the caller can tell "more than"), which reads at most that many
   * index entries however long the trail is.
   */
  async findPage(
    filter: AuditFilter,
    { offset, limit, countUpTo }: { offset: number; limit: number; countUpTo?: number },
  ): Promise<{ events: AuditTrailRow[]; total: number }> {
    let query = this.db.selectFrom('audit_events');
    if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
    if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.from) query = query.where('at', '>=', filter.from);
    if (filter.to) query = query.where('at', '<=', filter.to);

    const matches = query.select('id');
    const counted = countUpTo === undefined ? matches : matches.limit(countUpTo + 1);
    const { total } = await this.db
      .selectFrom(counted.as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const events = await query
      .select(EVENT_COLUMNS)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const people = await this.findPeople(
      events.flatMap((event) => [event.actorId, event.targetId]),
    );
    const person = (id: string | null) => (id === null ? null : (people.get(id) ?? null));
    return {
      events: events.map((event) => ({
        ...event,
        actor: person(event.actorId),
        target: person(event.targetId),
      })),
      total: Number(total),
    };
  }

  /**
   * The users among `ids` (actors and targets of a page), by id. A second query rather than a
   * join: a page holds at most 100 events, and the trail's index walk stays as it is.
   */
  private async findPeople(ids: (string | null)[]): Promise<Map<string, AuditPerson>> {
    const wanted = [...new Set(ids.filter((id) => id !== null))];
    if (wanted.length === 0) return new Map();
    const users = await this.db
      .selectFrom('users')
      .select(['id', 'full_name as fullName', 'email'])
      .where('id', 'in', wanted)
      .execute();
    return new Map(users.map((user) => [user.id, user]));
  }

  /** Every event where the user is the actor or the target, oldest first (their own data). */
  findInvolving(userId: string): Promise<AuditEventRow[]> {
    return this.db
      .selectFrom('audit_events')
      .select(EVENT_COLUMNS)
      .where((eb) => eb.or([eb('actor_id', '=', userId), eb('target_id', '=', userId)]))
      .orderBy('at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /**
   * An expired account leaves only an anonymous id behind: wherever it was actor or target, the id
   * is replaced, and the IP and user agent of what it did (or of what was done without another
   * user acting, such as a failed login to it) are dropped.
   */
  async anonymize(userId: string, anonymousId: string): Promise<void> {
    await this.db
      .updateTable('audit_events')
      .set({ actor_id: anonymousId, ip: null, user_agent: null })
      .where('actor_id', '=', userId)
      .execute();
    await this.db
      .updateTable('audit_events')
      .set({ target_id: anonymousId, ip: null, user_agent: null })
      .where('target_id', '=', userId)
      .where((eb) => eb.or([eb('actor_id', 'is', null), eb('actor_id', '=', anonymousId)]))
      .execute();
    await this.db
      .updateTable('audit_events')
      .set({ target_id: anonymousId })
      .where('target_id', '=', userId)
      .execute();
  }

  // What Monitoring reads of the trail (Overview, Sign-in security, metrics)

  /** Events of `actions` at or after `since`, oldest first. */
  async eventsSince(actions: readonly AuditAction[], since: string): Promise<AuditTargetRow[]> {
    return this.withTargets()
      .where('audit_events.action', 'in', actions)
      .where('audit_events.at', '>=', since)
      .orderBy('audit_events.at', 'asc')
      .orderBy('audit_events.id', 'asc')
      .execute();
  }

  /** The latest `limit` events of `action`, newest first. */
  async latestEvents(action: AuditAction, limit: number): Promise<AuditTargetRow[]> {
    return this.withTargets()
      .where('audit_events.action', '=', action)
      .orderBy('audit_events.at', 'desc')
      .orderBy('audit_events.id', 'desc')
      .limit(limit)
      .execute();
  }

  private withTargets() {
    return this.db
      .selectFrom('audit_events')
      .leftJoin('users', 'users.id', 'audit_events.target_id')
      .select([
        'audit_events.id',
        'audit_events.at',
        'audit_events.action',
        'audit_events.target_id as targetId',
        'audit_events.ip',
        'audit_events.details',
        'users.email',
        'users.full_name as fullName',
      ]);
  }

  /** Events of one action counted per interval, in one query. */
  async countPerInterval(action: AuditAction, intervals: readonly Interval[]): Promise<number[]> {
    if (intervals.length === 0) return [];
    const row = await this.db
      .selectFrom('audit_events')
      .where('action', '=', action)
      .where('at', '>=', intervals[0]!.start)
      .where('at', '<', intervals.at(-1)!.end)
      .select(countPerInterval('at', intervals))
      .executeTakeFirstOrThrow();
    return intervalCounts(row, intervals);
  }

  /** Events since `since` (ISO), counted by action. */
  async countByActionSince(since: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('audit_events')
      .select(['action', (eb) => eb.fn.countAll<number>().as('count')])
      .where('at', '>=', since)
      .groupBy('action')
      .execute();
    return new Map(rows.map((row) => [row.action, Number(row.count)]));
  }
}
