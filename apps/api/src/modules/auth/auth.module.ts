import { AuthService } from './auth.service.js';

export type AuthModuleDeps = ConstructorParameters<typeof AuthService>[0];

export interface AuthModule {
  auth: AuthService;
}

export function createAuthModule(deps: AuthModuleDeps): AuthModule {
  return { auth: new AuthService(deps) };
}
