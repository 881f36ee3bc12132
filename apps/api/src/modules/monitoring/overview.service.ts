import { performance } from 'node:perf_hooks';
import {
  countLabel,
  formatCount,
  OVERVIEW_CHECKS,
  OVERVIEW_COUNTS,
  type HealthStatus,
  type Overview,
  type OverviewCheck,
  type OverviewCheckName,
  type OverviewCount,
  type OverviewCountName,
  type OverviewIdentityProvider,
} from '@staff-admin/shared';
import type { Interval } from '../../db/interval-counts.js';
import { toIso, type Clock } from '../../lib/clock.js';
import type { JobLeaseRepository } from '../../db/job-leases.js';
import type { BrowserReportsToday } from './errors.service.js';
import type { AuditRepository } from '../audit/index.js';
import type { OverviewRepository } from './overview.repository.js';
import type { ProcessMonitor } from './process-monitor.js';
import type { Availability, UptimeService } from './uptime.service.js';

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** Every process writes its heartbeat this often; one not seen for three beats is gone. */
export const HEARTBEAT_INTERVAL_MS = 15 * SECOND_MS;
export const HEARTBEAT_LIVE_MS = 45 * SECOND_MS;
/** The counts cover this many UTC hours, the current one last. */
export const OVERVIEW_HOURS = 24;
/** Warn when the retention job (daily) has not finished for two days. */
export const RETENTION_WARN_MS = 2 * 24 * HOUR_MS;
/** Warn when a due mail has waited this long for the worker. */
export const MAIL_WAIT_WARN_MS = 5 * MINUTE_MS;
/** Warn when the event loop stalled this long (p99 of the current interval). */
export const EVENT_LOOP_WARN_MS = 200;
/** How long the database and Redis may take to answer before they count as failed. */
const PING_TIMEOUT_MS = 2_000;

export interface OverviewDeps {
  repository: OverviewRepository;
  /** Sign-ins and lockouts per hour. */
  audit: Pick<AuditRepository, 'countPerInterval'>;
  leases: JobLeaseRepository;
  monitor: ProcessMonitor;
  /** `select 1`. */
  pingDatabase: () => Promise<void>;
  /** Set when REDIS_URL is. */
  pingRedis?: (() => Promise<unknown>) | undefined;
  smtp: boolean;
  /** Browser error reports stored and dropped today, against the daily cap. */
  errorReports: () => Promise<BrowserReportsToday>;
  release: string | null;
  /** The company's identity provider (the sso module's face); undefined when SSO is not configured. */
  identityProvider?: (() => Promise<OverviewIdentityProvider>) | undefined;
  /** Uptime history: each check's availability over 24 hours, 30 and 90 days. */
  uptime: Pick<UptimeService, 'availability'>;
  clock: Clock;
}

/** A check as run, before its availability is added. */
type CheckRun = Omit<OverviewCheck, 'availability'>;

const NO_AVAILABILITY: Availability = { day: null, month: null, quarter: null };

interface CheckResult {
  status: HealthStatus;
  output: string;
  /** When what `output` tells of happened or will happen; the site says it after the output. */
  at?: string | null;
}

const MAILS = ['mail', 'mails'] as const;
const REPORTS = ['browser report', 'browser reports'] as const;

/**
 * Monitoring › Overview (docs/decisions.md › Monitoring: overview). Every check reads what is
 * already there (a ping, the outbox, the job lease table, this process's figures); none opens an
 * SMTP connection. Processes and counts come from the database, so every process answers alike.
 */
export class OverviewService {
  constructor(private readonly deps: OverviewDeps) {}

  /** Writes this process's heartbeat row and clears rows of processes that died unseen. */
  async beat(): Promise<void> {
    const { monitor, clock, release, repository } = this.deps;
    const now = clock.now();
    const figures = monitor.figures({ reset: true });
    await repository.beat({
      id: monitor.id,
      host: monitor.host,
      pid: monitor.pid,
      started_at: toIso(monitor.startedAt),
      last_seen_at: toIso(now),
      release,
      node_version: monitor.nodeVersion,
      rss: figures.rssBytes,
      heap_used: figures.heapUsedBytes,
      heap_total: figures.heapTotalBytes,
      eld_p50: figures.eventLoopDelayP50Ms,
      eld_p99: figures.eventLoopDelayP99Ms,
    });
    // Kept for a day after the last beat: long enough to read in the database after a crash.
    await repository.removeStaleHeartbeats(toIso(now - OVERVIEW_HOURS * HOUR_MS));
  }

  /** On close: this process is gone at once, not 45 s later. */
  async leave(): Promise<void> {
    this.deps.monitor.stop();
    await this.deps.repository.removeHeartbeat(this.deps.monitor.id);
  }

