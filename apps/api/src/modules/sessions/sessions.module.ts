import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Clock } from '../../lib/clock.js';
import { createSealedBox } from '../../lib/sealed-box.js';
import { AccessTokens, createTokenSigner, type TokenSigner } from './access-tokens.js';
import type { RevocationBus } from './revocation-bus.js';
import type { SessionsRepository } from './sessions.repository.js';
import { SessionsService, type SessionsServiceDeps } from './sessions.service.js';

export interface SessionsModuleDeps {
  repository: SessionsRepository;
  unitOfWork: SessionsServiceDeps['unitOfWork'];
  /** The secret and the lifetimes of tokens and sessions. */
  auth: Config['auth'];
  /** Reaches every process's session cache (or only this one's, in memory). */
  revocations: RevocationBus;
  log: FastifyBaseLogger;
  clock: Clock;
}

export interface SessionsModule {
  sessions: SessionsService;
  /** The access tokens' JWT signer and verifier. */
  jwt: TokenSigner;
  /** A session's proof, signed and checked with `jwt`. */
  accessTokens: AccessTokens;
}

export function createSessionsModule(deps: SessionsModuleDeps): SessionsModule {
  const { auth, clock } = deps;
  const jwt = createTokenSigner(auth.secret, auth.accessTokenTtlMs);
  return {
    sessions: new SessionsService({
      repository: deps.repository,
      unitOfWork: deps.unitOfWork,
      policy: {
        refreshTokenTtlMs: auth.refreshTokenTtlMs,
        idleTimeoutMs: auth.sessionIdleTimeoutMs,
        maxAgeMs: auth.sessionMaxAgeMs,
        reuseGraceMs: auth.refreshReuseGraceMs,
        cacheTtlMs: auth.sessionCacheTtlMs,
      },
      successorBox: createSealedBox(auth.secret, 'refresh-successor'),
      revocations: deps.revocations,
      log: deps.log,
      clock,
    }),
    jwt,
    accessTokens: new AccessTokens(jwt, clock),
  };
}
