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
import {
  createPasswordHasher,
  type PasswordHashCost,
  type PasswordHasher,
} from './lib/password-hasher.js';
import {
  createAlertChannelsModule,
  type AlertChannelsService,
  type AlertDelivery,
  type WebhookWorker,
} from './modules/alert-channels/index.js';
import {
  createAlertRulesModule,
  maintenanceWindowsOf,
  type AlertEvaluator,
  type AlertRulesService,
} from './modules/alert-rules/index.js';
import type { AuditRepository } from './modules/audit/index.js';
import { createAuthModule, type AuthService } from './modules/auth/index.js';
import { createBudgetingModule, type BudgetingServices } from './modules/budgeting/index.js';
import type { HealthRepository } from './modules/health/index.js';
import { createInvitationsModule, type InvitationsService } from './modules/invitations/index.js';
import { createLockoutModule, type LoginLockout } from './modules/lockout/index.js';
import { createMailModule, type AccountMails, type MailWorker } from './modules/mail/index.js';
import {
  createErrorMonitoring,
  createMonitoringModule,
  createUptime,
  type ErrorsService,
  type MailMonitoringService,
  type Metrics,
  type OverviewService,
  type SecurityService,
  type UptimeExclusions,
  type UptimeSampler,
  type UptimeService,
} from './modules/monitoring/index.js';
import {
  createOneTimeTokensModule,
  type OneTimeTokensService,
} from './modules/one-time-tokens/index.js';
import { createPasswordsModule, type PasswordsService } from './modules/passwords/index.js';
import {
  createPersonalDataModule,
  type PersonalDataService,
} from './modules/personal-data/index.js';
import { createRetentionModule, type RetentionService } from './modules/retention/index.js';
import {
  type AccessTokens,
  createSessionsModule,
  type TokenSigner,
  createRedisRevocationBus,
  createMemoryRevocationBus,
  type RevocationBus,
  type SessionsService,
} from './modules/sessions/index.js';
import {
  createTwoStepModule,
  type PasskeysService,
  type TwoStepServices,
} from './modules/two-step/index.js';
import { createUploadsModule, type UploadsService } from './modules/uploads/index.js';
import {
  createUsersModule,
  RememberedMatches,
  type UsersRepository,
  type UsersService,
} from './modules/users/index.js';
import { createUsersBulkModule, type UsersBulkService } from './modules/users-bulk/index.js';
import { createSsoModule, createSsoRequirement, type SsoService } from './modules/sso/index.js';
import { createScimModule, type ScimModule } from './modules/scim/index.js';
import { createSealedBox } from './lib/sealed-box.js';
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
  /** Uptime history: the health samples, their daily rollups and availability. */
  uptime: UptimeService;
  /** Budgeting & Cost tracking. */
  budgeting: BudgetingServices;
}

/** The core services, and the access tokens the sessions module built with them (server only). */
interface Core {
  services: CoreServices;
  jwt: TokenSigner;
  accessTokens: AccessTokens;
}

/** Ports that other parts fill in; each has a default. */
export interface CorePorts {
  /** The maintenance windows, left out of availability; none unless given. */
  uptimeExclusions?: UptimeExclusions | undefined;
  /** argon2id's cost: PASSWORD_HASH_COST unless given (tests give a cheaper one). */
  passwordHashCost?: PasswordHashCost | undefined;
}

