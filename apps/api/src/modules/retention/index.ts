/** The retention module's face: what the rest of the server may use of it. */
export { createRetentionModule } from './retention.module.js';
export type { RetentionModule, RetentionModuleDeps } from './retention.module.js';
export { RetentionRepository } from './retention.repository.js';
export type { RetentionPlan, RetentionService } from './retention.service.js';
