import { API_MESSAGES } from '@staff-admin/shared';
import type { CounterStore } from '../../lib/counter-store.js';
import { tooManyRequests } from '../../lib/errors.js';

export const FORGOT_PASSWORD_WINDOW_MS = 60 * 60 * 1000;

/**
 * FORGOT_PASSWORD_PER_HOUR requests per normalised address per hour, counted whether or not the
 * address belongs to anyone (so the limit itself tells nothing). Beyond it: 429 with Retry-After.
 */
export class ForgotPasswordQuota {
  constructor(
    private readonly store: CounterStore,
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(email: string): Promise<void> {
    const window = await this.store.increment(
      `forgot-password:${email}`,
      FORGOT_PASSWORD_WINDOW_MS,
    );
    if (window.count > this.perHour) {
      throw tooManyRequests(API_MESSAGES.tooManyRequests, (window.resetAt - this.now()) / 1000);
    }
  }
}
