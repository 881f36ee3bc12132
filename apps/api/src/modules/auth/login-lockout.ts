import { API_MESSAGES } from '@staff-admin/shared';
import type { CounterStore } from '../../lib/counter-store.js';
import { tooManyRequests } from '../../lib/errors.js';

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Per-email lockout: after `maxFailures` wrong passwords within 15 minutes the email is locked
 * until that window closes, even for the right password. A successful login clears the count.
 */
export class LoginLockout {
  constructor(
    private readonly store: CounterStore,
    private readonly maxFailures: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 with Retry-After while the email is locked. */
  async assertNotLocked(email: string): Promise<void> {
    const window = await this.store.get(this.key(email));
    if (window && window.count >= this.maxFailures) {
      throw tooManyRequests(API_MESSAGES.accountLocked, (window.resetAt - this.now()) / 1000);
    }
  }

  async recordFailure(email: string): Promise<void> {
    await this.store.increment(this.key(email), LOGIN_FAILURE_WINDOW_MS);
  }

  async clear(email: string): Promise<void> {
    await this.store.reset(this.key(email));
  }

  private key(email: string): string {
    return `login-failures:${email}`;
  }
}
