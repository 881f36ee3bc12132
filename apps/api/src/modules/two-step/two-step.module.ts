import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import { createSealedBox } from '../../lib/sealed-box.js';
import type { PasskeysRepository } from './passkeys.repository.js';
import { PasskeysService, relyingPartyOf } from './passkeys.service.js';
import type { TwoStepServiceDeps } from './two-step-deps.js';
import { createTwoStepServices, type TwoStepServices } from './two-step.service.js';

export type TwoStepModuleDeps = Omit<
  TwoStepServiceDeps,
  'repository' | 'totpBox' | 'requiredRoles' | 'passkeysAvailable'
> & {
  repositories: { twoStep: TwoStepServiceDeps['repository']; passkeys: PasskeysRepository };
  /** The relying party is APP_URL's; the authenticator secrets are sealed with the auth secret. */
  config: Pick<Config, 'appUrl' | 'nodeEnv' | 'twoStepRequiredRoles'> & {
    auth: Pick<Config['auth'], 'secret'>;
  };
  log: FastifyBaseLogger;
};

export interface TwoStepModule {
  twoStep: TwoStepServices;
  passkeys: PasskeysService;
}

/** Two-step sign-in: the challenge, the factors, re-authentication, and passkeys on them. */
export function createTwoStepModule({
  repositories,
  config,
  log,
  ...deps
}: TwoStepModuleDeps): TwoStepModule {
  const relyingParty = relyingPartyOf(config.appUrl);
  if (!relyingParty.usable) {
    log.warn(
      `APP_URL's host ${relyingParty.id} is an IP address: browsers refuse passkeys there, so ` +
        'none can be added or used; set APP_URL to a host name for them (docs/two-step.md)',
    );
  }
  if (config.nodeEnv === 'production' && config.twoStepRequiredRoles.length === 0) {
    log.warn(
      'MFA_REQUIRED_ROLES is unset: two-step sign-in is optional for every role (docs/two-step.md)',
    );
  }
  const twoStep = createTwoStepServices({
    ...deps,
    repository: repositories.twoStep,
    totpBox: createSealedBox(config.auth.secret, 'totp-secret'),
    requiredRoles: config.twoStepRequiredRoles,
    passkeysAvailable: relyingParty.usable,
  });
  return {
    twoStep,
    passkeys: new PasskeysService({
      repository: repositories.passkeys,
      users: deps.users,
      unitOfWork: deps.unitOfWork,
      core: twoStep,
      relyingParty,
      clock: deps.clock,
    }),
  };
}