function composeCore(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  revocations: RevocationBus,
  clock: Clock,
  ports: CorePorts = {},
): Core {
  const { db, engine } = database;
  const hasher = createPasswordHasher({
    queue: config.limits.passwordHashQueue,
    log,
    cost: ports.passwordHashCost,
  });
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

  const { uploads } = createUploadsModule({
    repositories,
    db,
    uploadDir: config.uploadDir,
    uploadStorage: config.uploadStorage,
    limits: config.limits,
    log,
    clock,
  });
  const { sessions, jwt, accessTokens } = createSessionsModule({
    repository: repositories.sessions,
    unitOfWork,
    auth: config.auth,
    revocations,
    log,
    clock,
  });
  const { errors } = createErrorMonitoring({
    repositories,
    unitOfWork,
    config: config.errors,
    log,
    clock,
  });
  const { uptime } = createUptime({
    repositories,
    uptimeExclusions: ports.uptimeExclusions ?? maintenanceWindowsOf(repositories.alertRules),
    clock,
  });
  const { users } = createUsersModule({
    repository: usersRepository,
    hasher,
    sessions,
    unitOfWork,
    uploads,
    clock,
  });
  const { retention } = createRetentionModule({
    repository: repositories.retention,
    leases: repositories.jobLeases,
    users,
    usersRepository,
    sessions,
    errors,
    uptime,
    twoStep: repositories.twoStep,
    passkeys: repositories.passkeys,
    scimLog: repositories.scimLog,
    unitOfWork,
    accountExpiryMs: config.accountExpiryMs,
    log,
    clock,
  });
  const { personalData } = createPersonalDataModule({
    users: usersRepository,
    sessions,
    twoStep: repositories.twoStep,
    audit,
    clock,
  });
  const budgeting = createBudgetingModule({ repositories, unitOfWork, clock });
  return {
    services: {
      clock,
      retention,
      hasher,
      unitOfWork,
      repositories,
      audit,
      usersRepository,
      users,
      personalData,
      sessions,
      uploads,
      health: repositories.health,
      errors,
      uptime,
      budgeting,
    },
    jwt,
    accessTokens,
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
  return composeCore(database, config, log, revocations, clock).services;
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
  /** Where alert notices go; the alert channels module's unless given (tests record them). */
  alertDelivery?: AlertDelivery;
}

/** What the server is built with besides its infrastructure. */
export interface ServerOptions extends InfrastructureOptions, CorePorts {}

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
  /** Company sign-in with OpenID Connect (issue 35). */
  sso: SsoService;
  twoStep: TwoStepServices;
  passkeys: PasskeysService;
  usersBulk: UsersBulkService;
  /** Provisioning from the company's directory (SCIM, issue 36). */
  scim: ScimModule;
  overview: OverviewService;
  /** Keeps every Overview check's result once a minute. */
  uptimeSampler: UptimeSampler;
  security: SecurityService;
  /** Only with METRICS_TOKEN. */
  metrics: Metrics | undefined;
  /** Alert notices to channels (email and signed webhooks); the alert rules send through it. */
  alertDelivery: AlertDelivery;
  /** Monitoring › Alerts › Channels. */
  alertChannels: AlertChannelsService;
  /** Sends the webhook outbox (started with the app). */
  webhookWorker: WebhookWorker;
  /** Monitoring › Alerts: rules, incidents, maintenance windows. */
  alertRules: AlertRulesService;
  /** One pass over the alert rules (the periodic job's run). */
  alertEvaluator: AlertEvaluator;
}

/**
 * The one place the server's services are built, each module from its factory, in the order they
 * depend on each other (the CLI builds the core ones alone).
 */
