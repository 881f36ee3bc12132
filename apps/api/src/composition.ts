import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config/env.js';
import { createDatabase, type Database } from './db/database.js';
import { createUnitOfWork, type UnitOfWork } from './db/unit-of-work.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createMemoryCounterStore, type CounterStore } from './lib/counter-store.js';
import { withLocalFallback } from './lib/fallback-counter-store.js';
import { createLogger, RequestLogController } from './lib/logger.js';
import { createRedisCounterStore } from './lib/redis-counter-store.js';
import { closeRedis, createRedis, isRedisUp } from './lib/redis.js';
import { AuthService } from './modules/auth/index.js';
import { LoginLockout } from './modules/lockout/index.js';
import {
  Metrics,
  OverviewService,
  ProcessMonitor,
  SecurityService,
  ErrorsService,
  MailMonitoringService,
  MailDeliveryCheck,
} from './modules/monitoring/index.js';
import {
  AccessTokens,
  createTokenSigner,
  type TokenSigner,
  createRedisRevocationBus,
  createMemoryRevocationBus,
  type RevocationBus,
  SessionsService,
} from './modules/sessions/index.js';
import {
  createTwoStepServices,
  PasskeysService,
  relyingPartyOf,
  type TwoStepServices,
} from './modules/two-step/index.js';
import { BULK_ROWS_IN_FLIGHT_POSTGRES, UsersBulkService } from './modules/users-bulk/index.js';
import { createPasswordHasher, type PasswordHasher } from './lib/password-hasher.js';
import { createSealedBox } from './lib/sealed-box.js';
import type { AuditRepository } from './modules/audit/index.js';
import { RetentionService } from './modules/retention/index.js';
import type { HealthRepository } from './modules/health/index.js';
import { InvitationsService } from './modules/invitations/index.js';
import {
  ClosedMonthsService,
  CostRatesService,
  CostsService,
  ImportsService,
  ProjectsService,
} from './modules/budgeting/index.js';
import {
  AccountLinks,
  AccountMails,
  MailOutbox,
  MailWorker,
  createSmtpTransport,
} from './modules/mail/index.js';
import { OneTimeTokensService } from './modules/one-time-tokens/index.js';
import { ForgotPasswordQuota, PasswordsService } from './modules/passwords/index.js';
import { UploadStorage, UploadsService } from './modules/uploads/index.js';
import { RememberedMatches, type UsersRepository, UsersService } from './modules/users/index.js';
import { PersonalDataService } from './modules/personal-data/index.js';
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
  costRates: CostRatesService;
  closedMonths: ClosedMonthsService;
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
    costRates: new CostRatesService({ repository: repos.costs, unitOfWork, clock }),
    closedMonths: new ClosedMonthsService({ repository: repos.costs, unitOfWork, clock }),
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
  const options = {
    engine,
    clock,
    twoStepRoles: config.twoStepRequiredRoles,
    smtp: Boolean(config.mail.smtpUrl),
  };
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
      leases: repositories.jobLeases,
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
    health: repositories.health,
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
        outbox: core.repositories.overview,
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

/** What the server's processes share or must agree on, opened from the config. */
export interface Infrastructure {
  logger: Logger;
  /** How requests are logged (the level by route, see lib/logger.ts). */
  logController: RequestLogController;
  /** The one source of the current time for every service. */
  clock: Clock;
  database: Database;
  /** With REDIS_URL: rate limits, counters and revocations shared by every process. */
  redis: Redis | undefined;
  /** Lockout and quota counters. */
  counters: CounterStore;
  /** Session revocations, to every process's session cache. */
  revocations: RevocationBus;
  /** Closes what was opened here (a database that was given stays open). */
  close: () => Promise<void>;
}

export interface InfrastructureOptions {
  /** A database the caller owns (already migrated); otherwise one is opened and closed here. */
  database?: Database;
  logger?: Logger;
  /** Lockout and quota counters; in Redis with REDIS_URL, in memory otherwise, unless given. */
  counters?: CounterStore;
  /** Session revocations; over Redis with REDIS_URL, in memory otherwise, unless given. */
  revocations?: RevocationBus;
  /** The system clock unless given. */
  clock?: Clock;
}

/**
 * With REDIS_URL, everything several processes must agree on lives in Redis: per-IP rate limits
 * (given to the rate-limit plugin), lockout and quota counters, and the revocation channel of the
 * session caches.
 */
