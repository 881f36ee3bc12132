import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** This process's figures, as a heartbeat writes them. */
export interface ProcessFigures {
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  eventLoopDelayP50Ms: number;
  eventLoopDelayP99Ms: number;
}

const NS_PER_MS = 1e6;

/**
 * This process: who it is (a heartbeat id, host, pid) and how it does. One event-loop delay
 * histogram for the app, reset at every heartbeat, so its percentiles describe the last interval
 * (a stall shows for 15 s and then clears) rather than the whole life of the process.
 */
export class ProcessMonitor {
  readonly id = randomUUID();
  readonly host = hostname();
  readonly pid = process.pid;
  readonly nodeVersion = process.version;
  private readonly delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });

  constructor(readonly startedAt: number) {
    this.delay.enable();
  }

  /** The figures now; `reset` starts the next interval's histogram. */
  figures({ reset = false }: { reset?: boolean } = {}): ProcessFigures {
    const memory = process.memoryUsage();
    // Before the first sample the histogram's percentiles are 0.
    const figures = {
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      eventLoopDelayP50Ms: this.delay.percentile(50) / NS_PER_MS,
      eventLoopDelayP99Ms: this.delay.percentile(99) / NS_PER_MS,
    };
    if (reset) this.delay.reset();
    return figures;
  }

  stop(): void {
    this.delay.disable();
  }
}
