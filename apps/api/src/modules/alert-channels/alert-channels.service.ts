import { randomBytes } from 'node:crypto';
import {
  ALERT_CHANNEL_MESSAGES,
  type AlertChannel,
  type AlertChannelAudience,
  type AlertChannelKind,
  type AlertChannelRecipients,
  type CreateAlertChannelInput,
  type CreatedAlertChannel,
  type ListWebhookDeliveriesQuery,
  type Paginated,
  type Position,
  type UpdateAlertChannelInput,
  type WebhookDelivery,
  type WebhookDeliveryState,
  type WebhookFormat,
} from '@staff-admin/shared';
import { toIso, type Clock } from '../../lib/clock.js';
import { invalid, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { pageOffset, paginationMeta } from '../../lib/pagination.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepository } from '../audit/index.js';
import type { AccountMails, MailOutboxRepository } from '../mail/index.js';
import type { AlertDelivery, AlertNotice } from './alert-delivery.js';
import type {
  AlertChannelRow,
  AlertChannelsRepository,
  DeliveryRow,
} from './alert-channels.repository.js';
import { refuseWebhookAddress, type ResolveAll } from './webhook-address.js';

/** What a channel change and a delivery write through, in one transaction. */
export interface AlertChannelsTransaction {
  alertChannels: AlertChannelsRepository;
  mailOutbox: MailOutboxRepository;
  audit: AuditRepository;
}

/** Who acts: their id and position (a finance user reaches budget channels only). */
export interface ChannelActor {
  userId: string;
  position: Position;
}

export interface AlertChannelsDeps {
  repository: AlertChannelsRepository;
  unitOfWork: UnitOfWork<AlertChannelsTransaction>;
  mails: AccountMails;
  /** Seals the webhooks' signing secrets. */
  box: SealedBox;
  /** Wakes this process's webhook worker once a delivery is queued. */
  wakeWebhookWorker: () => void;
  /** ALERT_WEBHOOK_ALLOW_PRIVATE: webhooks may point at internal addresses (tests, labs). */
  allowPrivate: boolean;
  /** The site's address, for the test notice's link. */
  appUrl: string;
  clock: Clock;
  /** How host names are resolved for the SSRF check (the system resolver unless given). */
  resolve?: ResolveAll;
}

/** `whsec_` and the base64 of 32 random bytes: the Standard Webhooks secret format. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const audienceOf = (row: AlertChannelRow) => row.audience as AlertChannelAudience;

/** A finance user sees and uses budget channels only; admins every channel. */
function mayUse(actor: { role: string }, row: AlertChannelRow): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'finance' && audienceOf(row) === 'budget';
}

function recipientsOf(row: AlertChannelRow): AlertChannelRecipients | null {
  if (row.recipients === null) return null;
  const parsed = JSON.parse(row.recipients) as Partial<AlertChannelRecipients>;
  return { userIds: parsed.userIds ?? [], roles: parsed.roles ?? [] };
}

function deliveryState(row: DeliveryRow): WebhookDeliveryState {
  if (row.delivered_at) return 'delivered';
  if (row.failed_at) return 'failed';
  return row.attempts > 0 ? 'retrying' : 'queued';
}

/** The webhook body for a channel's format: the notice itself, or a Slack-compatible message. */
export function webhookBody(format: WebhookFormat, notice: AlertNotice): string {
  if (format === 'slack') {
    const text = `${notice.summary} ${notice.link}`;
    return JSON.stringify({
      text,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `*${notice.summary}*` } },
        {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: `${notice.type} · <${notice.link}|Open the alert>` }],
        },
      ],
    });
  }
  return JSON.stringify(notice);
}

/**
 * Alert channels: the admins' (and finance's budget) list, changes (audited), "Send a test", the
 * webhook delivery log, and the delivery face other modules send notices through.
 */
