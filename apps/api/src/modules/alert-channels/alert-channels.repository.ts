import type { Position } from '@staff-admin/shared';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DbEngine } from '../../db/database.js';
import type {
  AlertChannelsTable,
  DB,
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptsTable,
} from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export type AlertChannelRow = AlertChannelsTable;

/** A webhook delivery reserved for one worker until its lease ends. */
export interface ClaimedDelivery {
  id: string;
  claimId: string;
  channel_id: string;
  body: string;
  attempts: number;
}

export interface DeliveryRow {
  id: string;
  type: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  delivered_at: string | null;
  failed_at: string | null;
}

export type AttemptRow = WebhookDeliveryAttemptsTable;

/** Longest error text kept per attempt. */
const ERROR_MAX_LENGTH = 1_000;

/** All SQL of alert channels and the webhook outbox (the module owns these three tables). */
export class AlertChannelsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: DbEngine,
  ) {}

  async insert(row: Insertable<AlertChannelsTable>): Promise<void> {
    await this.db.insertInto('alert_channels').values(row).execute();
  }

  findById(id: string): Promise<AlertChannelRow | undefined> {
    return this.db.selectFrom('alert_channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByIds(ids: readonly string[]): Promise<AlertChannelRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('alert_channels')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Every channel (or only one audience's), by name. */
  list(audience?: string): Promise<AlertChannelRow[]> {
    let query = this.db.selectFrom('alert_channels').selectAll();
    if (audience) query = query.where('audience', '=', audience);
    return query.orderBy('name').orderBy('id').execute();
  }

  async update(id: string, changes: Updateable<AlertChannelsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('alert_channels')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('alert_channels')
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  /** The ids among these that name users (any status). */
  async existingUserIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Active staff named by id or holding one of the roles, each once. */
  activeRecipients(
    userIds: readonly string[],
    roles: readonly Position[],
  ): Promise<{ id: string; email: string; fullName: string | null }[]> {
    if (userIds.length === 0 && roles.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'full_name as fullName'])
      .where('status', '=', 'active')
      .where((eb) =>
        eb.or([
          ...(userIds.length > 0 ? [eb('id', 'in', [...userIds])] : []),
          ...(roles.length > 0 ? [eb('position', 'in', [...roles])] : []),
        ]),
      )
      .orderBy('email')
      .execute();
  }

  async insertDelivery(row: Insertable<WebhookDeliveriesTable>): Promise<void> {
    await this.db.insertInto('webhook_deliveries').values(row).execute();
  }

  /**
   * Reserves the oldest due delivery in one statement, so two workers never hold the same row (as
   * the mail outbox does: an UPDATE on SQLite, `FOR UPDATE SKIP LOCKED` on PostgreSQL, and a poll
   * that finds nothing due only reads). A claim whose lease ran out (a process that died mid-send)
   * is due again.
   */
  async claimNext(request: {
    now: string;
    claimId: string;
    leaseUntil: string;
  }): Promise<ClaimedDelivery | undefined> {
    const { now, claimId, leaseUntil } = request;
    let due = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .limit(1);
    if (!(await due.executeTakeFirst())) return undefined; // an idle poll only reads
    if (this.engine === 'postgres') due = due.forUpdate().skipLocked();
    const row = await this.db
      .updateTable('webhook_deliveries')
      .set({ claim_id: claimId, claimed_until: leaseUntil })
      .where('id', 'in', due)
      .returning(['id', 'channel_id', 'body', 'attempts'])
      .executeTakeFirst();
    return row && { ...row, claimId };
  }

  /**
   * Records one attempt and its outcome, if the claim still holds: delivered, or failed with the
   * next try's time (or given up). False when another worker took the row meanwhile.
   */
  async finishAttempt(
    delivery: { id: string; claimId: string },
    attempt: { at: string; statusCode: number | null; durationMs: number; error: string | null },
    outcome: { deliveredAt: string } | { nextAttemptAt: string; failedAt: string | null },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          claim_id: null,
          claimed_until: null,
          ...('deliveredAt' in outcome
            ? { delivered_at: outcome.deliveredAt }
            : { next_attempt_at: outcome.nextAttemptAt, failed_at: outcome.failedAt }),
        }))
        .where('id', '=', delivery.id)
        .where('claim_id', '=', delivery.claimId)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      await trx
        .insertInto('webhook_delivery_attempts')
        .values({
          id: newId(),
          delivery_id: delivery.id,
          at: attempt.at,
          status_code: attempt.statusCode,
          duration_ms: Math.max(0, Math.round(attempt.durationMs)),
          error: attempt.error?.slice(0, ERROR_MAX_LENGTH) ?? null,
        })
        .execute();
      return true;
    });
  }

  /** Gives a claimed delivery back at once (a worker stopping before it sent it). */
  async release(id: string, claimId: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ claim_id: null, claimed_until: null })
      .where('id', '=', id)
      .where('claim_id', '=', claimId)
      .execute();
  }

  /** A channel's deliveries, newest first, with their attempts (oldest first). */
  async deliveriesPage(
    channelId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: (DeliveryRow & { attemptsLog: AttemptRow[] })[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('webhook_deliveries')
        .select([
          'id',
          'type',
          'created_at',
          'attempts',
          'next_attempt_at',
          'delivered_at',
          'failed_at',
        ])
        .where('channel_id', '=', channelId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .where('channel_id', '=', channelId)
        .executeTakeFirstOrThrow(),
    ]);
    const attempts =
      rows.length === 0
        ? []
        : await this.db
            .selectFrom('webhook_delivery_attempts')
            .selectAll()
            .where(
              'delivery_id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('at')
            .orderBy('id')
            .execute();
    return {
      rows: rows.map((row) => ({
        ...row,
        attemptsLog: attempts.filter((attempt) => attempt.delivery_id === row.id),
      })),
      total: Number(count.total),
    };
  }

  /** Each channel's newest delivery and that delivery's last attempt's status. */
  async lastDeliveries(
    channelIds: readonly string[],
  ): Promise<Map<string, DeliveryRow & { statusCode: number | null }>> {
    const result = new Map<string, DeliveryRow & { statusCode: number | null }>();
    if (channelIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('webhook_deliveries as d')
      .select([
        'd.id',
        'd.channel_id',
        'd.type',
        'd.created_at',
        'd.attempts',
        'd.next_attempt_at',
        'd.delivered_at',
        'd.failed_at',
      ])
      .select((eb) =>
        eb
          .selectFrom('webhook_delivery_attempts as a')
          .select('a.status_code')
          .whereRef('a.delivery_id', '=', 'd.id')
          .orderBy('a.at', 'desc')
          .limit(1)
          .as('statusCode'),
      )
      .where('d.channel_id', 'in', [...channelIds])
      .where((eb) =>
        eb(
          'd.created_at',
          '=',
          eb
            .selectFrom('webhook_deliveries as newest')
            .select((inner) => inner.fn.max('newest.created_at').as('max'))
            .whereRef('newest.channel_id', '=', 'd.channel_id'),
        ),
      )
      .execute();
    for (const row of rows) {
      if (!result.has(row.channel_id)) {
        result.set(row.channel_id, { ...row, statusCode: row.statusCode ?? null });
      }
    }
    return result;
  }
}
