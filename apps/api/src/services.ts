import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.js';
import type { Database } from './db/database.js';
import { createUnitOfWork, type UnitOfWork } from './db/unit-of-work.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { CounterStore } from './lib/counter-store.js';
import { createPasswordHasher, type PasswordHasher } from './lib/password-hasher.js';
import { createSealedBox } from './lib/sealed-box.js';
import type { AuditRepository } from './modules/audit/audit.repository.js';
import type { LoginLockout } from './modules/lockout/login-lockout.js';
import { JobLeaseRepository } from './db/job-leases.js';
import { RetentionService } from './modules/retention/retention.service.js';
import {
  createMemoryRevocationBus,
  type RevocationBus,
} from './modules/sessions/revocation-bus.js';
import { HealthRepository } from './modules/health/health.repository.js';
import { InvitationsService } from './modules/invitations/invitations.service.js';
import { CostsService } from './modules/budgeting/costs.service.js';
import { ImportsService } from './modules/budgeting/imports.service.js';
import { ProjectsService } from './modules/budgeting/projects.service.js';
import { ErrorsService } from './modules/monitoring/errors.service.js';
import { MailMonitoringService } from './modules/monitoring/mail.service.js';
import { OverviewRepository } from './modules/monitoring/overview.repository.js';
import { AccountLinks, AccountMails } from './modules/mail/account-mails.js';
import { MailDeliveryCheck } from './modules/monitoring/mail-delivery.js';
import { MailOutbox } from './modules/mail/mail-outbox.js';
import { MailWorker } from './modules/mail/mail-worker.js';
import { createSmtpTransport } from './modules/mail/smtp-transport.js';
import { OneTimeTokensService } from './modules/one-time-tokens/one-time-tokens.service.js';
import { ForgotPasswordQuota } from './modules/passwords/forgot-password-quota.js';
import { PasswordsService } from './modules/passwords/passwords.service.js';
import { SessionsService } from './modules/sessions/sessions.service.js';
import { UploadStorage } from './modules/uploads/upload-storage.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { RememberedMatches } from './modules/users/remembered-matches.js';
import type { UsersRepository } from './modules/users/users.repository.js';
import { UsersService } from './modules/users/users.service.js';
import { PersonalDataService } from './modules/personal-data/personal-data.service.js';
import { createRepositories, type Repositories } from './repositories.js';

/** Everything that needs only the database and the config: shared by the server and the CLI. */
export interface CoreServices {
  /** The one source of the current time (a ManualClock in tests). */
  clock: Clock;
  retention: RetentionService;
  hasher: PasswordHasher;
  unitOfWork: UnitOfWork<Repositories>;
  /** Every repository on the connection pool (tests and tools read through them). */
  repositories: Repositories;
  audit: AuditRepository;
  usersRepository: UsersRepository;
  users: UsersService;
  /** GET /users/profile/export: a user's own data. */
  personalData: PersonalDataService;
  sessions: SessionsService;
  uploads: UploadsService;
  health: HealthRepository;
  /** Monitoring › Errors: recording and the admin's view. */
  errors: ErrorsService;
  /** Budgeting & Cost tracking. */
  budgeting: BudgetingServices;
}

export interface BudgetingServices {
  projects: ProjectsService;
  costs: CostsService;
  imports: ImportsService;
}

function createBudgetingServices(
  repos: Repositories,
  unitOfWork: UnitOfWork<Repositories>,
  clock: Clock,
): BudgetingServices {
  const projects = new ProjectsService({ repository: repos.projects, unitOfWork, clock });
  return {
    projects,
    costs: new CostsService({ repository: repos.costs, projects, unitOfWork, clock }),
    imports: new ImportsService({
      batches: repos.importBatches,
      costs: repos.costs,
      projects,
      unitOfWork,
      clock,
    }),
  };
}

/**
 * `revocations` reaches every process's session cache; without it revocations reach only this
 * set of services (the CLI without Redis: the server's cache forgets within SESSION_CACHE_TTL).
 */
