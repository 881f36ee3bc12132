import {
  OVERVIEW_CHECKS,
  UPTIME_DAILY_RETENTION_DAYS,
  UPTIME_SAMPLE_INTERVAL_MS,
  UPTIME_SAMPLE_RETENTION_DAYS,
  type HealthStatus,
  type OverviewCheck,
} from '@staff-admin/shared';
import { toIso, type Clock } from '../../lib/clock.js';
import type {
  HealthDailyRow,
  StatusCount,
  TimeWindow,
  UptimeRepository,
} from './uptime.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The Overview's 30 and 90 days: that many UTC days, today the last. */
const MONTH_DAYS = 30;
const QUARTER_DAYS = 90;

/** A time during which checks do not count (a maintenance window). */
export interface UptimeExclusion {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The maintenance windows overlapping [from, to): the alerts' maintenance windows answer it; none
 * until they are wired in.
 */
export type UptimeExclusions = (from: Date, to: Date) => Promise<UptimeExclusion[]>;

export const NO_UPTIME_EXCLUSIONS: UptimeExclusions = () => Promise.resolve([]);

export type Availability = OverviewCheck['availability'];

/** One check's result as the sampler keeps it. */
export interface CheckSample {
  name: string;
  status: HealthStatus;
  output: string;
}

/** One CSV line's figures. */
export interface UptimeDay {
  day: string;
  check: string;
  /** Percent, null when every sample of the day was in a maintenance window. */
  availability: number | null;
  samples: number;
  downMinutes: number;
}

export interface UptimeDeps {
  repository: UptimeRepository;
  /** The maintenance windows; none unless given. */
  exclusions?: UptimeExclusions | undefined;
  clock: Clock;
}

/** The slot a time falls in: its start, a multiple of UPTIME_SAMPLE_INTERVAL_MS. */
export const slotOf = (ms: number) =>
  Math.floor(ms / UPTIME_SAMPLE_INTERVAL_MS) * UPTIME_SAMPLE_INTERVAL_MS;
/** The UTC day of a time, YYYY-MM-DD. */
export const dayOf = (ms: number) => toIso(ms).slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const addDays = (day: string, days: number) => dayOf(dayStart(day) + days * DAY_MS);

interface Seconds {
  up: number;
  warn: number;
  down: number;
}
const SAMPLE_SECONDS = UPTIME_SAMPLE_INTERVAL_MS / 1000;

/**
 * Availability in percent: passing and warning time over all time counted (a warning check still
 * serves: docs/alerts.md › Uptime history), cut (never rounded up) to 3 decimals, so that 99.9996
 * reads 99.999 and only a check that never failed reads 100; null with nothing counted.
 */
export function availabilityPercent({ up, warn, down }: Seconds): number | null {
  const total = up + warn + down;
  if (total === 0) return null;
  return Math.floor(((up + warn) / total) * 100_000) / 1000;
}

/**
 * Uptime history (issue 37): the samples the sampler writes, the daily rollups built from them,
 * the Overview's availability and the CSV. Maintenance windows come through `exclusions`: their
 * samples count in no status.
 */
export class UptimeService {
  private readonly exclusions: UptimeExclusions;

  constructor(private readonly deps: UptimeDeps) {
    this.exclusions = deps.exclusions ?? NO_UPTIME_EXCLUSIONS;
  }

  /** Whether the slot starting at `slot` already has samples (another process wrote them). */
  slotSampled(slot: number): Promise<boolean> {
    return this.deps.repository.slotSampled(toIso(slot));
  }

  /** Keeps one slot's results; answers how many this call wrote (0: another process was first). */
  record(slot: number, checks: readonly CheckSample[]): Promise<number> {
    return this.deps.repository.insertSamples(
      checks.map((check) => ({
        check: check.name,
        sampled_at: toIso(slot),
        status: check.status,
        output: check.status === 'pass' ? null : check.output,
      })),
    );
  }

  /** Per check: availability over the last 24 hours, 30 and 90 days (today included). */
  async availability(now: number = this.deps.clock.now()): Promise<Map<string, Availability>> {
    const today = dayOf(now);
    const todayStart = dayStart(today);
    const dayFrom = now - DAY_MS;
    const [last24h, todays, month, quarter] = await Promise.all([
      this.rawSeconds(dayFrom, now),
      this.rawSeconds(todayStart, now),
      this.deps.repository.dailyTotals(addDays(today, 1 - MONTH_DAYS), addDays(today, -1)),
      this.deps.repository.dailyTotals(addDays(today, 1 - QUARTER_DAYS), addDays(today, -1)),
    ]);
    const withToday = (totals: typeof month) => {
      const sums = new Map<string, Seconds>();
      for (const row of totals) {
        sums.set(row.check, { up: row.upSeconds, warn: row.warnSeconds, down: row.downSeconds });
      }
      for (const [check, seconds] of todays) {
        const sum = sums.get(check) ?? { up: 0, warn: 0, down: 0 };
        sums.set(check, {
          up: sum.up + seconds.up,
          warn: sum.warn + seconds.warn,
          down: sum.down + seconds.down,
        });
      }
      return sums;
    };
    const monthly = withToday(month);
    const quarterly = withToday(quarter);
    const checks = new Set([...last24h.keys(), ...monthly.keys(), ...quarterly.keys()]);
    const percent = (seconds: Seconds | undefined) =>
      seconds ? availabilityPercent(seconds) : null;
    return new Map(
      [...checks].map((check) => [
        check,
        {
          day: percent(last24h.get(check)),
          month: percent(monthly.get(check)),
          quarter: percent(quarterly.get(check)),
        },
      ]),
    );
  }

