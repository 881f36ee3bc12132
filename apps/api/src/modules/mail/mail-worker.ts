import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config/env.js';
import { classifyDependencyFailure, OutageLog } from '../../lib/dependency-failure.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import type { ClaimedMail, MailOutboxRepository } from './mail-outbox.repository.js';
import { openMailBody } from './mail-outbox.js';
import type { MailTransport } from './smtp-transport.js';

/** How long `stop()` lets a send in flight finish before aborting it (unless told otherwise). */
const STOP_GRACE_MS = 5_000;

/** Delay before attempt `failures + 1`: base, 2×base, 4×base … capped at `maxMs`. */
export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(baseMs * 2 ** exponent, maxMs);
}

/** The relay refused the mail for good (an SMTP 5xx reply, e.g. 550 no such mailbox). */
function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface MailWorkerOptions {
  repository: MailOutboxRepository;
  box: SealedBox;
  /** Undefined without SMTP_URL: mail is then logged once and stays in the outbox. */
  transport: MailTransport | undefined;
  config: Pick<
    MailConfig,
    | 'from'
    | 'pollIntervalMs'
    | 'retryBaseMs'
    | 'retryMaxMs'
    | 'leaseMs'
    | 'maxAttempts'
    | 'maxAgeMs'
  >;
  log: FastifyBaseLogger;
  clock: Clock;
  stopGraceMs?: number;
  /** Told once a mail carrying a one-time link has gone out (sent, or logged without SMTP). */
  onLinkDelivered?: (tokenId: string) => Promise<void>;
}

/**
 * Sends what the outbox holds. One mail at a time: claim it (a lease), send it, mark it sent; a
 * failed send is recorded and retried with exponential backoff, until the relay refuses it for
 * good (5xx) or MAIL_MAX_ATTEMPTS or MAIL_MAX_AGE runs out: then it is marked failed (a dead
 * letter, kept with its error) and never retried. It wakes when a mail is enqueued
 * in this process and otherwise polls, which also picks up mail enqueued by other processes and
 * retries that came due. Several workers (processes) may run against one database.
 */
export class MailWorker {
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeRequested = false;
  private wakeSleeper: (() => void) | undefined;
  private readonly abort = new AbortController();
  /** Looks at the outbox finished so far, whether one is under way, and who waits for one. */
  private passes = 0;
  private passing = false;
  private passWaiters: { target: number; resolve: () => void }[] = [];

  /** A database outage is logged once, not at every poll. */
  private readonly outages: OutageLog;

  constructor(private readonly options: MailWorkerOptions) {
    this.outages = new OutageLog(options.clock);
  }

  start(): void {
    if (this.loop || this.stopping) return;
    if (!this.options.transport) {
      this.options.log.warn(
        'SMTP_URL is unset: mail stays in the outbox and is written to the log',
      );
    }
    this.loop = this.run();
  }

  /**
   * Resolves once a look at the outbox that started after this call has finished: what was due
   * then has been delivered (or its failure recorded). For tests that prove something did not
   * happen, and for tools; it wakes the worker rather than waiting for the next poll.
   */
  nextPass(): Promise<void> {
    const target = this.passes + (this.passing ? 2 : 1);
    const passed = new Promise<void>((resolve) => this.passWaiters.push({ target, resolve }));
    this.notify();
    return passed;
  }

  /** Something was enqueued: look at the outbox now instead of at the next poll. */
  notify(): void {
    this.wakeRequested = true;
    this.wakeSleeper?.();
  }