export class AlertChannelsService implements AlertDelivery {
  constructor(private readonly deps: AlertChannelsDeps) {}

  private now(): string {
    return toIso(this.deps.clock.now());
  }

  async list(actor: ChannelActor): Promise<AlertChannel[]> {
    const rows = await this.deps.repository.list(actor.position === 'admin' ? undefined : 'budget');
    return this.present(rows);
  }

  async get(actor: ChannelActor, id: string): Promise<AlertChannel> {
    const [channel] = await this.present([await this.find(actor, id)]);
    return channel!;
  }

  async create(
    actor: ChannelActor,
    input: CreateAlertChannelInput,
    origin: RequestOrigin,
  ): Promise<CreatedAlertChannel> {
    const audience = this.audienceFor(actor, input.audience, 'all');
    const now = this.now();
    const id = newId();
    let secret: string | undefined;
    if (input.kind === 'webhook') {
      await this.checkUrl(input.url!);
      secret = newWebhookSecret();
    } else {
      await this.checkRecipients(input.recipients!);
    }
    const row: AlertChannelRow = {
      id,
      kind: input.kind,
      name: input.name,
      audience,
      url: input.kind === 'webhook' ? input.url! : null,
      format: input.kind === 'webhook' ? (input.format ?? 'standard') : null,
      secret: secret ? this.deps.box.seal(secret) : null,
      recipients: input.kind === 'email' ? JSON.stringify(input.recipients) : null,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    };
    await this.deps.unitOfWork.run(async ({ repos }) => {
      await repos.alertChannels.insert(row);
      await repos.audit.record({
        action: 'alert_channel.created',
        actorId: actor.userId,
        targetId: id,
        origin,
        details: { kind: row.kind, name: row.name, audience, ...this.auditTarget(row) },
      });
    });
    const channel = await this.get(actor, id);
    return secret ? { ...channel, secret } : channel;
  }

