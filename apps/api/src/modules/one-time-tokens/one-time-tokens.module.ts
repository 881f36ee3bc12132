import type { Config } from '../../config/env.js';
import type { Clock } from '../../lib/clock.js';
import type { OneTimeTokensRepository } from './one-time-tokens.repository.js';
import { OneTimeTokensService } from './one-time-tokens.service.js';

export interface OneTimeTokensModuleDeps {
  repository: OneTimeTokensRepository;
  /** The links' lifetimes. */
  auth: Pick<Config['auth'], 'invitationTtlMs' | 'resetPasswordTtlMs'>;
  clock: Clock;
}

export interface OneTimeTokensModule {
  tokens: OneTimeTokensService;
}

export function createOneTimeTokensModule({
  repository,
  auth,
  clock,
}: OneTimeTokensModuleDeps): OneTimeTokensModule {
  return {
    tokens: new OneTimeTokensService(
      repository,
      {
        confirmation_token: auth.invitationTtlMs,
        reset_password_token: auth.resetPasswordTtlMs,
      },
      clock,
    ),
  };
}
