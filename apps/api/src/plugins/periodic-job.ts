import fp from 'fastify-plugin';
import type { JobLeaseRepository } from '../db/job-leases.js';
import { toIso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';

export interface PeriodicJob {
  name: string;
  intervalMs: number;
  /** One run; a failure is logged and the job runs again at the next tick. */
  run: () => Promise<void>;
  /** On close, once the timer is stopped and a run in progress has ended; a failure is logged. */
  stop?: () => Promise<void>;
  /**
   * Every process schedules the job, but it runs once a period across them: a tick first takes
   * the job's period slot (see takePeriodSlot) and skips the run when another process has it.
   */
  oncePerPeriod?: { leases: JobLeaseRepository; clock: Clock };
}

/**
 * A job run once a period across processes is looked at this many times a period by every
 * process: the first look after the slot has run out takes it, so a run is at most a tenth of a
 * period late, and a process started (or restarted) within a period does not run it again.
 */
const LOOKS_PER_PERIOD = 10;

/**
 * Takes the period slot of a job, and says from when (undefined when another process has it): the
 * job_leases row `<name>:period`, held (never given back)
 * for the period less half a look, so that runs are a period apart give or take half a look,
 * whichever process's look takes it. The job's own lease, if it takes one, still keeps two runs
 * from overlapping.
 */
async function takePeriodSlot(
  job: PeriodicJob & Required<Pick<PeriodicJob, 'oncePerPeriod'>>,
  holder: string,
): Promise<string | undefined> {
  const now = job.oncePerPeriod.clock.now();
  const until = now + job.intervalMs - job.intervalMs / LOOKS_PER_PERIOD / 2;
  const from = toIso(now);
  const taken = await job.oncePerPeriod.leases.acquire(
    `${job.name}:period`,
    holder,
    from,
    toIso(until),
  );
  return taken ? from : undefined;
}

/**
 * Runs a job once the app is ready and then every `intervalMs` (with `oncePerPeriod`: once every
 * `intervalMs` across all processes); never two runs at once in this process. The timer never keeps the process alive, and closing the app waits for a run
 * in progress.
 */
export const periodicJob = (job: PeriodicJob) =>
  fp(
    async (app) => {
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<void> | undefined;
      const holder = newId();

      const runOnce = async () => {
        const { oncePerPeriod } = job;
        if (oncePerPeriod) {
          const from = await takePeriodSlot({ ...job, oncePerPeriod }, holder);
          if (!from) return;
          app.log.debug({ job: job.name, from }, 'periodic job: this process runs this period');
        }
        await job.run();
      };

      const tick = () => {
        if (running) return;
        running = runOnce()
          .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'))
          .finally(() => {
            running = undefined;
          });
      };

      app.addHook('onReady', async () => {
        tick();
        const every = job.oncePerPeriod ? job.intervalMs / LOOKS_PER_PERIOD : job.intervalMs;
        timer = setInterval(tick, every).unref();
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
