/** The auth module's face: what the rest of the server may use of it. */
export { createAuthModule } from './auth.module.js';
export type { AuthModule, AuthModuleDeps } from './auth.module.js';
export { authRoutes } from './auth.routes.js';
export type { AuthService } from './auth.service.js';
