import type { CounterStore } from '../../lib/counter-store.js';
import { ForgotPasswordQuota } from './forgot-password-quota.js';
import { PasswordsService } from './passwords.service.js';

type PasswordsDeps = ConstructorParameters<typeof PasswordsService>[0];

export type PasswordsModuleDeps = Omit<PasswordsDeps, 'quota'> & {
  /** Where the forgot-password quota counts (shared by every process with REDIS_URL). */
  counters: CounterStore;
  /** FORGOT_PASSWORD_PER_HOUR. */
  forgotPasswordPerHour: number;
};

export interface PasswordsModule {
  passwords: PasswordsService;
}

export function createPasswordsModule({
  counters,
  forgotPasswordPerHour,
  ...deps
}: PasswordsModuleDeps): PasswordsModule {
  const { clock } = deps;
  return {
    passwords: new PasswordsService({
      ...deps,
      quota: new ForgotPasswordQuota(counters, forgotPasswordPerHour, () => clock.now()),
    }),
  };
}
