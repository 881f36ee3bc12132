import { randomUUID } from 'node:crypto';
import { SCIM_BASE_PATH } from '@staff-admin/shared';
import Fastify, { type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config, TrustProxy } from './config/env.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { CounterStore } from './lib/counter-store.js';
import { Drain } from './lib/drain.js';
import type { PasswordHashCost } from './lib/password-hasher.js';
import {
  alertChannelsRoutes,
  type AlertDelivery,
  type WebhookWorker,
} from './modules/alert-channels/index.js';
import { alertRulesRoutes, type AlertEvaluator } from './modules/alert-rules/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { authRoutes } from './modules/auth/index.js';
import { ssoRoutes } from './modules/sso/index.js';
import { directoryRoutes, scimRoutes, sendScimError } from './modules/scim/index.js';
import { healthRoutes } from './modules/health/index.js';
import { invitationsRoutes } from './modules/invitations/index.js';
import {
  closedMonthsRoutes,
  costRatesRoutes,
  costsRoutes,
  importsRoutes,
  projectsRoutes,
} from './modules/budgeting/index.js';
import {
  errorsRoutes,
  securityRoutes,
  mailMonitoringRoutes,
  overviewRoutes,
  uptimeRoutes,
  HEARTBEAT_INTERVAL_MS,
  type OverviewService,
  type UptimeExclusions,
  type UptimeSampler,
} from './modules/monitoring/index.js';
import { oneTimeTokensRoutes } from './modules/one-time-tokens/index.js';
import { passwordsRoutes } from './modules/passwords/index.js';
import { type RevocationBus, type TokenSigner, sessionsRoutes } from './modules/sessions/index.js';
import { uploadsRoutes } from './modules/uploads/index.js';
import { usersRoutes } from './modules/users/index.js';
import { personalDataRoutes } from './modules/personal-data/index.js';
import { usersBulkRoutes, type UsersBulkService } from './modules/users-bulk/index.js';
import { twoStepRoutes, type TwoStepServices, passkeysRoutes } from './modules/two-step/index.js';
import { serializerCompiler } from './http/serializer.js';
import { queryParametersListed, validatorCompiler } from './http/validator.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authenticatePlugin } from './plugins/authenticate.js';
import { authorizePlugin } from './plugins/authorize.js';
import { errorCapturePlugin } from './plugins/error-capture.js';
import { metricsPlugin } from './plugins/metrics.js';
import { createErrorHandler, isApiPath, notFoundHandler } from './plugins/error-handler.js';
import { mailerPlugin } from './plugins/mailer.js';
import { webhooksPlugin } from './plugins/webhooks.js';
import { periodicJob } from './plugins/periodic-job.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { drainPlugin } from './plugins/drain.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { staticSitePlugin } from './plugins/static-site.js';
import { composeServer, type CoreServices } from './composition.js';
import type { MailWorker } from './modules/mail/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes (tests and tools use them directly). */
    services: CoreServices;
    /** The outbox worker (tests wait for its passes). */
    mailWorker: MailWorker;
    /** The webhook outbox worker (tests move the clock and wait for its passes). */
    webhookWorker: WebhookWorker;
    /** Alert notices to channels (tests send through it as the alert rules do). */
    alertDelivery: AlertDelivery;
    /** Monitoring › Overview (tests write heartbeats with it). */
    overview: OverviewService;
    /** Uptime history's sampler (tests move the clock and call `sample`). */
    uptimeSampler: UptimeSampler;
    /** Two-step sign-in (the passkey calls build on it). */
    twoStep: TwoStepServices;
    /** POST /users/bulk (tests call it with an actor whose rights are stale). */
    usersBulk: UsersBulkService;
    /** The access tokens' JWT signer and verifier (tests sign with it). */
    jwt: TokenSigner;
    /** The alert rules' evaluator (tests run a pass with the injected clock). */
    alertEvaluator: AlertEvaluator;
    /** Begun by server.ts on SIGTERM: readiness 503, every connection closed after its answer. */
    drain: Drain;
  }
}

/** SCIM's paths: their errors are SCIM error bodies, even before routing. */
const isScimPath = (url: string) => url.startsWith(`${SCIM_BASE_PATH}/`);

/** JSON bodies are small; routes that take files (uploads) set their own limit. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Scheduled jobs: abandoned uploads are swept hourly, data retention runs daily. */
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * The uptime sampler looks this often, four times a sample slot (UPTIME_SAMPLE_INTERVAL_MS), so
 * that no slot is missed; it samples only when the slot has no sample yet.
 */
const UPTIME_LOOK_INTERVAL_MS = 15 * 1000;

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
  /** The maintenance windows, left out of uptime availability; none unless given. */
  uptimeExclusions?: UptimeExclusions;
  /** Where alert notices go; the alert channels module's unless given. */
  alertDelivery?: AlertDelivery;
  /** argon2id's cost: PASSWORD_HASH_COST unless given (tests give a cheaper one). */
  passwordHashCost?: PasswordHashCost;
}

