import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { classifyDependencyFailure, OutageLog } from '../../lib/dependency-failure.js';
import { dayOf, slotOf, type CheckSample, type UptimeService } from './uptime.service.js';

/** What one look did. */
export interface SampleReport {
  /** The slot's start (epoch ms). */
  slot: number;
  /** Samples this process wrote: 0 when the slot was already sampled (by it or another process). */
  recorded: number;
}

export interface UptimeSamplerDeps {
  /** The Overview's checks, run now. */
  runChecks: () => Promise<CheckSample[]>;
  uptime: UptimeService;
  log: FastifyBaseLogger;
  clock: Clock;
}

/**
 * Keeps every Overview check's result once per slot (UPTIME_SAMPLE_INTERVAL_MS). Every process
 * looks several times a slot (the app schedules `sample` as a periodic job); the first process to
 * find the slot empty runs the checks and writes them, keyed by (check, slot) so that two
 * processes racing write one row each. When the UTC day changes it rolls up the finished days.
 */
export class UptimeSampler {
  /** The last slot this process saw sampled, and the day it last rolled up for. */
  private lastSlot: number | undefined;
  private lastDay: string | undefined;
  /** A database outage is logged once, not at every look. */
  private readonly outages: OutageLog;

  constructor(private readonly deps: UptimeSamplerDeps) {
    this.outages = new OutageLog(deps.clock);
  }

  /**
   * The periodic job's look: `sample`, with a database outage logged once per outage (the
   * minutes it lasts have no samples, and count neither way); any other failure is thrown.
   */
  async look(): Promise<void> {
    try {
      await this.sample();
    } catch (error) {
      const failure = classifyDependencyFailure(error);
      if (!failure) throw error;
      this.outages.report(failure, error, this.deps.log, 'no uptime samples are written');
    }
  }

  async sample(): Promise<SampleReport> {
    const { uptime, clock } = this.deps;
    const now = clock.now();
    const slot = slotOf(now);
    let recorded = 0;
    if (slot !== this.lastSlot && !(await uptime.slotSampled(slot))) {
      recorded = await uptime.record(slot, await this.deps.runChecks());
    }
    this.lastSlot = slot;
    const day = dayOf(now);
    if (day !== this.lastDay) {
      const rolled = await uptime.rollUpPending(now);
      if (rolled > 0) this.deps.log.info({ rolled }, 'uptime: days rolled up');
      this.lastDay = day;
    }
    return { slot, recorded };
  }
}
