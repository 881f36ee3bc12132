/** The mail module's face: what the rest of the server may use of it. */
export { AccountLinks, AccountMails } from './account-mails.js';
export { MailOutbox } from './mail-outbox.js';
export type { MailTransaction } from './mail-outbox.js';
export { MailOutboxRepository } from './mail-outbox.repository.js';
export { MailWorker } from './mail-worker.js';
export type { TwoStepMailEvent } from './mail.templates.js';
export { createSmtpTransport } from './smtp-transport.js';
