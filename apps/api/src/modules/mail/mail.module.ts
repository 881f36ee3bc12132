import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config/env.js';
import type { Clock } from '../../lib/clock.js';
import { createSealedBox } from '../../lib/sealed-box.js';
import { AccountLinks, AccountMails } from './account-mails.js';
import { MailOutbox } from './mail-outbox.js';
import type { MailOutboxRepository } from './mail-outbox.repository.js';
import { MailWorker, type MailWorkerOptions } from './mail-worker.js';
import { createSmtpTransport } from './smtp-transport.js';

export interface MailModuleDeps {
  repository: MailOutboxRepository;
  /** Seals the outbox's rows (the links in them are credentials). */
  secret: string;
  mail: MailConfig;
  /** The site's address, for the links in the mails. */
  appUrl: string;
  /** Told once a mail carrying a one-time link has gone out. */
  onLinkDelivered: MailWorkerOptions['onLinkDelivered'];
  log: FastifyBaseLogger;
  clock: Clock;
}

export interface MailModule {
  worker: MailWorker;
  /** Account mails into the outbox, inside the caller's transaction; wakes the worker after. */
  mails: AccountMails;
}

export function createMailModule(deps: MailModuleDeps): MailModule {
  const { mail, clock } = deps;
  const box = createSealedBox(deps.secret, 'mail-outbox');
  const worker = new MailWorker({
    repository: deps.repository,
    box,
    transport: mail.smtpUrl ? createSmtpTransport(mail.smtpUrl) : undefined,
    config: mail,
    stopGraceMs: mail.stopGraceMs,
    log: deps.log,
    clock,
    onLinkDelivered: deps.onLinkDelivered,
  });
  return {
    worker,
    mails: new AccountMails(
      new MailOutbox(box, clock, () => worker.notify()),
      new AccountLinks(deps.appUrl),
    ),
  };
}
