/** The one-time-tokens module's face: what the rest of the server may use of it. */
export { OneTimeTokensRepository } from './one-time-tokens.repository.js';
export { oneTimeTokensRoutes } from './one-time-tokens.routes.js';
export { OneTimeTokensService, invalidToken } from './one-time-tokens.service.js';
export type { IssuedToken, RecognisedToken } from './one-time-tokens.service.js';
