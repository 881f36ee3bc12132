import fp from 'fastify-plugin';
import type { MailWorker } from '../modules/mail/index.js';

/**
 * Runs the outbox worker with the app: it starts once the app is ready and stops on close, before
 * the database is closed (Fastify runs onClose hooks in reverse order of registration).
 */
export const mailerPlugin = fp<{ worker: MailWorker }>(
  async (app, { worker }) => {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await worker.stop();
      app.log.info('mail worker stopped');
    });
  },
  { name: 'mailer' },
);
