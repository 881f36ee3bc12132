/** Provisioning from the company's directory (SCIM 2.0, issue 36): the module's face. */
export { DirectoryRepository } from './directory.repository.js';
export { directoryRoutes } from './directory.routes.js';
export { createScimModule } from './scim.module.js';
export type { ScimModule, ScimModuleDeps } from './scim.module.js';
export { ScimLogRepository } from './scim-log.repository.js';
export { sendError as sendScimError, scimRoutes } from './scim.routes.js';
export { ScimTokensRepository } from './scim-tokens.repository.js';
