/** The sessions module's face: what the rest of the server may use of it. */
export { AccessTokens, createTokenSigner } from './access-tokens.js';
export type { TokenSigner } from './access-tokens.js';
export { createMemoryRevocationBus, createRedisRevocationBus } from './revocation-bus.js';
export type { RevocationBus } from './revocation-bus.js';
export { SessionsRepository } from './sessions.repository.js';
export { sessionsRoutes } from './sessions.routes.js';
export { SessionsService } from './sessions.service.js';
export type { AuthContext, SessionsTransaction } from './sessions.service.js';