export async function openInfrastructure(
  config: Config,
  options: InfrastructureOptions = {},
): Promise<Infrastructure> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const database = options.database ?? createDatabase(config.database);
  const redis = config.redisUrl
    ? await createRedis({ url: config.redisUrl, prefix: config.redisPrefix }, logger)
    : undefined;
  const counters =
    options.counters ??
    (redis
      ? withLocalFallback(createRedisCounterStore(redis, now), {
          isUp: () => isRedisUp(redis),
          local: createMemoryCounterStore(now),
          log: logger,
          clock,
        })
      : createMemoryCounterStore(now));
  const revocations =
    options.revocations ??
    (redis
      ? await createRedisRevocationBus(redis, config.redisPrefix, logger)
      : createMemoryRevocationBus());
  return {
    logger,
    logController: new RequestLogController(),
    clock,
    database,
    redis,
    counters,
    revocations,
    async close() {
      await counters.close();
      await revocations.close();
      if (redis) await closeRedis(redis);
      if (!options.database) await database.db.destroy();
    },
  };
}

/** Every service behind the server's routes, plugins and jobs. */
export interface ServerServices {
  core: CoreServices;
  account: AccountServices;
  /** The access tokens' JWT signer and verifier. */
  jwt: TokenSigner;
  lockout: LoginLockout;
  auth: AuthService;
  twoStep: TwoStepServices;
  passkeys: PasskeysService;
  usersBulk: UsersBulkService;
  overview: OverviewService;
  security: SecurityService;
  /** Only with METRICS_TOKEN. */
  metrics: Metrics | undefined;
}

/** The one place the server's services are built (the CLI builds the core ones alone). */
export function createServerServices(
  config: Config,
  { logger: log, clock, database, redis, counters, revocations }: Infrastructure,
): ServerServices {
  const core = createCoreServices(database, config, log, revocations, clock);
  const lockout = new LoginLockout(counters, config.limits.loginFailuresBeforeLock, () =>
    clock.now(),
  );
  const account = createAccountServices(database, config, log, { core, counters, lockout });
  const jwt = createTokenSigner(config.auth.secret, config.auth.accessTokenTtlMs);
  const accessTokens = new AccessTokens(jwt, clock);
  const relyingParty = relyingPartyOf(config.appUrl);
  if (!relyingParty.usable) {
    log.warn(
      `APP_URL's host ${relyingParty.id} is an IP address: browsers refuse passkeys there, so ` +
        'none can be added or used; set APP_URL to a host name for them (docs/two-step.md)',
    );
  }
  if (config.nodeEnv === 'production' && config.twoStepRequiredRoles.length === 0) {
    log.warn(
      'MFA_REQUIRED_ROLES is unset: two-step sign-in is optional for every role (docs/two-step.md)',
    );
  }
  const twoStep = createTwoStepServices({
    repository: core.repositories.twoStep,
    users: core.usersRepository,
    sessions: core.sessions,
    hasher: core.hasher,
    accessTokens,
    lockout,
    unitOfWork: core.unitOfWork,
    audit: core.audit,
    mails: account.mails,
    totpBox: createSealedBox(config.auth.secret, 'totp-secret'),
    requiredRoles: config.twoStepRequiredRoles,
    passkeysAvailable: relyingParty.usable,
    clock,
  });
  return {
    core,
    account,
    jwt,
    lockout,
    twoStep,
    auth: new AuthService({
      users: core.usersRepository,
      sessions: core.sessions,
      hasher: core.hasher,
      accessTokens,
      lockout,
      unitOfWork: core.unitOfWork,
      audit: core.audit,
      twoStep: twoStep.signIn,
      clock,
    }),
    passkeys: new PasskeysService({
      repository: core.repositories.passkeys,
      users: core.usersRepository,
      unitOfWork: core.unitOfWork,
      core: twoStep,
      relyingParty,
      clock,
    }),
    usersBulk: new UsersBulkService({
      repository: core.repositories.usersBulk,
      users: core.users,
      invitations: account.invitations,
      sessions: core.sessions,
      log,
      clock,
      rowsInFlight: database.engine === 'postgres' ? BULK_ROWS_IN_FLIGHT_POSTGRES : 1,
    }),
    overview: new OverviewService({
      repository: core.repositories.overview,
      audit: core.audit,
      leases: core.repositories.jobLeases,
      monitor: new ProcessMonitor(clock.now()),
      pingDatabase: () => core.health.ping(),
      pingRedis: redis && (() => redis.ping()),
      smtp: Boolean(config.mail.smtpUrl),
      errorReports: () => core.errors.browserReportsToday(),
      release: config.errors.release,
      clock,
    }),
    security: new SecurityService({
      audit: core.audit,
      lockout,
      clock,
    }),
    metrics: config.metricsToken
      ? new Metrics(core.repositories.metrics, core.audit, clock, {
          release: config.errors.release,
        })
      : undefined,
  };
}

/** The server's whole graph: what the processes share, and the services built on it. */
export async function composeServer(
  config: Config,
  options: InfrastructureOptions = {},
): Promise<{ infrastructure: Infrastructure; services: ServerServices }> {
  const infrastructure = await openInfrastructure(config, options);
  return { infrastructure, services: createServerServices(config, infrastructure) };
}
