import fp from 'fastify-plugin';

export interface PeriodicJob {
  name: string;
  intervalMs: number;
  /** One run; a failure is logged and the job runs again at the next tick. */
  run: () => Promise<void>;
  /** On close, once the timer is stopped and a run in progress has ended; a failure is logged. */
  stop?: () => Promise<void>;
}

/**
 * Runs a job once the app is ready and then every `intervalMs`; never two runs at once in this
 * process (jobs that must run once across processes take a lease themselves). The timer never
 * keeps the process alive, and closing the app waits for a run in progress.
 */
export const periodicJob = (job: PeriodicJob) =>
  fp(
    async (app) => {
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<void> | undefined;

      const tick = () => {
        if (running) return;
        running = job
          .run()
          .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'))
          .finally(() => {
            running = undefined;
          });
      };

      app.addHook('onReady', async () => {
        tick();
        timer = setInterval(tick, job.intervalMs).unref();
      });
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
        await job
          .stop?.()
          .catch((error: unknown) =>
            app.log.warn({ err: error, job: job.name }, 'job stop failed'),
          );
      });
    },
    { name: `job:${job.name}` },
  );
