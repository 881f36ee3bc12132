import type { Clock } from '../../lib/clock.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { LoginLockout } from './login-lockout.js';

export interface LockoutModuleDeps {
  /** Shared by every process with REDIS_URL. */
  counters: CounterStore;
  /** LOGIN_FAILURES_BEFORE_LOCK. */
  failuresBeforeLock: number;
  clock: Clock;
}

export interface LockoutModule {
  lockout: LoginLockout;
}

export function createLockoutModule({
  counters,
  failuresBeforeLock,
  clock,
}: LockoutModuleDeps): LockoutModule {
  return { lockout: new LoginLockout(counters, failuresBeforeLock, () => clock.now()) };
}