export function createCoreServices(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  revocations: RevocationBus = createMemoryRevocationBus(),
  clock: Clock = systemClock,
): CoreServices {
  const { db, engine } = database;
  const hasher = createPasswordHasher({ queue: config.limits.passwordHashQueue, log });
  const options = { engine, clock, twoStepRoles: config.twoStepRequiredRoles };
  const repositories = createRepositories(db, {
    ...options,
    remembered: new RememberedMatches(db),
  });
  const unitOfWork = createUnitOfWork(db, (transaction) =>
    createRepositories(transaction, options),
  );
  const { audit, users: usersRepository } = repositories;
  const uploads = new UploadsService(
    repositories.uploads,
    new UploadStorage(config.uploadDir),
    log,
    audit,
    { maxFiles: config.limits.unusedUploadFiles, maxBytes: config.limits.unusedUploadBytes },
    clock,
  );
  const sessions = new SessionsService({
    repository: repositories.sessions,
    unitOfWork,
    policy: {
      refreshTokenTtlMs: config.auth.refreshTokenTtlMs,
      idleTimeoutMs: config.auth.sessionIdleTimeoutMs,
      maxAgeMs: config.auth.sessionMaxAgeMs,
      reuseGraceMs: config.auth.refreshReuseGraceMs,
      cacheTtlMs: config.auth.sessionCacheTtlMs,
    },
    successorBox: createSealedBox(config.auth.secret, 'refresh-successor'),
    revocations,
    log,
    clock,
  });
  const errors = new ErrorsService({
    repository: repositories.errors,
    audit,
    unitOfWork,
    retention: {
      occurrenceMs: config.errors.occurrenceRetentionMs,
      groupMs: config.errors.groupRetentionMs,
    },
    release: config.errors.release,
    browserReportsPerDay: config.errors.browserReportsPerDay,
    log,
    clock,
  });
  const users = new UsersService({
    repository: usersRepository,
    hasher,
    sessions,
    unitOfWork,
    uploads,
    clock,
  });
  return {
    clock,
    retention: new RetentionService({
      repository: repositories.retention,
      leases: new JobLeaseRepository(db),
      users,
      usersRepository,
      sessions,
      errors,
      twoStep: repositories.twoStep,
      passkeys: repositories.passkeys,
      unitOfWork,
      accountExpiryMs: config.accountExpiryMs,
      log,
      clock,
    }),
    hasher,
    unitOfWork,
    repositories,
    audit,
    usersRepository,
    users,
    personalData: new PersonalDataService({
      users: usersRepository,
      sessions,
      twoStep: repositories.twoStep,
      audit,
      clock,
    }),
    sessions,
    uploads,
    health: new HealthRepository(db),
    errors,
    budgeting: createBudgetingServices(repositories, unitOfWork, clock),
  };
}

/** The account lifecycle by email: tokens, the mail outbox and its worker, and the flows. */
export interface AccountServices {
  tokens: OneTimeTokensService;
  invitations: InvitationsService;
  passwords: PasswordsService;
  mailWorker: MailWorker;
  /** Account mails into the outbox (two-step sign-in sends its own through it). */
  mails: AccountMails;
  /** Monitoring › Mail: the outbox for admins. */
  mailMonitoring: MailMonitoringService;
}

export function createAccountServices(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  deps: { core: CoreServices; counters: CounterStore; lockout: LoginLockout },
): AccountServices {
  const { core } = deps;
  const { unitOfWork, clock } = core;
  const box = createSealedBox(config.auth.secret, 'mail-outbox');
  const tokens = new OneTimeTokensService(
    core.repositories.oneTimeTokens,
    {
      confirmation_token: config.auth.invitationTtlMs,
      reset_password_token: config.auth.resetPasswordTtlMs,
    },
    clock,
  );
  const mailWorker = new MailWorker({
    repository: core.repositories.mailOutbox,
    box,
    transport: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : undefined,
    config: config.mail,
    log,
    clock,
    onLinkDelivered: (tokenId) => tokens.supersede(tokenId),
  });
  const mails = new AccountMails(
    new MailOutbox(box, clock, () => mailWorker.notify()),
    new AccountLinks(config.appUrl),
  );
  return {
    tokens,
    mailWorker,
    mails,
    mailMonitoring: new MailMonitoringService({
      repository: core.repositories.mailMonitoring,
      users: core.usersRepository,
      unitOfWork,
      mails,
      wakeWorker: () => mailWorker.notify(),
      smtp: Boolean(config.mail.smtpUrl),
      clock,
    }),
    invitations: new InvitationsService({
      unitOfWork,
      users: core.users,
      usersRepository: core.usersRepository,
      tokens,
      mails,
      hasher: core.hasher,
      delivery: new MailDeliveryCheck({
        outbox: new OverviewRepository(database.db),
        smtp: Boolean(config.mail.smtpUrl),
        clock,
      }),
      clock,
    }),
    passwords: new PasswordsService({
      unitOfWork,
      users: core.usersRepository,
      tokens,
      mails,
      hasher: core.hasher,
      quota: new ForgotPasswordQuota(deps.counters, config.limits.forgotPasswordPerHour, () =>
        clock.now(),
      ),
      lockout: deps.lockout,
      sessions: core.sessions,
      audit: core.audit,
      clock,
    }),
  };
}
