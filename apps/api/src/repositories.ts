import type { Position } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import type { DbEngine } from './db/database.js';
import type { DB } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import { JobLeaseRepository } from './db/job-leases.js';
import { AlertRulesRepository } from './modules/alert-rules/index.js';
import { AlertChannelsRepository } from './modules/alert-channels/index.js';
import { AuditRepository } from './modules/audit/index.js';
import {
  ClosedMonthsRepository,
  CostsRepository,
  ImportBatchesRepository,
  ProjectsRepository,
} from './modules/budgeting/index.js';
import { HealthRepository } from './modules/health/index.js';
import {
  ErrorsRepository,
  MailMonitoringRepository,
  MetricsRepository,
  OverviewRepository,
} from './modules/monitoring/index.js';
import { RetentionRepository } from './modules/retention/index.js';
import { MailOutboxRepository } from './modules/mail/index.js';
import { OneTimeTokensRepository } from './modules/one-time-tokens/index.js';
import { SessionsRepository } from './modules/sessions/index.js';
import { UploadsRepository } from './modules/uploads/index.js';
import { PasskeysRepository, TwoStepRepository } from './modules/two-step/index.js';
import { type RememberedMatches, UsersRepository } from './modules/users/index.js';
import { UsersBulkRepository } from './modules/users-bulk/index.js';
import { SsoRepository } from './modules/sso/index.js';
import {
  DirectoryRepository,
  ScimLogRepository,
  ScimTokensRepository,
} from './modules/scim/index.js';

/**
 * Every repository, bound to one connection pool or to one open transaction: the one registry.
 * Services never import it; each names the few repositories it uses (see db/unit-of-work.ts).
 */
export interface Repositories {
  users: UsersRepository;
  /** Second factors, recovery codes, sign-in challenges (modules/two-step). */
  twoStep: TwoStepRepository;
  /** WebAuthn credentials (modules/two-step/passkeys.repository.ts). */
  passkeys: PasskeysRepository;
  sessions: SessionsRepository;
  oneTimeTokens: OneTimeTokensRepository;
  mailOutbox: MailOutboxRepository;
  /** Alert channels and the webhook outbox (modules/alert-channels). */
  alertChannels: AlertChannelsRepository;
  uploads: UploadsRepository;
  audit: AuditRepository;
  retention: RetentionRepository;
  errors: ErrorsRepository;
  mailMonitoring: MailMonitoringRepository;
  projects: ProjectsRepository;
  costs: CostsRepository;
  closedMonths: ClosedMonthsRepository;
  importBatches: ImportBatchesRepository;
  usersBulk: UsersBulkRepository;
  /** Monitoring › Overview's figures and the processes' heartbeats. */
  overview: OverviewRepository;
  metrics: MetricsRepository;
  health: HealthRepository;
  /** Who runs a periodic job now (db/job-leases.ts). */
  jobLeases: JobLeaseRepository;
  /** Company sign-in: identities, pending flows, exchanges (modules/sso). */
  sso: SsoRepository;
  /** Provisioning from the directory: its users' attributes, groups and members (modules/scim). */
  directory: DirectoryRepository;
  scimTokens: ScimTokensRepository;
  /** Monitoring › Directory's sync log. */
  scimLog: ScimLogRepository;
  /** Alert rules, incidents and maintenance windows (modules/alert-rules). */
  alertRules: AlertRulesRepository;
}

export interface RepositoryOptions {
  engine: DbEngine;
  clock: Clock;
  /** MFA_REQUIRED_ROLES, for the users repository's `twoStepRequired`. */
  twoStepRoles: readonly Position[];
  /** SMTP_URL is set (the metrics count a mail written to the log as due then). */
  smtp: boolean;
  /** Remembered search counts and orders: on the pool only, as a transaction's writes are not seen yet. */
  remembered?: RememberedMatches;
}

export function createRepositories(db: Kysely<DB>, options: RepositoryOptions): Repositories {
  const { engine, clock, twoStepRoles, smtp, remembered } = options;
  return {
    users: new UsersRepository(db, engine, undefined, twoStepRoles, clock, remembered),
    twoStep: new TwoStepRepository(db),
    passkeys: new PasskeysRepository(db),
    sessions: new SessionsRepository(db),
    oneTimeTokens: new OneTimeTokensRepository(db),
    mailOutbox: new MailOutboxRepository(db, engine),
    alertChannels: new AlertChannelsRepository(db, engine),
    uploads: new UploadsRepository(db),
    audit: new AuditRepository(db, clock),
    retention: new RetentionRepository(db),
    errors: new ErrorsRepository(db),
    mailMonitoring: new MailMonitoringRepository(db),
    projects: new ProjectsRepository(db),
    costs: new CostsRepository(db, engine),
    closedMonths: new ClosedMonthsRepository(db, engine),
    importBatches: new ImportBatchesRepository(db, engine),
    usersBulk: new UsersBulkRepository(db, engine),
    overview: new OverviewRepository(db),
    metrics: new MetricsRepository(db, smtp),
    health: new HealthRepository(db),
    jobLeases: new JobLeaseRepository(db),
    sso: new SsoRepository(db),
    directory: new DirectoryRepository(db),
    scimTokens: new ScimTokensRepository(db),
    scimLog: new ScimLogRepository(db),
    alertRules: new AlertRulesRepository(db),
  };
}