  /**
   * Rolls up every finished day that has samples and no rollup yet, up to yesterday (the
   * sampler calls it when its day changes; idempotent).
   */
  async rollUpPending(now: number = this.deps.clock.now()): Promise<number> {
    const yesterday = addDays(dayOf(now), -1);
    const latest = await this.deps.repository.latestDay();
    const earliest = await this.deps.repository.earliestSampleAt();
    if (!earliest) return 0;
    const firstSampled = earliest.slice(0, 10);
    const first = latest && addDays(latest, 1) > firstSampled ? addDays(latest, 1) : firstSampled;
    return this.rollUp(first, yesterday);
  }

  /**
   * Builds the rollups of the days `from` to `to` (both included) from their samples, leaving
   * out the maintenance windows known now; a day without samples is left as it is. Answers how
   * many check-days were written.
   */
  async rollUp(from: string, to: string): Promise<number> {
    const earliest = await this.deps.repository.earliestSampleAt();
    if (!earliest) return 0;
    const first = earliest.slice(0, 10) > from ? earliest.slice(0, 10) : from;
    if (first > to) return 0;
    const rows = await this.dayRows(dayStart(first), dayStart(to) + DAY_MS);
    await this.deps.repository.upsertDaily(rows);
    return rows.length;
  }

  /**
   * The CSV's lines: the rollups of the days `from` to `to`, and today's figures so far when the
   * range holds today; by day, then in the Overview's order of checks.
   */
  async days(from: string, to: string, now: number = this.deps.clock.now()): Promise<UptimeDay[]> {
    const today = dayOf(now);
    const rows = await this.deps.repository.dailyRows(from, to < today ? to : addDays(today, -1));
    if (from <= today && today <= to) {
      rows.push(...(await this.dayRows(dayStart(today), dayStart(today) + DAY_MS)));
    }
    const order = (check: string) => {
      const index = (OVERVIEW_CHECKS as readonly string[]).indexOf(check);
      return index < 0 ? OVERVIEW_CHECKS.length : index;
    };
    return rows
      .sort((a, b) => a.day.localeCompare(b.day) || order(a.check) - order(b.check))
      .map((row) => ({
        day: row.day,
        check: row.check,
        availability: availabilityPercent({
          up: row.up_seconds,
          warn: row.warn_seconds,
          down: row.down_seconds,
        }),
        samples: row.samples,
        downMinutes: row.down_seconds / 60,
      }));
  }

  /**
   * The retention job's part: rebuilds the rollups of the days whose samples are still kept (so
   * that a maintenance window entered afterwards still counts), then deletes the samples of the
   * days before UPTIME_SAMPLE_RETENTION_DAYS and the rollups older than
   * UPTIME_DAILY_RETENTION_DAYS.
   */
  async prune(now: number = this.deps.clock.now()): Promise<{ samples: number; days: number }> {
    const today = dayOf(now);
    const firstKept = addDays(today, -UPTIME_SAMPLE_RETENTION_DAYS);
    await this.rollUp(firstKept, addDays(today, -1));
    const samples = await this.deps.repository.deleteSamplesBefore(toIso(dayStart(firstKept)));
    const days = await this.deps.repository.deleteDaysBefore(
      addDays(today, -UPTIME_DAILY_RETENTION_DAYS),
    );
    return { samples, days };
  }

  /** The rollup rows of the whole UTC days in [from, to), from their samples. */
  private async dayRows(from: number, to: number): Promise<HealthDailyRow[]> {
    const counts = await this.deps.repository.statusCounts(
      toIso(from),
      toIso(to),
      await this.windows(from, to),
    );
    return dailyRows(counts);
  }

  /** Seconds per check and status in [from, to), outside the maintenance windows. */
  private async rawSeconds(from: number, to: number): Promise<Map<string, Seconds>> {
    const counts = await this.deps.repository.statusCounts(
      toIso(from),
      toIso(to),
      await this.windows(from, to),
    );
    const seconds = new Map<string, Seconds>();
    for (const { check, status, excluded, count } of counts) {
      if (excluded) continue;
      const sum = seconds.get(check) ?? { up: 0, warn: 0, down: 0 };
      sum[STATUS_KEY[status]] += count * SAMPLE_SECONDS;
      seconds.set(check, sum);
    }
    return seconds;
  }

  private async windows(from: number, to: number): Promise<TimeWindow[]> {
    const windows = await this.exclusions(new Date(from), new Date(to));
    return windows
      .filter(({ startsAt, endsAt }) => endsAt.getTime() > startsAt.getTime())
      .map(({ startsAt, endsAt }) => ({
        start: toIso(startsAt.getTime()),
        end: toIso(endsAt.getTime()),
      }));
  }
}

const STATUS_KEY: Record<HealthStatus, keyof Seconds> = { pass: 'up', warn: 'warn', fail: 'down' };

/** Rollup rows per day and check from status counts (each with any sample, excluded or not). */
function dailyRows(counts: readonly StatusCount[]): HealthDailyRow[] {
  const rows = new Map<string, HealthDailyRow>();
  for (const { day, check, status, excluded, count } of counts) {
    const key = `${day} ${check}`;
    const row = rows.get(key) ?? {
      check,
      day,
      up_seconds: 0,
      warn_seconds: 0,
      down_seconds: 0,
      samples: 0,
      excluded_samples: 0,
    };
    if (excluded) row.excluded_samples += count;
    else {
      row.samples += count;
      row[`${STATUS_KEY[status]}_seconds`] += count * SAMPLE_SECONDS;
    }
    rows.set(key, row);
  }
  return [...rows.values()];
}
