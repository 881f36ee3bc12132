/** The one-time-tokens module's face: what the rest of the server may use of it. */
export { createOneTimeTokensModule } from './one-time-tokens.module.js';
export type { OneTimeTokensModule, OneTimeTokensModuleDeps } from './one-time-tokens.module.js';
export { OneTimeTokensRepository } from './one-time-tokens.repository.js';
export { oneTimeTokensRoutes } from './one-time-tokens.routes.js';
export { invalidToken } from './one-time-tokens.service.js';
export type {
  IssuedToken,
  OneTimeTokensService,
  RecognisedToken,
} from './one-time-tokens.service.js';
