import type { OidcConfig } from '../../config/env.js';
import { RelyingParty } from './relying-party.js';
import { SsoService, type SsoServiceDeps } from './sso.service.js';
import { SsoStatus } from './sso-status.js';

export type SsoModuleDeps = Omit<SsoServiceDeps, 'relyingParty'>;

export interface SsoModule {
  sso: SsoService;
  /** Monitoring's view of the provider; undefined when SSO is not configured. */
  status: SsoStatus | undefined;
}

export function createSsoModule(deps: SsoModuleDeps): SsoModule {
  const oidc = deps.oidc as OidcConfig | undefined;
  const relyingParty = oidc ? new RelyingParty(oidc, deps.clock) : undefined;
  return {
    sso: new SsoService({ ...deps, relyingParty }),
    status:
      oidc && relyingParty
        ? new SsoStatus({
            oidc,
            relyingParty,
            repository: deps.repository,
            audit: deps.audit,
            clock: deps.clock,
          })
        : undefined,
  };
}
