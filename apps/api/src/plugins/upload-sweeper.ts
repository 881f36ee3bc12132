import fp from 'fastify-plugin';
import type { UploadsService } from '../modules/uploads/uploads.service.js';

export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Sweeps abandoned uploads once the app is ready and then every hour. The timer is unref'd so it
 * never keeps the process alive; a failed sweep is logged and tried again at the next tick.
 */
export const uploadSweeperPlugin = fp<{ uploads: UploadsService; intervalMs?: number }>(
  async (app, { uploads, intervalMs = UPLOAD_SWEEP_INTERVAL_MS }) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;

    const sweep = () => {
      if (running) return;
      running = uploads
        .sweep()
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'unreferenced uploads removed');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'))
        .finally(() => {
          running = undefined;
        });
    };

    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, intervalMs).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'upload-sweeper' },
);
