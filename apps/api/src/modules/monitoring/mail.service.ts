import {
  MAIL_CANCELLABLE_STATES,
  MAIL_MESSAGES,
  MAIL_RETRYABLE_STATES,
  maskEmail,
  type ListMailQuery,
  type MailState,
  type OutboxMail,
  type Paginated,
} from '@staff-admin/shared';
import { toIso, type Clock } from '../../lib/clock.js';
import { conflict, notFound, UserNotFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { paginationMeta } from '../../lib/pagination.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditEntry, AuditRepository } from '../audit/index.js';
import type { AccountMails, MailOutboxRepository } from '../mail/index.js';
import type { UsersRepository } from '../users/index.js';
import type { MailMonitoringRepository, OutboxMailRow } from './mail.repository.js';
import { scrubSecrets } from './scrub.js';

/** What an admin's change of a mail writes through. */
interface MailMonitoringTransaction {
  mailOutbox: MailOutboxRepository;
  audit: AuditRepository;
}

interface MailMonitoringDeps {
  repository: MailMonitoringRepository;
  users: UsersRepository;
  /** Retry, cancel and the test mail are audited with the change they make. */
  unitOfWork: UnitOfWork<MailMonitoringTransaction>;
  mails: AccountMails;
  /** Wakes this process's mail worker (a retried mail is due now). */
  wakeWorker: () => void;
  /** SMTP_URL is set: without it mail is logged, and a logged mail shows as `logged`. */
  smtp: boolean;
  clock: Clock;
}

/**
 * What admins see of the outbox: masked recipients and SMTP replies, never a body or link. The
 * reply may quote the address (e.g. `550 <alice@example.com>: no such mailbox`), so it is masked
 * there too, and any token-like text is stripped.
 */
function toOutboxMail(row: OutboxMailRow): OutboxMail {
  const waiting = row.state === 'queued' || row.state === 'retrying';
  return {
    id: row.id,
    kind: row.kind,
    recipient: maskEmail(row.recipient),
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: waiting ? row.nextAttemptAt : null,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    failedAt: row.failedAt,
    lastError:
      row.lastError === null
        ? null
        : scrubSecrets(row.lastError.split(row.recipient).join(maskEmail(row.recipient))),
  };
}

/** Monitoring › Mail: the outbox as a list, retry, cancel, and a test mail to oneself. */
export class MailMonitoringService {
  constructor(private readonly deps: MailMonitoringDeps) {}

  private now(): string {
    return toIso(this.deps.clock.now());
  }

  async list(query: ListMailQuery): Promise<Paginated<OutboxMail>> {
    const { mails, total } = await this.deps.repository.findPage(query, {
      now: this.now(),
      smtp: this.deps.smtp,
    });
    return {
      data: mails.map(toOutboxMail),
      meta: paginationMeta(query.page, query.limitPerPage, total),
    };
  }

  async get(id: string): Promise<OutboxMail> {
    const row = isUuid(id)
      ? await this.deps.repository.findById(id.toLowerCase(), this.now(), this.deps.smtp)
      : undefined;
    if (!row) throw notFound(MAIL_MESSAGES.mailNotFound);
    return toOutboxMail(row);
  }

  /** A failed or retrying mail is due now; the worker is woken. */
  async retry(actorId: string, id: string, origin: RequestOrigin): Promise<OutboxMail> {
    const mail = await this.get(id);
    return this.act(mail, {
      allowedIn: MAIL_RETRYABLE_STATES,
      refused: MAIL_MESSAGES.retryNotAllowed,
      change: (repos) => repos.mailOutbox.retryNow(mail.id, this.now()),
      event: {
        action: 'mail.retried',
        actorId,
        origin,
        details: { kind: mail.kind, from: mail.state, attempts: mail.attempts },
      },
      afterCommit: this.deps.wakeWorker,
    });
  }

  /** A mail not sent yet is given up: failed, with who cancelled it as its last error. */
  async cancel(actorId: string, id: string, origin: RequestOrigin): Promise<OutboxMail> {
    const mail = await this.get(id);
    const actor = await this.deps.users.findById(actorId);
    const reason = MAIL_MESSAGES.cancelledBy(actor?.fullName ?? actor?.email ?? actorId);
    return this.act(mail, {
      allowedIn: MAIL_CANCELLABLE_STATES,
      refused: MAIL_MESSAGES.cancelNotAllowed,
      change: (repos) => repos.mailOutbox.cancel(mail.id, this.now(), reason),
      event: {
        action: 'mail.cancelled',
        actorId,
        origin,
        details: { kind: mail.kind, from: mail.state },
      },
    });
  }

  /**
   * An admin's change of one mail: refused (409) unless the mail is in one of `allowedIn`, and
   * again when its state changed since it was read (a worker claimed it), which `change` tells by
   * answering false; otherwise audited in the same transaction. The mail as it is now.
   */
  private async act(
    mail: OutboxMail,
    action: {
      allowedIn: readonly MailState[];
      refused: string;
      change: (repos: MailMonitoringTransaction) => Promise<boolean>;
      event: Omit<AuditEntry, 'targetId'>;
      afterCommit?: () => void;
    },
  ): Promise<OutboxMail> {
    if (!action.allowedIn.includes(mail.state)) throw conflict(action.refused);
    await this.deps.unitOfWork.run(async ({ repos, afterCommit }) => {
      if (!(await action.change(repos))) throw conflict(action.refused);
      await repos.audit.record({ ...action.event, targetId: mail.id });
      if (action.afterCommit) afterCommit(action.afterCommit);
    });
    return this.get(mail.id);
  }

  /** Queues a test mail to the calling admin's own address, through the same outbox. */
  async sendTest(actorId: string, origin: RequestOrigin): Promise<OutboxMail> {
    const actor = await this.deps.users.findById(actorId);
    if (!actor) throw new UserNotFound();
    const id = await this.deps.unitOfWork.run(async (scope) => {
      const queued = await this.deps.mails.test(scope, actor, new Date(this.deps.clock.now()));
      await scope.repos.audit.record({
        action: 'mail.test_queued',
        actorId,
        targetId: queued,
        origin,
        details: { kind: 'test' },
      });
      return queued;
    });
    return this.get(id);
  }
}
