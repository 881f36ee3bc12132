import type { FastifyBaseLogger } from 'fastify';
import { toIso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { OutboxWorker, retryDelayMs } from '../../lib/outbox-worker.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import type { AlertChannelsRepository, ClaimedDelivery } from './alert-channels.repository.js';
import { WEBHOOK_TIMEOUT_MS, type WebhookSender } from './webhook-sender.js';

/** A delivery is given up after this many failed attempts. */
export const WEBHOOK_MAX_ATTEMPTS = 6;
/** First retry after 30 s, then 1, 2, 4, 8 minutes… capped at an hour. */
export const WEBHOOK_RETRY_BASE_MS = 30_000;
export const WEBHOOK_RETRY_MAX_MS = 60 * 60_000;
/** How long a claimed delivery stays reserved for one worker (well over one attempt's timeout). */
export const WEBHOOK_LEASE_MS = 6 * WEBHOOK_TIMEOUT_MS;
/** How often the worker looks for due deliveries when nothing woke it. */
const POLL_INTERVAL_MS = 2_000;

/** Delay before attempt `failures + 1`: 30 s, 1 minute, 2 minutes … capped at an hour. */
export const webhookRetryDelayMs = (failures: number): number =>
  retryDelayMs(failures, WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_MS);

export interface WebhookWorkerOptions {
  repository: AlertChannelsRepository;
  /** Opens the channels' sealed signing secrets. */
  box: SealedBox;
  send: WebhookSender;
  log: FastifyBaseLogger;
  clock: Clock;
}

/**
 * Sends what the webhook outbox holds, like the mail worker: claim a due delivery (a lease), sign
 * it (Standard Webhooks: `webhook-id` is the delivery's id, stable across retries), post it, log the
 * attempt; a failure is retried with exponential backoff until WEBHOOK_MAX_ATTEMPTS, then given up.
 * Woken when a notice is queued in this process; otherwise it polls (other processes' deliveries,
 * retries that came due). Several processes may run one each against one database.
 */
export class WebhookWorker extends OutboxWorker {
  constructor(private readonly options: WebhookWorkerOptions) {
    super({
      name: 'webhook worker',
      waiting: 'webhooks wait in the outbox',
      pollIntervalMs: POLL_INTERVAL_MS,
      log: options.log,
      clock: options.clock,
    });
  }

  protected async drain(): Promise<void> {
    const { repository, clock } = this.options;
    while (!this.stopping) {
      const now = clock.now();
      const delivery = await repository.claimNext({
        now: toIso(now),
        claimId: newId(),
        leaseUntil: toIso(now + WEBHOOK_LEASE_MS),
      });
      if (!delivery) return;
      if (this.stopping) {
        await repository.release(delivery.id, delivery.claimId);
        return;
      }
      await this.attempt(delivery);
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { repository, box, clock, log } = this.options;
    const startedAt = clock.now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const channel = await repository.findById(delivery.channel_id);
      if (!channel?.url || !channel.secret) throw new Error('the channel has no URL or secret');
      const secret = box.open(channel.secret);
      const timestamp = new Date(startedAt);
      // Loaded at the first delivery: a server with no webhook channel never holds it.
      const { Webhook } = await import('standardwebhooks');
      const signature = new Webhook(secret).sign(delivery.id, timestamp, delivery.body);
      const answer = await this.options.send(
        {
          url: channel.url,
          headers: {
            'webhook-id': delivery.id,
            'webhook-timestamp': String(Math.floor(startedAt / 1000)),
            'webhook-signature': signature,
          },
          body: delivery.body,
        },
        this.abort.signal,
      );
      statusCode = answer.statusCode;
      if (statusCode < 200 || statusCode >= 300) {
        error = `HTTP ${statusCode}${answer.snippet ? `: ${answer.snippet}` : ''}`;
      }
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const durationMs = performance.now() - started;
    const now = clock.now();
    const failures = delivery.attempts + 1;
    const giveUp = error !== null && failures >= WEBHOOK_MAX_ATTEMPTS;
    const recorded = await repository.finishAttempt(
      delivery,
      { at: toIso(startedAt), statusCode, durationMs, error },
      error === null
        ? { deliveredAt: toIso(now) }
        : {
            nextAttemptAt: toIso(now + webhookRetryDelayMs(failures)),
            failedAt: giveUp ? toIso(now) : null,
          },
    );
    const context = { deliveryId: delivery.id, channelId: delivery.channel_id, statusCode };
    if (!recorded) log.error(context, 'webhook attempted after its claim expired');
    else if (error === null) log.info(context, 'webhook delivered');
    else if (giveUp) log.error({ ...context, error, attempts: failures }, 'webhook given up');
    else log.warn({ ...context, error, attempts: failures }, 'webhook not delivered: will retry');
  }
}