  async overview(): Promise<Overview> {
    const { clock, monitor, release } = this.deps;
    const now = clock.now();
    const identityProvider = this.deps.identityProvider?.();
    const [checks, availability, processes, counts, provider] = await Promise.all([
      this.checks(now, identityProvider),
      this.deps.uptime.availability(now),
      this.deps.repository.liveProcesses(toIso(now - HEARTBEAT_LIVE_MS)),
      this.counts(now),
      identityProvider?.catch(() => undefined),
    ]);
    return {
      status: worst(checks.map((check) => check.status)),
      time: toIso(now),
      release,
      checks: checks.map((check) => ({
        ...check,
        availability: availability.get(check.name) ?? NO_AVAILABILITY,
      })),
      processes: processes.map((row) => ({
        id: row.id,
        host: row.host,
        pid: row.pid,
        startedAt: row.started_at,
        lastSeenAt: row.last_seen_at,
        release: row.release,
        rssBytes: row.rss,
        heapUsedBytes: row.heap_used,
        heapTotalBytes: row.heap_total,
        eventLoopDelayP50Ms: row.eld_p50,
        eventLoopDelayP99Ms: row.eld_p99,
        nodeVersion: row.node_version,
        current: row.id === monitor.id,
      })),
      counts,
      ...(provider && { identityProvider: provider }),
    };
  }

  /**
   * Every check, run now, as the Overview shows it: the uptime sampler keeps the results, and
   * the alert rules watch them.
   */
  async currentChecks(): Promise<CheckRun[]> {
    return this.checks(this.deps.clock.now(), this.deps.identityProvider?.());
  }

  private async checks(
    now: number,
    identityProvider: Promise<OverviewIdentityProvider> | undefined,
  ): Promise<CheckRun[]> {
    const { smtp, pingRedis } = this.deps;
    const outbox = this.deps.repository.outboxState(toIso(now), !smtp);
    const runs: Record<OverviewCheckName, (() => Promise<CheckResult>) | undefined> = {
      database: () => this.ping(this.deps.pingDatabase),
      redis: pingRedis && (() => this.ping(pingRedis)),
      smtp: smtp ? async () => smtpCheck(await outbox) : undefined,
      mailWorker: async () => mailWorkerCheck(await outbox, now),
      retention: async () =>
        retentionCheck(await this.deps.leases.lastFinishedAt('retention'), now),
      errorReports: async () => errorReportsCheck(await this.deps.errorReports()),
      process: async () => this.processCheck(),
      identityProvider:
        identityProvider &&
        (() => identityProvider.then(identityProviderCheck, () => PROVIDER_UNKNOWN)),
    };
    const checks = OVERVIEW_CHECKS.flatMap((name) => {
      const run = runs[name];
      return run ? [[name, run] as const] : [];
    });
    return Promise.all(
      checks.map(async ([name, run]) => {
        const started = performance.now();
        const result = await run().catch((): CheckResult => ({
          status: 'fail',
          output: 'the check failed',
        }));
        return {
          name,
          status: result.status,
          output: result.output,
          at: result.at ?? null,
          latencyMs: Math.round((performance.now() - started) * 10) / 10,
          time: toIso(now),
        };
      }),
    );
  }

  private async ping(ping: () => Promise<unknown>): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), PING_TIMEOUT_MS);
    });
    try {
      const answer = await Promise.race([ping().then(() => 'ok' as const), timeout]);
      return answer === 'ok'
        ? { status: 'pass', output: 'ok' }
        : { status: 'fail', output: 'unavailable' };
    } catch {
      return { status: 'fail', output: 'unavailable' };
    } finally {
      clearTimeout(timer);
    }
  }

  private processCheck(): CheckResult {
    const { eventLoopDelayP99Ms } = this.deps.monitor.figures();
    return eventLoopDelayP99Ms > EVENT_LOOP_WARN_MS
      ? { status: 'warn', output: `event loop stalled up to ${Math.round(eventLoopDelayP99Ms)} ms` }
      : { status: 'pass', output: 'ok' };
  }

  private async counts(now: number): Promise<OverviewCount[]> {
    const currentHour = Math.floor(now / HOUR_MS) * HOUR_MS;
    const intervals: Interval[] = Array.from({ length: OVERVIEW_HOURS }, (_, index) => {
      const start = currentHour - (OVERVIEW_HOURS - 1 - index) * HOUR_MS;
      return { start: toIso(start), end: toIso(start + HOUR_MS) };
    });
    const { repository, audit } = this.deps;
    const queries: Record<OverviewCountName, () => Promise<number[]>> = {
      newErrorGroups: () => repository.newErrorGroups(intervals),
      serverErrors: () => repository.serverErrors(intervals),
      failedMails: () => repository.failedMails(intervals),
      lockouts: () => audit.countPerInterval('auth.locked_out', intervals),
      signIns: () => audit.countPerInterval('auth.login_succeeded', intervals),
    };
    return Promise.all(
      OVERVIEW_COUNTS.map(async (name) => {
        const perHour = await queries[name]();
        return {
          name,
          total: perHour.reduce((sum, count) => sum + count, 0),
          hours: intervals.map(({ start }, index) => ({ hour: start, count: perHour[index]! })),
        };
      }),
    );
  }
}

