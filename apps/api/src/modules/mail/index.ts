/** The mail module's face: what the rest of the server may use of it. */
export type { AccountMails } from './account-mails.js';
export { createMailModule } from './mail.module.js';
export type { MailModule, MailModuleDeps } from './mail.module.js';
export type { MailTransaction } from './mail-outbox.js';
export { MailOutboxRepository } from './mail-outbox.repository.js';
export type { MailWorker } from './mail-worker.js';
export type { TwoStepMailEvent } from './mail.templates.js';
