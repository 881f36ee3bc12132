import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import Fastify, { type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config, TrustProxy } from './config/env.js';
import { createDatabase, type Database } from './db/database.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createMemoryCounterStore, type CounterStore } from './lib/counter-store.js';
import { createLogger, RequestLogController } from './lib/logger.js';
import { createRedisCounterStore } from './lib/redis-counter-store.js';
import { withLocalFallback } from './lib/fallback-counter-store.js';
import { closeRedis, createRedis, isRedisUp } from './lib/redis.js';
import { AccessTokens, jwtOptions } from './modules/sessions/access-tokens.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginLockout } from './modules/lockout/login-lockout.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { Metrics } from './modules/monitoring/metrics.js';
import { MetricsRepository } from './modules/monitoring/metrics.repository.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { costsRoutes } from './modules/budgeting/costs.routes.js';
import { importsRoutes } from './modules/budgeting/imports.routes.js';
import { projectsRoutes } from './modules/budgeting/projects.routes.js';
import { errorsRoutes } from './modules/monitoring/errors.routes.js';
import { securityRoutes } from './modules/monitoring/security.routes.js';
import { SecurityService } from './modules/monitoring/security.service.js';
import { mailMonitoringRoutes } from './modules/monitoring/mail.routes.js';
import { OverviewRepository } from './modules/monitoring/overview.repository.js';
import { overviewRoutes } from './modules/monitoring/overview.routes.js';
import { HEARTBEAT_INTERVAL_MS, OverviewService } from './modules/monitoring/overview.service.js';
import { ProcessMonitor } from './modules/monitoring/process-monitor.js';
import { JobLeaseRepository } from './db/job-leases.js';
import { oneTimeTokensRoutes } from './modules/one-time-tokens/one-time-tokens.routes.js';
import { passwordsRoutes } from './modules/passwords/passwords.routes.js';
import {
  createMemoryRevocationBus,
  createRedisRevocationBus,
  type RevocationBus,
} from './modules/sessions/revocation-bus.js';
import { sessionsRoutes } from './modules/sessions/sessions.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes.js';
import { UsersBulkRepository } from './modules/users-bulk/users-bulk.repository.js';
import { usersBulkRoutes } from './modules/users-bulk/users-bulk.routes.js';
import {
  BULK_ROWS_IN_FLIGHT_POSTGRES,
  UsersBulkService,
} from './modules/users-bulk/users-bulk.service.js';
import { TwoStepRepository } from './modules/two-step/two-step.repository.js';
import { twoStepRoutes } from './modules/two-step/two-step.routes.js';
import { TwoStepService } from './modules/two-step/two-step.service.js';
import { PasskeysRepository } from './modules/two-step/passkeys.repository.js';
import { passkeysRoutes } from './modules/two-step/passkeys.routes.js';
import { PasskeysService, relyingPartyOf } from './modules/two-step/passkeys.service.js';
import { createSealedBox } from './lib/sealed-box.js';
import { serializerCompiler } from './http/serializer.js';
import { queryParametersListed, validatorCompiler } from './http/validator.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authenticatePlugin } from './plugins/authenticate.js';
import { authorizePlugin } from './plugins/authorize.js';
import { errorCapturePlugin } from './plugins/error-capture.js';
import { metricsPlugin } from './plugins/metrics.js';
import { createErrorHandler, isApiPath, notFoundHandler } from './plugins/error-handler.js';
import { mailerPlugin } from './plugins/mailer.js';
import { periodicJob } from './plugins/periodic-job.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { staticSitePlugin } from './plugins/static-site.js';
import { createAccountServices, createCoreServices, type CoreServices } from './services.js';
import type { MailWorker } from './modules/mail/mail-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes (tests and tools use them directly). */
    services: CoreServices;
    /** The outbox worker (tests wait for its passes). */
    mailWorker: MailWorker;
    /** Monitoring › Overview (tests write heartbeats with it). */
    overview: OverviewService;
    /** Two-step sign-in (the passkey calls build on it). */
    twoStep: TwoStepService;
    /** POST /users/bulk (tests call it with an actor whose rights are stale). */
    usersBulk: UsersBulkService;
  }
}

