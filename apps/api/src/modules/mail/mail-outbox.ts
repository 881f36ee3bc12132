import { z } from 'zod';
import { nowIso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import type { TransactionScope } from '../../db/unit-of-work.js';
import type { MailOutboxRepository } from './mail-outbox.repository.js';
import type { MailContent, MailTemplate } from './mail.templates.js';

/** Mail is queued inside the caller's transaction, whose repositories include the outbox. */
export interface MailTransaction {
  mailOutbox: MailOutboxRepository;
}
export type MailScope = TransactionScope<MailTransaction>;

export interface OutgoingMail extends MailContent {
  template: MailTemplate;
  to: string;
  /** The user it is about: their unsent mail is deleted with them. */
  userId: string | null;
  /** The one-time token whose link it carries. */
  linkTokenId?: string;
}

const mailBodySchema = z.object({ text: z.string(), html: z.string() });
export type MailBodyParts = z.infer<typeof mailBodySchema>;

/** The parts of a mail that carry links are kept sealed while the mail waits in the outbox. */
export function sealMailBody(box: SealedBox, parts: MailBodyParts): string {
  return box.seal(JSON.stringify(parts));
}

export function openMailBody(box: SealedBox, sealed: string): MailBodyParts {
  return mailBodySchema.parse(JSON.parse(box.open(sealed)));
}

/**
 * The only way mail leaves the app: a row in `mail_outbox`, written in the caller's transaction,
 * so a mail exists exactly when the change that causes it was committed. The worker is woken after
 * the commit.
 */
export class MailOutbox {
  constructor(
    private readonly box: SealedBox,
    private readonly clock: Clock,
    private readonly wakeWorker: () => void = () => {},
  ) {}

  /** Returns the new mail's id. */
  async enqueue(scope: MailScope, mail: OutgoingMail): Promise<string> {
    const now = nowIso(this.clock);
    const id = newId();
    await scope.repos.mailOutbox.insert({
      id,
      user_id: mail.userId,
      template: mail.template,
      recipient: mail.to,
      subject: mail.subject,
      body: sealMailBody(this.box, { text: mail.text, html: mail.html }),
      created_at: now,
      next_attempt_at: now,
      link_token_id: mail.linkTokenId ?? null,
    });
    scope.afterCommit(this.wakeWorker);
    return id;
  }
}