/**
 * The app: plugins, hooks and routes in their order, over what the composition root
 * (composition.ts) built; nothing is constructed here.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const { infrastructure, services } = await composeServer(config, options);
  const { logger, logController, clock, redis, counters } = infrastructure;
  const { core, account } = services;
  const now = () => clock.now();
  const errorHandler = createErrorHandler(clock);
  const app = Fastify({
    loggerInstance: logger,
    logController,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A malformed or overlong URL is answered before routing: in the contract's shape too.
    frameworkErrors: (error, request, reply) => {
      if (isScimPath(request.url)) void sendScimError(error, request, reply);
      else void errorHandler(error, request, reply);
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
    // SCIM answers hold staff too: never kept by a browser or a proxy either.
    const api = isApiPath(request.url) || isScimPath(request.url);
    if (api && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
  app.addHook('onClose', () => infrastructure.close());
  const drain = new Drain();
  app.decorate('drain', drain);
  await app.register(drainPlugin, { drain });

  await app.register(securityHeadersPlugin, { https: config.appUrl.startsWith('https:') });
  await app.register(rateLimitPlugin, { counters, now });
  app.decorate('services', core);
  app.decorate('mailWorker', account.mailWorker);
  app.decorate('webhookWorker', services.webhookWorker);
  app.decorate('alertDelivery', services.alertDelivery);
  app.decorate('twoStep', services.twoStep);
  app.decorate('usersBulk', services.usersBulk);
  app.decorate('overview', services.overview);
  app.decorate('uptimeSampler', services.uptimeSampler);
  app.decorate('jwt', services.jwt);
  app.decorate('alertEvaluator', services.alertEvaluator);

  // Registered after the hook above that closes the database, so they stop first.
  await app.register(mailerPlugin, { worker: account.mailWorker });
  await app.register(webhooksPlugin, { worker: services.webhookWorker });
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
  // Every process schedules them; the period slot lets one run them per period, and the job's
  // lease keeps two runs from overlapping.
  const oncePerPeriod = { leases: core.repositories.jobLeases, clock };
  await app.register(
    periodicJob({
      name: 'retention',
      intervalMs: config.retentionIntervalMs,
      run: async () => {
        await core.retention.run();
      },
      oncePerPeriod,
    }),
  );
  await app.register(
    periodicJob({
      name: 'alerts',
      intervalMs: config.alerts.evaluationIntervalMs,
      run: async () => {
        await services.alertEvaluator.evaluate();
      },
      oncePerPeriod,
    }),
  );
  // Every process writes its own heartbeat row (the overview's process cards) and removes it on close.
  await app.register(
    periodicJob({
      name: 'heartbeat',
      intervalMs: HEARTBEAT_INTERVAL_MS,
      run: () => services.overview.beat(),
      stop: () => services.overview.leave(),
    }),
  );
  // Every process looks; the first to find a minute's slot empty samples it (keyed per slot).
  await app.register(
    periodicJob({
      name: 'uptime-sampler',
      intervalMs: UPTIME_LOOK_INTERVAL_MS,
      run: () => services.uptimeSampler.look(),
    }),
  );
  await app.register(authenticatePlugin, {
    auth: services.auth,
    twoStepRoles: config.twoStepRequiredRoles,
  });
  await app.register(authorizePlugin, { audit: core.audit });
  await app.register(errorCapturePlugin, { errors: core.errors });
  if (services.metrics && config.metricsToken) {
    await app.register(metricsPlugin, { metrics: services.metrics, token: config.metricsToken });
  }
  await app.register(apiDocsPlugin, { appUrl: config.appUrl, access: config.apiDocs });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { health: core.health, redis, drain });
      await api.register(authRoutes, {
        auth: services.auth,
        providerSignOut: (sessionId) => services.sso.endSessionUrl(sessionId),
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(ssoRoutes, {
        sso: services.sso,
        secureCookie: config.appUrl.startsWith('https:'),
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(usersRoutes, { users: core.users });
      await api.register(personalDataRoutes, { personalData: core.personalData });
      await api.register(usersBulkRoutes, { bulk: services.usersBulk });
      await api.register(twoStepRoutes, {
        twoStep: services.twoStep,
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(passkeysRoutes, {
        passkeys: services.passkeys,
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(sessionsRoutes, { sessions: core.sessions, users: core.users });
      await api.register(auditRoutes, { audit: core.audit });
      await api.register(errorsRoutes, {
        errors: core.errors,
        reportsPerMinute: config.limits.errorReportsPerMinute,
      });
      await api.register(securityRoutes, {
        security: services.security,
      });
      await api.register(mailMonitoringRoutes, { mail: account.mailMonitoring });
      await api.register(overviewRoutes, { overview: services.overview });
      await api.register(uptimeRoutes, { uptime: core.uptime, clock });
      await api.register(alertChannelsRoutes, { channels: services.alertChannels });
      await api.register(alertRulesRoutes, { alertRules: services.alertRules });
      await api.register(projectsRoutes, { projects: core.budgeting.projects });
      await api.register(costsRoutes, { costs: core.budgeting.costs });
      await api.register(costRatesRoutes, { rates: core.budgeting.costRates });
      await api.register(closedMonthsRoutes, { closedMonths: core.budgeting.closedMonths });
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
      await api.register(directoryRoutes, { tokens: services.scim.tokens, log: services.scim.log });
    },
    { prefix: '/api' },
  );
  await app.register(scimRoutes, {
    prefix: SCIM_BASE_PATH,
    ...services.scim,
    appUrl: config.appUrl,
    requestsPerMinute: config.scim.requestsPerMinute,
    clock,
  });

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
