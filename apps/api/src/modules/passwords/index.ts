/** The passwords module's face: what the rest of the server may use of it. */
export { ForgotPasswordQuota } from './forgot-password-quota.js';
export { setPasswordFromLink } from './password-from-link.js';
export type { PasswordLinkTransaction } from './password-from-link.js';
export { passwordsRoutes } from './passwords.routes.js';
export { PasswordsService } from './passwords.service.js';
