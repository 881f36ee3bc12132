import fp from 'fastify-plugin';
import type { RetentionService } from '../modules/retention/retention.service.js';

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Runs data retention once the app is ready and then daily. Every process schedules it; the job's
 * lease lets one run at a time. The timer never keeps the process alive; a failed run is logged
 * and tried again the next day (or at the next start).
 */
export const retentionJobPlugin = fp<{ retention: RetentionService; intervalMs?: number }>(
  async (app, { retention, intervalMs = RETENTION_INTERVAL_MS }) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;

    const run = () => {
      if (running) return;
      running = retention
        .run()
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, 'retention run failed'))
        .finally(() => {
          running = undefined;
        });
    };

    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, intervalMs).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'retention-job' },
);
