import type { OverviewIdentityProvider } from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { JobLeaseRepository } from '../../db/job-leases.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditRepository } from '../audit/index.js';
import type { LoginLockout } from '../lockout/index.js';
import type { AccountMails } from '../mail/index.js';
import type { UsersRepository } from '../users/index.js';
import type { ErrorsRepository } from './errors.repository.js';
import { ErrorsService } from './errors.service.js';
import { MailDeliveryCheck } from './mail-delivery.js';
import type { MailMonitoringRepository } from './mail.repository.js';
import { MailMonitoringService } from './mail.service.js';
import { Metrics } from './metrics.js';
import type { MetricsRepository } from './metrics.repository.js';
import type { OverviewRepository } from './overview.repository.js';
import { OverviewService } from './overview.service.js';
import { ProcessMonitor } from './process-monitor.js';
import { SecurityService } from './security.service.js';
import { UptimeSampler } from './uptime-sampler.js';
import type { UptimeRepository } from './uptime.repository.js';
import { UptimeService, type UptimeExclusions } from './uptime.service.js';
import { SourceMaps } from './source-maps.js';

type ErrorsDeps = ConstructorParameters<typeof ErrorsService>[0];
type MailMonitoringDeps = ConstructorParameters<typeof MailMonitoringService>[0];

export interface UptimeDeps {
  repositories: { uptime: UptimeRepository };
  /** The maintenance windows (the alerts' part); none unless given. */
  uptimeExclusions?: UptimeExclusions | undefined;
  clock: Clock;
}

/**
 * Uptime history's samples and rollups: the retention job prunes them, so they are built with
 * the core services (the sampler runs in the server only).
 */
export function createUptime(deps: UptimeDeps): { uptime: UptimeService } {
  return {
    uptime: new UptimeService({
      repository: deps.repositories.uptime,
      exclusions: deps.uptimeExclusions,
      clock: deps.clock,
    }),
  };
}

export interface ErrorMonitoringDeps {
  repositories: { errors: ErrorsRepository; audit: AuditRepository };
  unitOfWork: ErrorsDeps['unitOfWork'];
  config: Config['errors'];
  log: FastifyBaseLogger;
  clock: Clock;
}

/**
 * Monitoring › Errors alone: the CLI's retention prunes them, so they are built with the core
 * services (the rest of monitoring runs in the server only).
 */
export function createErrorMonitoring(deps: ErrorMonitoringDeps): { errors: ErrorsService } {
  const { config } = deps;
  return {
    errors: new ErrorsService({
      repository: deps.repositories.errors,
      audit: deps.repositories.audit,
      unitOfWork: deps.unitOfWork,
      retention: { occurrenceMs: config.occurrenceRetentionMs, groupMs: config.groupRetentionMs },
      release: config.release,
      browserReportsPerDay: config.browserReportsPerDay,
      sourceMaps: new SourceMaps({ dir: config.sourceMapsDir, log: deps.log }),
      log: deps.log,
      clock: deps.clock,
    }),
  };
}

export interface MonitoringModuleDeps {
  repositories: {
    overview: OverviewRepository;
    mailMonitoring: MailMonitoringRepository;
    metrics: MetricsRepository;
    jobLeases: JobLeaseRepository;
    audit: AuditRepository;
  };
  users: UsersRepository;
  unitOfWork: MailMonitoringDeps['unitOfWork'];
  /** Monitoring › Mail sends its test mail and retries through the outbox. */
  mails: AccountMails;
  wakeMailWorker: () => void;
  lockout: LoginLockout;
  errors: ErrorsService;
  /** Uptime history (built with the core services). */
  uptime: UptimeService;
  log: FastifyBaseLogger;
  pingDatabase: () => Promise<void>;
  /** Set when REDIS_URL is. */
  pingRedis: (() => Promise<unknown>) | undefined;
  /** SMTP_URL is set. */
  smtp: boolean;
  release: string | null;
  /** METRICS_TOKEN is set: the metrics are served. */
  metrics: boolean;
  /** The company's identity provider's status (the sso module's); unset without SSO. */
  identityProvider?: { status(): Promise<OverviewIdentityProvider> } | undefined;
  clock: Clock;
}

export interface MonitoringModule {
  /** Monitoring › Mail: the outbox for admins. */
  mailMonitoring: MailMonitoringService;
  /** Whether mail goes out now, by the Overview's rule (invitations tell the admin). */
  mailDelivery: MailDeliveryCheck;
  overview: OverviewService;
  /** Keeps every check's result once a minute (a periodic job of the app). */
  uptimeSampler: UptimeSampler;
  security: SecurityService;
  /** Only when served. */
  metrics: Metrics | undefined;
}

/** Monitoring's Overview, Security, Mail and metrics, over what the other modules record. */
export function createMonitoringModule(deps: MonitoringModuleDeps): MonitoringModule {
  const { repositories, smtp, release, clock } = deps;
  const overview = new OverviewService({
    repository: repositories.overview,
    audit: repositories.audit,
    leases: repositories.jobLeases,
    monitor: new ProcessMonitor(clock.now()),
    pingDatabase: deps.pingDatabase,
    pingRedis: deps.pingRedis,
    smtp,
    errorReports: () => deps.errors.browserReportsToday(),
    identityProvider: deps.identityProvider && (() => deps.identityProvider!.status()),
    uptime: deps.uptime,
    release,
    clock,
  });
  return {
    mailMonitoring: new MailMonitoringService({
      repository: repositories.mailMonitoring,
      users: deps.users,
      unitOfWork: deps.unitOfWork,
      mails: deps.mails,
      wakeWorker: deps.wakeMailWorker,
      smtp,
      clock,
    }),
    mailDelivery: new MailDeliveryCheck({ outbox: repositories.overview, smtp, clock }),
    overview,
    uptimeSampler: new UptimeSampler({
      runChecks: () => overview.currentChecks(),
      uptime: deps.uptime,
      log: deps.log,
      clock,
    }),
    security: new SecurityService({ audit: repositories.audit, lockout: deps.lockout, clock }),
    metrics: deps.metrics
      ? new Metrics(repositories.metrics, repositories.audit, clock, { release })
      : undefined,
  };
}
