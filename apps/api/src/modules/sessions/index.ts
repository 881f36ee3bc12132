/** The sessions module's face: what the rest of the server may use of it. */
export type { AccessTokens, TokenSigner } from './access-tokens.js';
export { createMemoryRevocationBus, createRedisRevocationBus } from './revocation-bus.js';
export type { RevocationBus } from './revocation-bus.js';
export { createSessionsModule } from './sessions.module.js';
export type { SessionsModule, SessionsModuleDeps } from './sessions.module.js';
export { SessionsRepository } from './sessions.repository.js';
export { sessionsRoutes } from './sessions.routes.js';
export type { AuthContext, SessionsService, SessionsTransaction } from './sessions.service.js';
