/** The retention module's face: what the rest of the server may use of it. */
export { RetentionRepository } from './retention.repository.js';
export { RetentionService } from './retention.service.js';
export type { RetentionPlan } from './retention.service.js';
