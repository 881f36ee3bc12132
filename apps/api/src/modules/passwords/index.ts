/** The passwords module's face: what the rest of the server may use of it. */
export { setPasswordFromLink } from './password-from-link.js';
export type { PasswordLinkTransaction } from './password-from-link.js';
export { createPasswordsModule } from './passwords.module.js';
export type { PasswordsModule, PasswordsModuleDeps } from './passwords.module.js';
export { passwordsRoutes } from './passwords.routes.js';
export type { PasswordsService } from './passwords.service.js';
