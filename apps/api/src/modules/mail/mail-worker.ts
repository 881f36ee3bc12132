import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config/env.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { OutboxWorker, retryDelayMs } from '../../lib/outbox-worker.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import type { ClaimedMail, MailOutboxRepository } from './mail-outbox.repository.js';
import { openMailBody } from './mail-outbox.js';
import type { MailTransport } from './smtp-transport.js';

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
export class MailWorker extends OutboxWorker {
  constructor(private readonly options: MailWorkerOptions) {
    super({
      name: 'mail worker',
      waiting: 'mail waits in the outbox',
      pollIntervalMs: options.config.pollIntervalMs,
      stopGraceMs: options.stopGraceMs,
      log: options.log,
      clock: options.clock,
    });
  }

  protected override onStart(): void {
    if (!this.options.transport) {
      this.options.log.warn(
        'SMTP_URL is unset: mail stays in the outbox and is written to the log',
      );
    }
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.options.transport?.close();
  }

  /** Delivers due mail until none is left (or the worker is stopping). */
  protected async drain(): Promise<void> {
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
}
