import type { MailDelivery } from '@staff-admin/shared';
import { toIso, type Clock } from '../../lib/clock.js';
import type { OverviewRepository } from './overview.repository.js';
import { MAIL_WAIT_WARN_MS } from './overview.service.js';

interface MailDeliveryDeps {
  /** The outbox as the Overview's SMTP and Mail worker checks read it. */
  outbox: Pick<OverviewRepository, 'outboxState'>;
  /** SMTP_URL is set; without it mail is written to the log. */
  smtp: boolean;
  clock: Clock;
}

/**
 * Whether mail goes out now (issue 33, item 18), from the same outbox state and limits as the
 * Overview's checks, so that the site says "queued" rather than "sent" exactly while Monitoring
 * warns: delayed while a mail waits for another try after a failed attempt, while the last mail
 * given up came after the last one sent (the mail server may still be down though nothing
 * waits), or while due mail has waited over 5 minutes for the worker.
 */
export class MailDeliveryCheck {
  constructor(private readonly deps: MailDeliveryDeps) {}

  async now(): Promise<MailDelivery> {
    if (!this.deps.smtp) return 'log';
    const now = this.deps.clock.now();
    const { retrying, lastSentAt, lastFailedAt, oldestDueAt } = await this.deps.outbox.outboxState(
      toIso(now),
      false,
    );
    const failedLast = lastFailedAt !== null && (lastSentAt === null || lastFailedAt > lastSentAt);
    const workerBehind = oldestDueAt !== null && now - Date.parse(oldestDueAt) > MAIL_WAIT_WARN_MS;
    return retrying > 0 || failedLast || workerBehind ? 'delayed' : 'working';
  }
}
