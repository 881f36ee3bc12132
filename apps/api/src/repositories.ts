import type { Position } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import type { DbEngine } from './db/database.js';
import type { DB } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import { JobLeaseRepository } from './db/job-leases.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { CostsRepository } from './modules/budgeting/costs.repository.js';
import { ImportBatchesRepository } from './modules/budgeting/import-batches.repository.js';
import { ProjectsRepository } from './modules/budgeting/projects.repository.js';
import { HealthRepository } from './modules/health/health.repository.js';
import { ErrorsRepository } from './modules/monitoring/errors.repository.js';
import { MailMonitoringRepository } from './modules/monitoring/mail.repository.js';
import { MetricsRepository } from './modules/monitoring/metrics.repository.js';
import { OverviewRepository } from './modules/monitoring/overview.repository.js';
import { RetentionRepository } from './modules/retention/retention.repository.js';
import { MailOutboxRepository } from './modules/mail/mail-outbox.repository.js';
import { OneTimeTokensRepository } from './modules/one-time-tokens/one-time-tokens.repository.js';
import { SessionsRepository } from './modules/sessions/sessions.repository.js';
import { UploadsRepository } from './modules/uploads/uploads.repository.js';
import { PasskeysRepository } from './modules/two-step/passkeys.repository.js';
import { TwoStepRepository } from './modules/two-step/two-step.repository.js';
import type { RememberedMatches } from './modules/users/remembered-matches.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UsersBulkRepository } from './modules/users-bulk/users-bulk.repository.js';

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
  uploads: UploadsRepository;
  audit: AuditRepository;
  retention: RetentionRepository;
  errors: ErrorsRepository;
  mailMonitoring: MailMonitoringRepository;
  projects: ProjectsRepository;
  costs: CostsRepository;
  importBatches: ImportBatchesRepository;
  usersBulk: UsersBulkRepository;
  /** Monitoring › Overview's figures and the processes' heartbeats. */
  overview: OverviewRepository;
  metrics: MetricsRepository;
  health: HealthRepository;
  /** Who runs a periodic job now (db/job-leases.ts). */
  jobLeases: JobLeaseRepository;
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
    uploads: new UploadsRepository(db),
    audit: new AuditRepository(db, clock),
    retention: new RetentionRepository(db),
    errors: new ErrorsRepository(db),
    mailMonitoring: new MailMonitoringRepository(db),
    projects: new ProjectsRepository(db),
    costs: new CostsRepository(db, engine),
    importBatches: new ImportBatchesRepository(db, engine),
    usersBulk: new UsersBulkRepository(db, engine),
    overview: new OverviewRepository(db),
    metrics: new MetricsRepository(db, smtp),
    health: new HealthRepository(db),
    jobLeases: new JobLeaseRepository(db),
  };
}
