import type { OidcConfig } from '../../config/env.js';
import { RelyingParty } from './relying-party.js';
import { SsoService, type SsoServiceDeps } from './sso.service.js';

export type SsoModuleDeps = Omit<SsoServiceDeps, 'relyingParty'>;

export interface SsoModule {
  sso: SsoService;
}

export function createSsoModule(deps: SsoModuleDeps): SsoModule {
  const relyingParty = deps.oidc ? new RelyingParty(deps.oidc as OidcConfig) : undefined;
  return { sso: new SsoService({ ...deps, relyingParty }) };
}
