/** The company sign-in module's face (issue 35): what the rest of the server may use of it. */
export { createSsoModule } from './sso.module.js';
export type { SsoModule, SsoModuleDeps } from './sso.module.js';
export { SsoRepository } from './sso.repository.js';
export { ssoRoutes } from './sso.routes.js';
export type { SsoService } from './sso.service.js';
export { createSsoRequirement, SsoRequirement } from './sso-requirement.js';
