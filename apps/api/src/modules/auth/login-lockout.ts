import { API_MESSAGES } from '@staff-admin/shared';
import type { CounterStore } from '../../lib/counter-store.js';
import { tooManyRequests } from '../../lib/errors.js';

/** Failures are forgotten after this long without another failure (Keycloak's "failure reset"). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The first lock; each further lock while the failures are remembered doubles it. */
export const FIRST_LOCK_MS = 60 * 1000;
export const MAX_LOCK_MS = 15 * 60 * 1000;

/** A lock that a failure has just started (for the audit trail). */
export interface Lock {
  /** How many times this email has been locked while its failures are remembered (1, 2, …). */
  lockouts: number;
  durationMs: number;
}

/** How long the `lockouts`-th lock lasts: 1 min, 2, 4, 8, then 15 min (the cap). */
export function lockDurationMs(lockouts: number): number {
  return Math.min(FIRST_LOCK_MS * 2 ** Math.min(lockouts - 1, 20), MAX_LOCK_MS);
}

/**
 * Per-email lockout, Keycloak style. Every `maxFailures`-th failed login for one normalized email
 * (whether or not an account has it) locks that email: 1 minute, then twice as long for every
 * further lock, at most 15 minutes. While locked, every login for the email answers 429 with
 * Retry-After, even with the right password. Failures are forgotten after 15 quiet minutes
 * (counted from the last failure, or from the end of the last lock); a successful login or a
 * password reset forgets them at once.
 */
export class LoginLockout {
  constructor(
    private readonly store: CounterStore,
    private readonly maxFailures: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 with Retry-After while the email is locked. */
  async assertNotLocked(email: string): Promise<void> {
    const lock = await this.store.get(lockKey(email));
    if (lock) {
      throw tooManyRequests(API_MESSAGES.accountLocked, (lock.resetAt - this.now()) / 1000);
    }
  }

  /** Counts a failure; returns the lock it started, if it started one. */
  async recordFailure(email: string): Promise<Lock | undefined> {
    const failures = await this.store.increment(failuresKey(email), LOGIN_FAILURE_WINDOW_MS, {
      slide: true,
    });
    if (failures.count % this.maxFailures !== 0) return undefined;
    const lockouts = failures.count / this.maxFailures;
    const durationMs = lockDurationMs(lockouts);
    await this.store.put(lockKey(email), lockouts, durationMs);
    // Remember the failures until 15 minutes after the lock ends, so the next lock is longer.
    await this.store.put(failuresKey(email), failures.count, durationMs + LOGIN_FAILURE_WINDOW_MS);
    return { lockouts, durationMs };
  }

  async clear(email: string): Promise<void> {
    await this.store.reset(failuresKey(email));
    await this.store.reset(lockKey(email));
  }
}

const failuresKey = (email: string) => `login-failures:${email}`;
const lockKey = (email: string) => `login-lock:${email}`;
