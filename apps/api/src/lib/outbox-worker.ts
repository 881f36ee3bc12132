import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import { classifyDependencyFailure, OutageLog } from './dependency-failure.js';

/** How long `stop()` lets a delivery in flight finish before aborting it (unless told otherwise). */
const STOP_GRACE_MS = 5_000;

/** Delay before attempt `failures + 1`: base, 2×base, 4×base … capped at `maxMs`. */
export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(baseMs * 2 ** exponent, maxMs);
}

export interface OutboxWorkerLoop {
  /** Names the worker in its logs and its abort reason: "mail worker". */
  name: string;
  /** Said once while the database is down: "mail waits in the outbox". */
  waiting: string;
  pollIntervalMs: number;
  stopGraceMs?: number;
  log: FastifyBaseLogger;
  clock: Clock;
}

/**
 * The loop of a worker that delivers what an outbox table holds (mail, webhooks): a pass claims
 * and delivers due items until none is left (`drain`), then the worker sleeps until something is
 * enqueued in this process (`notify`) or the poll interval has passed, which also picks up what
 * other processes enqueued and retries that came due. A database outage is logged once, not at
 * every poll. Several processes may run one each against one database.
 */
export abstract class OutboxWorker {
  private loop: Promise<void> | undefined;
  private wakeRequested = false;
  private wakeSleeper: (() => void) | undefined;
  /** Passes finished so far, whether one is under way, and who waits for one. */
  private passes = 0;
  private passing = false;
  private passWaiters: { target: number; resolve: () => void }[] = [];
  private readonly outages: OutageLog;
  protected stopping = false;
  /** Aborted when a delivery outlives `stop()`'s grace period. */
  protected readonly abort = new AbortController();

  constructor(private readonly loopOptions: OutboxWorkerLoop) {
    this.outages = new OutageLog(loopOptions.clock);
  }

  /** Claims and delivers due items until none is left or the worker is stopping. */
  protected abstract drain(): Promise<void>;

  /** Called once, as the worker starts. */
  protected onStart(): void {}

  start(): void {
    if (this.loop || this.stopping) return;
    this.onStart();
    this.loop = this.run();
  }

  /**
   * Resolves once a look at the outbox that started after this call has finished: what was due
   * then has been delivered (or its failure recorded). For tests, which move the clock and then
   * wait for a pass, and for tools; it wakes the worker rather than waiting for the next poll.
   */
  nextPass(): Promise<void> {
    const target = this.passes + (this.passing ? 2 : 1);
    const passed = new Promise<void>((resolve) => this.passWaiters.push({ target, resolve }));
    this.notify();
    return passed;
  }

  /** Something was enqueued: look at the outbox now instead of at the next poll. */
  notify(): void {
    this.wakeRequested = true;
    this.wakeSleeper?.();
  }

  /**
   * Stops after the delivery in hand. One still running after the grace period is aborted, and
   * recorded as a failed attempt to be retried; should the process die before recording it, the
   * claim's lease runs out and the item is due again. Nothing is lost.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeSleeper?.();
    if (!this.loop) return;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.loop.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.loopOptions.stopGraceMs ?? STOP_GRACE_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!finished) {
      this.abort.abort(new Error(`${this.loopOptions.name} stopping`));
      await this.loop;
    }
  }

  private async run(): Promise<void> {
    const { log, name, waiting, pollIntervalMs } = this.loopOptions;
    while (!this.stopping) {
      this.wakeRequested = false;
      this.passing = true;
      try {
        await this.drain();
      } catch (error) {
        const failure = classifyDependencyFailure(error);
        if (failure) this.outages.report(failure, error, log, waiting);
        else log.error({ err: error }, `${name}: cannot read the outbox`);
      }
      this.passFinished();
      if (!this.stopping && !this.wakeRequested) await this.sleep(pollIntervalMs);
    }
  }

  private passFinished(): void {
    this.passing = false;
    this.passes += 1;
    const done = this.passWaiters.filter((waiter) => waiter.target <= this.passes);
    this.passWaiters = this.passWaiters.filter((waiter) => waiter.target > this.passes);
    for (const waiter of done) waiter.resolve();
  }

  /** Waits for `ms`, or less when woken or stopped. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }
}