export function createServerServices(
  config: Config,
  { logger: log, clock, database, redis, counters, revocations }: Infrastructure,
  ports: CorePorts = {},
  overrides: Pick<InfrastructureOptions, 'alertDelivery'> = {},
): ServerServices {
  const {
    services: core,
    jwt,
    accessTokens,
  } = composeCore(database, config, log, revocations, clock, ports);
  const { repositories, unitOfWork, hasher, audit, usersRepository, sessions } = core;
  const smtp = Boolean(config.mail.smtpUrl);

  const { lockout } = createLockoutModule({
    counters,
    failuresBeforeLock: config.limits.loginFailuresBeforeLock,
    clock,
  });
  const { tokens } = createOneTimeTokensModule({
    repository: repositories.oneTimeTokens,
    auth: config.auth,
    clock,
  });
  const mail = createMailModule({
    repository: repositories.mailOutbox,
    secret: config.auth.secret,
    mail: config.mail,
    appUrl: config.appUrl,
    onLinkDelivered: (tokenId) => tokens.supersede(tokenId),
    log,
    clock,
  });
  const ssoRequirement = createSsoRequirement(config);
  const { passwords } = createPasswordsModule({
    unitOfWork,
    users: usersRepository,
    tokens,
    mails: mail.mails,
    hasher,
    counters,
    forgotPasswordPerHour: config.limits.forgotPasswordPerHour,
    lockout,
    sessions,
    audit,
    ssoRequirement,
    clock,
  });
  // What both steps of a sign-in check a person and start a session with.
  const signIn = {
    users: usersRepository,
    sessions,
    hasher,
    accessTokens,
    lockout,
    unitOfWork,
    audit,
    clock,
  };
  const { twoStep, passkeys } = createTwoStepModule({
    ...signIn,
    repositories,
    mails: mail.mails,
    config,
    log,
  });
  const { auth } = createAuthModule({ ...signIn, twoStep: twoStep.signIn, ssoRequirement });
  const { sso, status: ssoStatus } = createSsoModule({
    oidc: config.oidc,
    roleMapping: config.roleMapping,
    appUrl: config.appUrl,
    ssoRequiredDomains: config.ssoRequiredDomains,
    twoStepRequiredRoles: config.twoStepRequiredRoles,
    repository: repositories.sso,
    unitOfWork,
    sessions,
    accessTokens,
    twoStep: twoStep.signIn,
    audit,
    box: createSealedBox(config.auth.secret, 'sso-exchange'),
    clock,
  });
  const monitoring = createMonitoringModule({
    repositories,
    users: usersRepository,
    unitOfWork,
    mails: mail.mails,
    wakeMailWorker: () => mail.worker.notify(),
    lockout,
    errors: core.errors,
    uptime: core.uptime,
    log,
    pingDatabase: () => core.health.ping(),
    pingRedis: redis && (() => redis.ping()),
    smtp,
    release: config.errors.release,
    metrics: Boolean(config.metricsToken),
    identityProvider: ssoStatus,
    clock,
  });
  const alerts = createAlertChannelsModule({
    repository: repositories.alertChannels,
    unitOfWork,
    mails: mail.mails,
    secret: config.auth.secret,
    allowPrivate: config.alerts.webhookAllowPrivate,
    appUrl: config.appUrl,
    log,
    clock,
  });
  const alertDelivery = overrides.alertDelivery ?? alerts.alertDelivery;
  const { alertRules, alertEvaluator } = createAlertRulesModule({
    repositories,
    unitOfWork,
    delivery: alertDelivery,
    checks: () => monitoring.overview.currentChecks(),
    appUrl: config.appUrl,
    log,
    clock,
  });
  const { invitations } = createInvitationsModule({
    unitOfWork,
    users: core.users,
    usersRepository,
    tokens,
    mails: mail.mails,
    hasher,
    delivery: monitoring.mailDelivery,
    clock,
  });
  const { usersBulk } = createUsersBulkModule({
    repository: repositories.usersBulk,
    users: core.users,
    invitations,
    sessions,
    log,
    clock,
    engine: database.engine,
  });
  const scim = createScimModule({
    config: config.scim,
    roleMapping: config.roleMapping,
    appUrl: config.appUrl,
    engine: database.engine,
    repositories,
    unitOfWork,
    sessions,
    tokens,
    mails: mail.mails,
    uploads: core.uploads,
    clock,
  });
  return {
    core,
    account: {
      tokens,
      invitations,
      passwords,
      mailWorker: mail.worker,
      mails: mail.mails,
      mailMonitoring: monitoring.mailMonitoring,
    },
    jwt,
    lockout,
    auth,
    sso,
    twoStep,
    passkeys,
    usersBulk,
    scim,
    overview: monitoring.overview,
    uptimeSampler: monitoring.uptimeSampler,
    security: monitoring.security,
    metrics: monitoring.metrics,
    alertDelivery,
    alertChannels: alerts.channels,
    webhookWorker: alerts.webhookWorker,
    alertRules,
    alertEvaluator,
  };
}

/** The server's whole graph: what the processes share, and the services built on it. */
export async function composeServer(
  config: Config,
  options: ServerOptions = {},
): Promise<{ infrastructure: Infrastructure; services: ServerServices }> {
  const infrastructure = await openInfrastructure(config, options);
  return {
    infrastructure,
    services: createServerServices(
      config,
      infrastructure,
      { uptimeExclusions: options.uptimeExclusions, passwordHashCost: options.passwordHashCost },
      options,
    ),
  };
}
