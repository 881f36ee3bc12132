/** The health module's face: what the rest of the server may use of it. */
export { HealthRepository } from './health.repository.js';
export { healthRoutes } from './health.routes.js';