  async update(
    actor: ChannelActor,
    id: string,
    input: UpdateAlertChannelInput,
    origin: RequestOrigin,
  ): Promise<AlertChannel> {
    const row = await this.find(actor, id);
    const kind = row.kind as AlertChannelKind;
    if (Object.keys(input).length === 0) throw invalid(ALERT_CHANNEL_MESSAGES.nothingToChange);
    if (kind === 'email') {
      if (input.url !== undefined) {
        throw invalid(ALERT_CHANNEL_MESSAGES.urlNotForEmail, {
          url: ALERT_CHANNEL_MESSAGES.urlNotForEmail,
        });
      }
      if (input.format !== undefined) {
        throw invalid(ALERT_CHANNEL_MESSAGES.formatNotForEmail, {
          format: ALERT_CHANNEL_MESSAGES.formatNotForEmail,
        });
      }
      if (input.recipients !== undefined) {
        if (input.recipients.userIds.length + input.recipients.roles.length === 0) {
          throw invalid(ALERT_CHANNEL_MESSAGES.recipientsRequired, {
            recipients: ALERT_CHANNEL_MESSAGES.recipientsRequired,
          });
        }
        await this.checkRecipients(input.recipients);
      }
    } else {
      if (input.recipients !== undefined) {
        throw invalid(ALERT_CHANNEL_MESSAGES.recipientsNotForWebhook, {
          recipients: ALERT_CHANNEL_MESSAGES.recipientsNotForWebhook,
        });
      }
      if (input.url !== undefined) await this.checkUrl(input.url);
    }
    const audience =
      input.audience === undefined
        ? audienceOf(row)
        : this.audienceFor(actor, input.audience, 'all');
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.format !== undefined ? { format: input.format } : {}),
      ...(input.recipients !== undefined ? { recipients: JSON.stringify(input.recipients) } : {}),
      audience,
      updated_at: this.now(),
    };
    await this.deps.unitOfWork.run(async ({ repos }) => {
      if (!(await repos.alertChannels.update(row.id, changes))) {
        throw notFound(ALERT_CHANNEL_MESSAGES.channelNotFound);
      }
      await repos.audit.record({
        action: 'alert_channel.updated',
        actorId: actor.userId,
        targetId: row.id,
        origin,
        details: { kind, name: changes.name ?? row.name, changed: Object.keys(input).sort() },
      });
    });
    return this.get(actor, row.id);
  }

  async delete(actor: ChannelActor, id: string, origin: RequestOrigin): Promise<void> {
    const row = await this.find(actor, id);
    await this.deps.unitOfWork.run(async ({ repos }) => {
      if (!(await repos.alertChannels.delete(row.id))) {
        throw notFound(ALERT_CHANNEL_MESSAGES.channelNotFound);
      }
      await repos.audit.record({
        action: 'alert_channel.deleted',
        actorId: actor.userId,
        targetId: row.id,
        origin,
        details: { kind: row.kind, name: row.name },
      });
    });
  }

  /** Queues a `test.fired` notice on the channel. */
  async sendTest(actor: ChannelActor, id: string): Promise<{ channelId: string; type: string }> {
    const row = await this.find(actor, id);
    const notice: AlertNotice = {
      type: 'test.fired',
      incidentId: newId(),
      rule: { id: 'test', name: 'Test alert' },
      occurredAt: this.now(),
      summary: `Test alert: the channel "${row.name}" works`,
      link: `${this.deps.appUrl}/monitoring/alerts/channels`,
      data: { channel: row.name, sentBy: actor.userId },
    };
    await this.deliverTo([row], notice);
    return { channelId: row.id, type: notice.type };
  }

  async deliveries(
    actor: ChannelActor,
    id: string,
    query: ListWebhookDeliveriesQuery,
  ): Promise<Paginated<WebhookDelivery>> {
    const row = await this.find(actor, id);
    const { rows, total } = await this.deps.repository.deliveriesPage(row.id, {
      offset: pageOffset(query.page, query.limitPerPage),
      limit: query.limitPerPage,
    });
    return {
      data: rows.map((delivery) => {
        const state = deliveryState(delivery);
        return {
          id: delivery.id,
          type: delivery.type,
          state,
          attempts: delivery.attemptsLog.map((attempt) => ({
            at: attempt.at,
            statusCode: attempt.status_code,
            durationMs: attempt.duration_ms,
            error: attempt.error,
          })),
          createdAt: delivery.created_at,
          nextAttemptAt:
            state === 'queued' || state === 'retrying' ? delivery.next_attempt_at : null,
          deliveredAt: delivery.delivered_at,
          failedAt: delivery.failed_at,
        };
      }),
      meta: paginationMeta(query.page, query.limitPerPage, total),
    };
  }

  // The delivery face (AlertDelivery).

  async deliver(channelIds: readonly string[], notice: AlertNotice): Promise<void> {
    const ids = [...new Set(channelIds.filter(isUuid).map((id) => id.toLowerCase()))];
    await this.deliverTo(await this.deps.repository.findByIds(ids), notice);
  }

  async unusable(channelIds: readonly string[], actor: { role: string }): Promise<string[]> {
    const valid = channelIds.filter(isUuid).map((id) => id.toLowerCase());
    const rows = await this.deps.repository.findByIds([...new Set(valid)]);
    const usable = new Set(rows.filter((row) => mayUse(actor, row)).map((row) => row.id));
    return channelIds.filter((id) => !usable.has(id.toLowerCase()));
  }

  /**
   * One transaction: a webhook delivery per webhook channel, a mail per active recipient of each
   * email channel (roles resolved now). The webhook worker is woken after the commit.
   */
  private async deliverTo(rows: readonly AlertChannelRow[], notice: AlertNotice): Promise<void> {
    if (rows.length === 0) return;
    await this.deps.unitOfWork.run(async (scope) => {
      const now = this.now();
      let webhooks = 0;
      for (const row of rows) {
        if (row.kind === 'webhook') {
          await scope.repos.alertChannels.insertDelivery({
            id: newId(),
            channel_id: row.id,
            type: notice.type,
            body: webhookBody((row.format ?? 'standard') as WebhookFormat, notice),
            created_at: now,
            next_attempt_at: now,
          });
          webhooks += 1;
          continue;
        }
        const recipients = recipientsOf(row);
        if (!recipients) continue;
        const people = await scope.repos.alertChannels.activeRecipients(
          recipients.userIds,
          recipients.roles,
        );
        for (const person of people) {
          await this.deps.mails.alert(scope, person, {
            summary: notice.summary,
            occurredAt: new Date(notice.occurredAt),
            data: notice.data,
            link: notice.link,
          });
        }
      }
      if (webhooks > 0) scope.afterCommit(this.deps.wakeWebhookWorker);
    });
  }

  private async find(actor: ChannelActor, id: string): Promise<AlertChannelRow> {
    const row = isUuid(id) ? await this.deps.repository.findById(id.toLowerCase()) : undefined;
    // A channel finance may not use is, to them, no channel at all.
    if (!row || !mayUse({ role: actor.position }, row)) {
      throw notFound(ALERT_CHANNEL_MESSAGES.channelNotFound);
    }
    return row;
  }

  /** Finance's channels are budget channels; admins choose (default `fallback`). */
  private audienceFor(
    actor: ChannelActor,
    asked: AlertChannelAudience | undefined,
    fallback: AlertChannelAudience,
  ): AlertChannelAudience {
    if (actor.position === 'admin') return asked ?? fallback;
    if (asked !== undefined && asked !== 'budget') {
      throw invalid(ALERT_CHANNEL_MESSAGES.audienceNotAllowed, {
        audience: ALERT_CHANNEL_MESSAGES.audienceNotAllowed,
      });
    }
    return 'budget';
  }

  /** The SSRF rule at save time (the worker checks again at every attempt). */
  private async checkUrl(url: string): Promise<void> {
    if (this.deps.allowPrivate) return;
    const refusal = await refuseWebhookAddress(new URL(url), this.deps.resolve);
    if (refusal) {
      const message =
        refusal === 'private'
          ? ALERT_CHANNEL_MESSAGES.urlPrivate
          : ALERT_CHANNEL_MESSAGES.urlUnresolvable;
      throw invalid(message, { url: message });
    }
  }

  private async checkRecipients(recipients: AlertChannelRecipients): Promise<void> {
    const known = await this.deps.repository.existingUserIds(recipients.userIds);
    if (recipients.userIds.some((id) => !known.has(id))) {
      throw invalid(ALERT_CHANNEL_MESSAGES.recipientUnknown, {
        'recipients.userIds': ALERT_CHANNEL_MESSAGES.recipientUnknown,
      });
    }
  }

  /** What the audit trail keeps of where a channel sends: the webhook's host, never its path. */
  private auditTarget(row: AlertChannelRow): Record<string, unknown> {
    if (row.url) return { host: new URL(row.url).host, format: row.format };
    return { recipients: recipientsOf(row) };
  }

  private async present(rows: readonly AlertChannelRow[]): Promise<AlertChannel[]> {
    const last = await this.deps.repository.lastDeliveries(
      rows.filter((row) => row.kind === 'webhook').map((row) => row.id),
    );
    return rows.map((row) => {
      const delivery = last.get(row.id);
      return {
        id: row.id,
        kind: row.kind as AlertChannelKind,
        name: row.name,
        audience: audienceOf(row),
        url: row.url,
        format: row.format as WebhookFormat | null,
        recipients: recipientsOf(row),
        lastDelivery: delivery
          ? {
              state: deliveryState(delivery),
              at: delivery.created_at,
              statusCode: delivery.statusCode,
            }
          : null,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    });
  }
}
