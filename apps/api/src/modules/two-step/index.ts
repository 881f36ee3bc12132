/** The two-step module's face: what the rest of the server may use of it. */
export { PasskeysRepository } from './passkeys.repository.js';
export { passkeysRoutes } from './passkeys.routes.js';
export { PasskeysService, relyingPartyOf } from './passkeys.service.js';
export { TwoStepRepository } from './two-step.repository.js';
export { twoStepRoutes } from './two-step.routes.js';
export { passkeySchema, secondStepRequiredSchema, tokenPairSchema } from './two-step.schemas.js';
export { TwoStepService } from './two-step.service.js';
