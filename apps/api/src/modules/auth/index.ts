/** The auth module's face: what the rest of the server may use of it. */
export { authRoutes } from './auth.routes.js';
export { AuthService } from './auth.service.js';
