/** The two-step module's face: what the rest of the server may use of it. */
export { PasskeysRepository } from './passkeys.repository.js';
export { passkeysRoutes } from './passkeys.routes.js';
export type { PasskeysService } from './passkeys.service.js';
export type { SignInChallengesService } from './sign-in-challenges.service.js';
export { createTwoStepModule } from './two-step.module.js';
export type { TwoStepModule, TwoStepModuleDeps } from './two-step.module.js';
export { TwoStepRepository } from './two-step.repository.js';
export { twoStepRoutes } from './two-step.routes.js';
export { passkeySchema, secondStepRequiredSchema, tokenPairSchema } from './two-step.schemas.js';
export type { TwoStepServices } from './two-step.service.js';