type OutboxState = Awaited<ReturnType<OverviewRepository['outboxState']>>;

/**
 * Without opening a connection: what the worker's latest sends and failures say about SMTP.
 * It speaks of the same mail as the mail worker's check: a mail retrying after a failure here is
 * the one waiting to be retried there.
 */
function smtpCheck({ lastSentAt, lastFailedAt, retrying }: OutboxState): CheckResult {
  if (retrying > 0) {
    return {
      status: 'warn',
      output: `${countLabel(retrying, MAILS)} retrying after an SMTP failure`,
    };
  }
  if (lastFailedAt && (!lastSentAt || lastFailedAt > lastSentAt)) {
    return { status: 'warn', output: 'no mail sent since one was given up', at: lastFailedAt };
  }
  return lastSentAt
    ? { status: 'pass', output: 'last mail sent', at: lastSentAt }
    : { status: 'pass', output: 'no mail sent yet' };
}

/**
 * Whether the worker keeps up: it warns when due mail has waited over 5 minutes for it. Mail
 * waiting for a later try (after an SMTP failure) is not late, but it is said, so that this card
 * never reads "no mail waiting" beside an SMTP card that counts a mail retrying.
 */
function mailWorkerCheck(outbox: OutboxState, now: number): CheckResult {
  const { due, oldestDueAt, later, nextAttemptAt } = outbox;
  if (due > 0 && oldestDueAt) {
    return {
      status: now - Date.parse(oldestDueAt) > MAIL_WAIT_WARN_MS ? 'warn' : 'pass',
      output: countLabel(due, [
        'mail waiting for the worker, due',
        'mails waiting for the worker, the oldest due',
      ]),
      at: oldestDueAt,
    };
  }
  if (later > 0 && nextAttemptAt) {
    return {
      status: 'pass',
      output: countLabel(later, [
        'mail waiting to be retried',
        'mails waiting to be retried, the first',
      ]),
      at: nextAttemptAt,
    };
  }
  return { status: 'pass', output: 'no mail waiting' };
}

function retentionCheck(lastFinishedAt: string | null, now: number): CheckResult {
  if (!lastFinishedAt) return { status: 'warn', output: 'never ran' };
  return {
    status: now - Date.parse(lastFinishedAt) > RETENTION_WARN_MS ? 'warn' : 'pass',
    output: 'last run finished',
    at: lastFinishedAt,
  };
}

/** Warns while browser reports are dropped: the day's cap of stored ones is reached. */
function errorReportsCheck({ stored, dropped, cap }: BrowserReportsToday): CheckResult {
  return dropped > 0
    ? {
        status: 'warn',
        output:
          `${countLabel(dropped, REPORTS)} dropped today: the daily cap of ${formatCount(cap)} ` +
          'stored reports is reached (ERROR_REPORTS_PER_DAY); their groups still count them',
      }
    : {
        status: 'pass',
        output: `${formatCount(stored)} of ${countLabel(cap, REPORTS)} stored today`,
      };
}

/** The status could not be read (the database failed): still only a warning, as below. */
const PROVIDER_UNKNOWN: CheckResult = { status: 'warn', output: 'the check failed' };

/**
 * A provider that cannot be reached warns, never fails: the site stays up, password sign-in (the
 * break-glass account) still works.
 */
function identityProviderCheck(provider: OverviewIdentityProvider): CheckResult {
  if (provider.reachable) return { status: 'pass', output: 'reachable' };
  return {
    status: 'warn',
    output: 'cannot be reached: company sign-in is refused, password sign-in still works',
    at: provider.lastFailure?.at ?? null,
  };
}

const SEVERITY: Record<HealthStatus, number> = { pass: 0, warn: 1, fail: 2 };

function worst(statuses: HealthStatus[]): HealthStatus {
  return statuses.reduce<HealthStatus>(
    (worst, status) => (SEVERITY[status] > SEVERITY[worst] ? status : worst),
    'pass',
  );
}
