/** The users-bulk module's face: what the rest of the server may use of it. */
export { createUsersBulkModule } from './users-bulk.module.js';
export type { UsersBulkModule, UsersBulkModuleDeps } from './users-bulk.module.js';
export { UsersBulkRepository } from './users-bulk.repository.js';
export { usersBulkRoutes } from './users-bulk.routes.js';
export type { UsersBulkService } from './users-bulk.service.js';
