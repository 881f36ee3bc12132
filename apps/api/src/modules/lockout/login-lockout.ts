import {
  lockDurationMs as lockDuration,
  type CounterStore,
  type LockPolicy,
} from '../../lib/counter-store.js';
import { AccountLocked } from '../../lib/errors.js';
import type { AuditRepository, RequestOrigin } from '../audit/index.js';

/** Failures are forgotten after this long without another failure (Keycloak's "failure reset"). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The first lock; each further lock while the failures are remembered doubles it. */
export const FIRST_LOCK_MS = 60 * 1000;
export const MAX_LOCK_MS = 15 * 60 * 1000;

/** A lock that an attempt has just started (for the audit trail). */
export interface Lock {
  /** How many times this email has been locked while its failures are remembered (1, 2, …). */
  lockouts: number;
  durationMs: number;
}

/** A password check that the lockout let through; counted as a failure until it succeeds. */
export interface Attempt {
  email: string;
  /** The lock this attempt took, being the Nth: it stands if the attempt fails. */
  lock?: Lock;
}

/** How long the `lockouts`-th lock lasts: 1 min, 2, 4, 8, then 15 min (the cap). */
export function lockDurationMs(lockouts: number): number {
  return lockDuration(lockouts, policyFor(1));
}

const policyFor = (maxFailures: number): LockPolicy => ({
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  every: maxFailures,
  firstLockMs: FIRST_LOCK_MS,
  maxLockMs: MAX_LOCK_MS,
});

/**
 * Per-email lockout, Keycloak style. Every `maxFailures`-th failed password check for one
 * normalized email (whether or not an account has it) locks that email: 1 minute, then twice as
 * long for every further lock, at most 15 minutes. While locked, every attempt answers 429 with
 * Retry-After, even with the right password. Failures are forgotten after 15 quiet minutes
 * (counted from the last failure, or from the end of the last lock); a successful check or a
 * password reset forgets them at once.
 *
 * An attempt is counted before the slow password check, atomically with the lock test, and the
 * Nth takes the lock at once: however many requests arrive together, from however many addresses
 * or processes, at most `maxFailures` passwords are checked per lock period.
 */
export class LoginLockout {
  private readonly policy: LockPolicy;

  constructor(
    private readonly store: CounterStore,
    maxFailures: number,
    private readonly now: () => number,
  ) {
    this.policy = policyFor(maxFailures);
  }

  /** Throws 429 with Retry-After while the email is locked; otherwise counts the attempt. */
  async begin(email: string): Promise<Attempt> {
    const counted = await this.store.countAttempt(failuresKey(email), lockKey(email), this.policy);
    if (counted.locked) {
      throw new AccountLocked((counted.resetAt - this.now()) / 1000);
    }
    if (counted.lockMs === undefined) return { email };
    return {
      email,
      lock: { lockouts: counted.count / this.policy.every, durationMs: counted.lockMs },
    };
  }

  /** The password was right: the email's failures and any lock are forgotten. */
  async succeeded(attempt: Attempt): Promise<void> {
    await this.clear(attempt.email);
  }

  /** The password was right but the account may not sign in: not a failure, nothing forgotten. */
  async notAFailure(attempt: Attempt): Promise<void> {
    await this.store.decrement(failuresKey(attempt.email));
    if (attempt.lock) await this.store.reset(lockKey(attempt.email));
  }

  async clear(email: string): Promise<void> {
    await this.store.reset(failuresKey(email));
    await this.store.reset(lockKey(email));
  }
}

const failuresKey = (email: string) => `login-failures:${email}`;
const lockKey = (email: string) => `login-lock:${email}`;

/** Audits the lock a failed attempt took, if it took one (the email only when no account has it). */
export async function recordLock(
  audit: AuditRepository,
  attempt: Attempt,
  userId: string | undefined,
  origin: RequestOrigin,
): Promise<void> {
  if (!attempt.lock) return;
  await audit.record({
    action: 'auth.locked_out',
    targetId: userId,
    origin,
    details: {
      ...(userId ? {} : { email: attempt.email }),
      lockouts: attempt.lock.lockouts,
      seconds: attempt.lock.durationMs / 1000,
    },
  });
}
