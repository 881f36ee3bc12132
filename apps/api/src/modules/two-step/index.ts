/** The two-step module's face: what the rest of the server may use of it. */
export { PasskeysRepository } from './passkeys.repository.js';
export { passkeysRoutes } from './passkeys.routes.js';
export { PasskeysService, relyingPartyOf } from './passkeys.service.js';
export { TwoStepRepository } from './two-step.repository.js';
export { twoStepRoutes } from './two-step.routes.js';
export { passkeySchema, secondStepRequiredSchema, tokenPairSchema } from './two-step.schemas.js';
export { createTwoStepServices, type TwoStepServices } from './two-step.service.js';
export type { SignInChallengesService } from './sign-in-challenges.service.js';
