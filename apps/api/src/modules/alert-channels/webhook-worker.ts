import type { FastifyBaseLogger } from 'fastify';
import { classifyDependencyFailure, OutageLog } from '../../lib/dependency-failure.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
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
const STOP_GRACE_MS = 5_000;

/** Delay before attempt `failures + 1`: base, 2×base, 4×base … capped. */
export function webhookRetryDelayMs(failures: number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(WEBHOOK_RETRY_BASE_MS * 2 ** exponent, WEBHOOK_RETRY_MAX_MS);
}

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
export class WebhookWorker {
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeRequested = false;
  private wakeSleeper: (() => void) | undefined;
  private readonly abort = new AbortController();
  private passes = 0;
  private passing = false;
  private passWaiters: { target: number; resolve: () => void }[] = [];
  private readonly outages: OutageLog;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.outages = new OutageLog(options.clock);
  }

  start(): void {
    if (this.loop || this.stopping) return;
    this.loop = this.run();
  }

  /**
   * Resolves once a look at the outbox that started after this call has finished: what was due
   * then has been attempted. Tests move the clock, then wait for a pass.
   */
  nextPass(): Promise<void> {
    const target = this.passes + (this.passing ? 2 : 1);
    const passed = new Promise<void>((resolve) => this.passWaiters.push({ target, resolve }));
    this.notify();
    return passed;
  }

  notify(): void {
    this.wakeRequested = true;
    this.wakeSleeper?.();
  }

  /** Stops after the delivery in hand; one still running after the grace period is aborted. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeSleeper?.();
    if (!this.loop) return;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.loop.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), STOP_GRACE_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!finished) {
      this.abort.abort(new Error('webhook worker stopping'));
      await this.loop;
    }
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.wakeRequested = false;
      this.passing = true;
      try {
        await this.drain();
      } catch (error) {
        const failure = classifyDependencyFailure(error);
        if (failure)
          this.outages.report(failure, error, this.options.log, 'webhooks wait in the outbox');
        else this.options.log.error({ err: error }, 'webhook worker: cannot read the outbox');
      }
      this.passing = false;
      this.passes += 1;
      const done = this.passWaiters.filter((waiter) => waiter.target <= this.passes);
      this.passWaiters = this.passWaiters.filter((waiter) => waiter.target > this.passes);
      for (const waiter of done) waiter.resolve();
      if (!this.stopping && !this.wakeRequested) await this.sleep(POLL_INTERVAL_MS);
    }
  }

  private async drain(): Promise<void> {
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

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }
}
