import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config, TrustProxy } from './config/env.js';
import { createDatabase, type Database } from './db/database.js';
import { createMemoryCounterStore, type CounterStore } from './lib/counter-store.js';
import { createLogger } from './lib/logger.js';
import { AccessTokens, jwtOptions } from './modules/auth/access-tokens.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginLockout } from './modules/auth/login-lockout.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { oneTimeTokensRoutes } from './modules/one-time-tokens/one-time-tokens.routes.js';
import { passwordsRoutes } from './modules/passwords/passwords.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authenticatePlugin } from './plugins/authenticate.js';
import { authorizePlugin } from './plugins/authorize.js';
import { errorHandler, isApiPath, notFoundHandler } from './plugins/error-handler.js';
import { mailerPlugin } from './plugins/mailer.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { staticSitePlugin } from './plugins/static-site.js';
import { uploadSweeperPlugin } from './plugins/upload-sweeper.js';
import { createAccountServices, createCoreServices } from './services.js';

/** JSON bodies are small; routes that take files (uploads) set their own limit. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface BuildAppOptions {
  /** A database the caller owns (already migrated); otherwise one is opened and closed with the app. */
  database?: Database;
  logger?: Logger;
  /** Lockout and quota counters; in memory unless given (Redis comes later). */
  counters?: CounterStore;
}

export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const database = options.database ?? createDatabase(config.database);
  const counters = options.counters ?? createMemoryCounterStore();
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
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
      else parseJson(request, body, done);
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
    if (!options.database) await database.db.destroy();
  });

  await app.register(securityHeadersPlugin, { https: config.appUrl.startsWith('https:') });
  await app.register(rateLimitPlugin);
  await app.register(fastifyJwt, jwtOptions(config.auth.secret, config.auth.accessTokenTtlMs));

  const core = createCoreServices(database, config, app.log);
  const lockout = new LoginLockout(counters, config.limits.loginFailuresBeforeLock);
  const auth = new AuthService({
    users: core.usersRepository,
    sessions: core.sessions,
    hasher: core.hasher,
    accessTokens: new AccessTokens(app.jwt),
    lockout,
  });
  const account = createAccountServices(database, config, app.log, { core, counters, lockout });

  // Registered after the hook above that closes the database, so they stop first.
  await app.register(mailerPlugin, { worker: account.mailWorker });
  await app.register(uploadSweeperPlugin, { uploads: core.uploads });
  await app.register(authenticatePlugin, { auth });
  await app.register(authorizePlugin);
  await app.register(apiDocsPlugin, { appUrl: config.appUrl });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { health: core.health });
      await api.register(authRoutes, {
        auth,
        requestsPerMinute: config.limits.authRequestsPerMinute,
      });
      await api.register(usersRoutes, { users: core.users });
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
      await api.register(uploadsRoutes, { uploads: core.uploads });
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
