import fp from 'fastify-plugin';
import type { WebhookWorker } from '../modules/alert-channels/index.js';

/**
 * Runs the webhook outbox worker with the app, like the mail worker: it starts once the app is
 * ready and stops on close, before the database is closed.
 */
export const webhooksPlugin = fp<{ worker: WebhookWorker }>(
  async (app, { worker }) => {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await worker.stop();
      app.log.info('webhook worker stopped');
    });
  },
  { name: 'webhooks' },
);