  /**
   * Stops after the mail in hand. A send still running after the grace period is aborted and
   * recorded as a failed attempt, to be retried by the next worker; should the process die before
   * recording it, the claim's lease runs out and the mail is due again. Nothing is lost.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeSleeper?.();
    if (this.loop) {
      const loop = this.loop;
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        loop.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), this.options.stopGraceMs ?? STOP_GRACE_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!finished) {
        this.abort.abort(new Error('mail worker stopping'));
        await loop;
      }
    }
    this.options.transport?.close();
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
          this.outages.report(failure, error, this.options.log, 'mail waits in the outbox');
        else this.options.log.error({ err: error }, 'mail worker: cannot read the outbox');
      }
      this.passFinished();
      if (!this.stopping && !this.wakeRequested) {
        await this.sleep(this.options.config.pollIntervalMs);
      }
    }
  }

  private passFinished(): void {
    this.passing = false;
    this.passes += 1;
    const done = this.passWaiters.filter((waiter) => waiter.target <= this.passes);
    this.passWaiters = this.passWaiters.filter((waiter) => waiter.target > this.passes);
    for (const waiter of done) waiter.resolve();
  }

  /** Delivers due mail until none is left (or the worker is stopping). */
  private async drain(): Promise<void> {
    const { repository, transport, config } = this.options;
    while (!this.stopping) {
      const now = this.options.clock.now();
      const mail = await repository.claimNext({
        now: toIso(now),
        claimId: newId(),
        leaseUntil: toIso(now + config.leaseMs),
        unloggedOnly: !transport,
      });
      if (!mail) return;
      if (this.stopping) {
        await repository.release(mail.id, mail.claimId);
        return;
      }
      await (transport ? this.send(mail, transport) : this.logInstead(mail));
    }
  }

  private async send(mail: ClaimedMail, transport: MailTransport): Promise<void> {
    const { repository, box, config, log } = this.options;
    try {
      if (mail.body === null) throw new Error('the mail has no body');
      const { text, html } = openMailBody(box, mail.body);
      await transport.send(
        { from: config.from, to: mail.recipient, subject: mail.subject, text, html },
        this.abort.signal,
      );
    } catch (error) {
      const now = this.options.clock.now();
      const failures = mail.attempts + 1;
      const delay = retryDelayMs(failures, config.retryBaseMs, config.retryMaxMs);
      const message = error instanceof Error ? error.message : String(error);
      const giveUp =
        isPermanentSmtpFailure(error) ||
        failures >= config.maxAttempts ||
        now - Date.parse(mail.created_at) >= config.maxAgeMs;
      await repository.markFailed(mail.id, mail.claimId, {
        error: message,
        nextAttemptAt: toIso(now + delay),
        ...(giveUp ? { failedAt: toIso(now) } : {}),
      });
      if (giveUp) {
        log.error(
          { mailId: mail.id, template: mail.template, attempts: failures, error: message },
          'mail not sent: delivery given up',
        );
        return;
      }
      log.warn(
        {
          mailId: mail.id,
          template: mail.template,
          attempts: failures,
          retryInMs: delay,
          error: message,
        },
        'mail not sent: will retry',
      );
      return;
    }
    if (await repository.markSent(mail.id, mail.claimId, toIso(this.options.clock.now()))) {
      log.info({ mailId: mail.id, template: mail.template }, 'mail sent');
      await this.linkDelivered(mail);
    } else {
      // Only when this send outlived its lease and another worker claimed the mail meanwhile.
      log.error({ mailId: mail.id }, 'mail sent after its claim expired: it may arrive twice');
    }
  }

  private async logInstead(mail: ClaimedMail): Promise<void> {
    const { repository, box, log } = this.options;
    let text: string;
    try {
      if (mail.body === null) throw new Error('the mail has no body');
      text = openMailBody(box, mail.body).text;
    } catch (error) {
      log.error({ err: error, mailId: mail.id }, 'mail in the outbox cannot be read');
      text = '(unreadable: was AUTH_SECRET changed?)';
    }
    log.warn(
      { mailId: mail.id, template: mail.template, to: mail.recipient, subject: mail.subject, text },
      'mail not sent (SMTP_URL is unset); its text follows',
    );
    if (await repository.markLogged(mail.id, mail.claimId, toIso(this.options.clock.now()))) {
      await this.linkDelivered(mail);
    }
  }

  private async linkDelivered(mail: ClaimedMail): Promise<void> {
    if (!mail.link_token_id || !this.options.onLinkDelivered) return;
    try {
      await this.options.onLinkDelivered(mail.link_token_id);
    } catch (error) {
      // The mail is out; older links simply stay valid until they expire or one is used.
      this.options.log.error({ err: error, mailId: mail.id }, 'could not cancel older links');
    }
  }

  /** Waits for the poll interval, or less when woken or stopped. */
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