/** JSON bodies are small; routes that take files (uploads) set their own limit. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Scheduled jobs: abandoned uploads are swept hourly, data retention runs daily. */
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface BuildAppOptions {
  /** A database the caller owns (already migrated); otherwise one is opened and closed with the app. */
  database?: Database;
  logger?: Logger;
  /** Lockout and quota counters; in Redis with REDIS_URL, in memory otherwise, unless given. */
  counters?: CounterStore;
  /** Session revocations; over Redis with REDIS_URL, in memory otherwise, unless given. */
  revocations?: RevocationBus;
  /** The one source of the current time for every service; the system clock unless given. */
  clock?: Clock;
  /** Told of every route as it is registered (the authorization matrix lists them with it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The app. With REDIS_URL, everything several processes must agree on lives in Redis: per-IP
 * rate limits, lockout and quota counters, and the revocation channel of the session caches.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}) {
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
  const errorHandler = createErrorHandler(clock);
  const app = Fastify({
    loggerInstance: logger,
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A malformed or overlong URL is answered before routing: in the contract's shape too.
    frameworkErrors: (error, request, reply) => {
      void errorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRoute', queryParametersListed);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  // The API speaks JSON only; any other body type answers 415.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  // Fastify's JSON parser (prototype poisoning refused), except that an empty body is no body:
  // clients often send a JSON content type on bodiless calls such as refresh and logout.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body: string, done) => {
      if (body === '') done(null, undefined);
      else void parseJson(request, body, done);
    },
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
  app.addHook('onClose', async () => {
    await counters.close();
    await revocations.close();
    if (redis) await closeRedis(redis);
    if (!options.database) await database.db.destroy();
  });

  await app.register(securityHeadersPlugin, { https: config.appUrl.startsWith('https:') });
  await app.register(rateLimitPlugin, { counters, now });
  await app.register(fastifyJwt, jwtOptions(config.auth.secret, config.auth.accessTokenTtlMs));

  const core = createCoreServices(database, config, app.log, revocations, clock);
  app.decorate('services', core);
  const lockout = new LoginLockout(counters, config.limits.loginFailuresBeforeLock, now);
  const account = createAccountServices(database, config, app.log, { core, counters, lockout });
  app.decorate('mailWorker', account.mailWorker);
  const accessTokens = new AccessTokens(app.jwt, clock);
  const relyingParty = relyingPartyOf(config.appUrl);
  if (!relyingParty.usable) {
    app.log.warn(
      `APP_URL's host ${relyingParty.id} is an IP address: browsers refuse passkeys there, so ` +
        'none can be added or used; set APP_URL to a host name for them (docs/two-step.md)',
    );
  }
  const twoStep = new TwoStepService({
    repository: new TwoStepRepository(database.db),
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
  app.decorate('twoStep', twoStep);
  const usersBulk = new UsersBulkService({
    repository: new UsersBulkRepository(database.db, database.engine),
    users: core.users,
    invitations: account.invitations,
    sessions: core.sessions,
    log: app.log,
    clock,
    rowsInFlight: database.engine === 'postgres' ? BULK_ROWS_IN_FLIGHT_POSTGRES : 1,
  });
  app.decorate('usersBulk', usersBulk);
  if (config.nodeEnv === 'production' && config.twoStepRequiredRoles.length === 0) {
    app.log.warn(
      'MFA_REQUIRED_ROLES is unset: two-step sign-in is optional for every role (docs/two-step.md)',
    );
  }
  const auth = new AuthService({
    users: core.usersRepository,
    sessions: core.sessions,
    hasher: core.hasher,
    accessTokens,
    lockout,
    unitOfWork: core.unitOfWork,
    audit: core.audit,
    twoStep,
    clock,
  });

  // Registered after the hook above that closes the database, so they stop first.
  await app.register(mailerPlugin, { worker: account.mailWorker });
  await app.register(
    periodicJob({
      name: 'upload-sweep',
      intervalMs: UPLOAD_SWEEP_INTERVAL_MS,
      run: async () => {
        const removed = await core.uploads.sweep();
        if (removed > 0) app.log.info({ removed }, 'unreferenced uploads removed');
      },
    }),
  );
  // Every process schedules it; the job's lease lets one run at a time.
  await app.register(
    periodicJob({
      name: 'retention',
      intervalMs: RETENTION_INTERVAL_MS,
      run: async () => {
        await core.retention.run();
      },
    }),
  );
  const overview = new OverviewService({
    repository: new OverviewRepository(database.db),
    audit: core.audit,
    leases: new JobLeaseRepository(database.db),
    monitor: new ProcessMonitor(clock.now()),
    pingDatabase: () => core.health.ping(),
    pingRedis: redis && (() => redis.ping()),
    smtp: Boolean(config.mail.smtpUrl),
    errorReports: () => core.errors.browserReportsToday(),
    release: config.errors.release,
    clock,
  });
  app.decorate('overview', overview);
  // Every process writes its own heartbeat row (the overview's process cards) and removes it on close.
  await app.register(
    periodicJob({
      name: 'heartbeat',
      intervalMs: HEARTBEAT_INTERVAL_MS,
      run: () => overview.beat(),
      stop: () => overview.leave(),
    }),
  );
  await app.register(authenticatePlugin, { auth, twoStepRoles: config.twoStepRequiredRoles });
  await app.register(authorizePlugin, { audit: core.audit });
  await app.register(errorCapturePlugin, { errors: core.errors });
  if (config.metricsToken) {
    const metrics = new Metrics(
      new MetricsRepository(database.db, Boolean(config.mail.smtpUrl)),
      core.audit,
      clock,
      {
        release: config.errors.release,
      },
    );
    await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  }
  await app.register(apiDocsPlugin, { appUrl: config.appUrl, access: config.apiDocs });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { health: core.health, redis });
      await api.register(authRoutes, {
        auth,
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(usersRoutes, { users: core.users });
      await api.register(personalDataRoutes, { personalData: core.personalData });
      await api.register(usersBulkRoutes, { bulk: usersBulk });
      await api.register(twoStepRoutes, {
        twoStep,
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(passkeysRoutes, {
        passkeys: new PasskeysService({
          repository: new PasskeysRepository(database.db),
          users: core.usersRepository,
          unitOfWork: core.unitOfWork,
          core: twoStep,
          relyingParty,
          clock,
        }),
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(sessionsRoutes, { sessions: core.sessions, users: core.users });
      await api.register(auditRoutes, { audit: core.audit });
      await api.register(errorsRoutes, {
        errors: core.errors,
        reportsPerMinute: config.limits.errorReportsPerMinute,
      });
      await api.register(securityRoutes, {
        security: new SecurityService({
          audit: core.audit,
          lockout,
          clock,
        }),
      });
      await api.register(mailMonitoringRoutes, { mail: account.mailMonitoring });
      await api.register(overviewRoutes, { overview });
      await api.register(projectsRoutes, { projects: core.budgeting.projects });
      await api.register(costsRoutes, { costs: core.budgeting.costs });
      await api.register(importsRoutes, {
        imports: core.budgeting.imports,
        importsPerMinute: config.limits.uploadsPerMinute,
      });
      await api.register(oneTimeTokensRoutes, {
        tokens: account.tokens,
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(invitationsRoutes, {
        invitations: account.invitations,
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(passwordsRoutes, {
        passwords: account.passwords,
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(uploadsRoutes, {
        uploads: core.uploads,
        uploadsPerMinute: config.limits.uploadsPerMinute,
      });
    },
    { prefix: '/api' },
  );

  await app.register(staticSitePlugin, {
    distDir: config.webDistDir,
    supportEmail: config.supportEmail,
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** A hop count trusts that many proxies in front of us (Fastify's typings take it as a function). */
function fastifyTrustProxy(trustProxy: TrustProxy | undefined) {
  if (typeof trustProxy === 'number') return (_address: string, hop: number) => hop < trustProxy;
  return trustProxy ?? false;
}
