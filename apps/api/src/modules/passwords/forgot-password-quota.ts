import { API_MESSAGES } from '@staff-admin/shared';
import type { CounterStore } from '../../lib/counter-store.js';
import { rateLimited } from '../../lib/errors.js';

export const FORGOT_PASSWORD_WINDOW_MS = 60 * 60 * 1000;

/**
 * FORGOT_PASSWORD_PER_HOUR, counted twice, whether or not the address belongs to anyone (so the
 * limits tell nothing):
 * - per address and client: beyond it that client gets 429 with Retry-After. Keyed by client too,
 *   so that nobody can use up an address's quota and leave its owner with 429s;
 * - reset mails per address, from all clients together: beyond it the request is answered as
 *   usual but no mail is sent and no link is issued, so a flood from many clients can neither fill
 *   the mailbox nor cancel the link its owner holds.
 * An admin's Reset Password for another user is counted by neither.
 */
export class ForgotPasswordQuota {
  constructor(
    private readonly store: CounterStore,
    private readonly perHour: number,
    private readonly now: () => number,
  ) {}

  /** Throws 429 once this client has asked for this address too often. */
  async consume(email: string, client: string | null): Promise<void> {
    const window = await this.store.increment(
      `forgot-password:${email}:${client ?? 'unknown'}`,
      FORGOT_PASSWORD_WINDOW_MS,
    );
    if (window.count > this.perHour) {
      throw rateLimited(API_MESSAGES.tooManyRequests, (window.resetAt - this.now()) / 1000);
    }
  }

  /** True while the address may be mailed one more reset link this hour (and counts it). */
  async mayMail(email: string): Promise<boolean> {
    const window = await this.store.increment(
      `forgot-password-mail:${email}`,
      FORGOT_PASSWORD_WINDOW_MS,
    );
    return window.count <= this.perHour;
  }
}
