import { API_MESSAGES } from '@staff-admin/shared';
import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../../src/lib/counter-store.js';
import { AccountLocked } from '../../src/lib/errors.js';
import {
  lockDurationMs,
  LOGIN_FAILURE_WINDOW_MS,
  LoginLockout,
} from '../../src/modules/lockout/login-lockout.js';

const MINUTE = 60_000;

/** A lockout on an in-memory store whose clock the test moves by hand. */
function lockoutWithClock(maxFailures: number) {
  let time = Date.UTC(2025, 0, 1);
  const now = () => time;
  const lockout = new LoginLockout(createMemoryCounterStore(now), maxFailures, now);
  return {
    lockout,
    advance: (ms: number) => {
      time += ms;
    },
    /** A failed attempt: the lock it took, if any. */
    async fail(email: string) {
      return (await lockout.begin(email)).lock;
    },
    /** Seconds of Retry-After while locked, or undefined when an attempt may go ahead. */
    async retryAfter(email: string): Promise<number | undefined> {
      try {
        // A probe that is let through is given back, so that it does not count.
        await lockout.notAFailure(await lockout.begin(email));
        return undefined;
      } catch (error) {
        expect(error).toBeInstanceOf(AccountLocked);
        const locked = error as AccountLocked;
        expect(locked.kind).toBe('rate_limited');
        expect(locked.message).toBe(API_MESSAGES.accountLocked);
        return locked.retryAfterSeconds;
      }
    },
  };
}

describe('login lockout', () => {
  it('grows 1, 2, 4, 8 minutes and stops at 15', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(lockDurationMs)).toEqual(
      [1, 2, 4, 8, 15, 15, 15].map((minutes) => minutes * MINUTE),
    );
  });

  it('locks on every Nth failure, each lock twice as long as the one before, capped at 15 minutes', async () => {
    const clock = lockoutWithClock(3);
    const email = 'victim@example.com';
    const expected = [60, 120, 240, 480, 900, 900];
    for (const [index, seconds] of expected.entries()) {
      for (let failure = 1; failure <= 3; failure += 1) {
        expect(await clock.fail(email)).toEqual(
          failure === 3 ? { lockouts: index + 1, durationMs: seconds * 1000 } : undefined,
        );
      }
      expect(await clock.retryAfter(email)).toBe(seconds);
      clock.advance(seconds * 1000 - 1_000);
      expect(await clock.retryAfter(email)).toBe(1);
      clock.advance(1_000);
    }
  });

  it('forgets failures after 15 quiet minutes, and starts again at one minute', async () => {
    const clock = lockoutWithClock(3);
    const email = 'quiet@example.com';
    for (let round = 0; round < 2; round += 1) {
      for (let failure = 0; failure < 3; failure += 1) await clock.fail(email);
      clock.advance(round === 0 ? MINUTE : 0);
    }
    expect(await clock.retryAfter(email)).toBe(120);

    // Two failures, then a quiet quarter hour after the lock: the count starts from zero.
    clock.advance(2 * MINUTE);
    await clock.fail(email);
    await clock.fail(email);
    clock.advance(LOGIN_FAILURE_WINDOW_MS);
    await clock.fail(email);
    await clock.fail(email);
    expect(await clock.retryAfter(email)).toBeUndefined();
    expect(await clock.fail(email)).toEqual({ lockouts: 1, durationMs: MINUTE });
  });

  it('counts failures spread over time as long as no 15 minutes pass between them', async () => {
    const clock = lockoutWithClock(3);
    const email = 'slow@example.com';
    await clock.fail(email);
    clock.advance(14 * MINUTE);
    await clock.fail(email);
    clock.advance(14 * MINUTE);
    expect(await clock.fail(email)).toEqual({ lockouts: 1, durationMs: MINUTE });
  });

  it('is cleared at once by clear(), and keeps emails apart', async () => {
    const clock = lockoutWithClock(2);
    await clock.fail('a@example.com');
    await clock.fail('a@example.com');
    expect(await clock.retryAfter('a@example.com')).toBe(60);
    expect(await clock.retryAfter('b@example.com')).toBeUndefined();
    await clock.lockout.clear('a@example.com');
    expect(await clock.retryAfter('a@example.com')).toBeUndefined();
    expect(await clock.fail('a@example.com')).toBeUndefined();
  });

  it('lets at most N of a concurrent burst through, and locks before any of them is checked', async () => {
    const clock = lockoutWithClock(10);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => clock.lockout.begin('burst@example.com')),
    );
    const through = results.filter((result) => result.status === 'fulfilled');
    expect(through).toHaveLength(10);
    expect(through.filter((result) => result.value.lock)).toHaveLength(1);
    expect(await clock.retryAfter('burst@example.com')).toBe(60);
  });

  it('gives an attempt back when it was not a failure, lifting the lock it took', async () => {
    const clock = lockoutWithClock(2);
    await clock.fail('c@example.com');
    const second = await clock.lockout.begin('c@example.com');
    expect(second.lock).toEqual({ lockouts: 1, durationMs: MINUTE });
    expect(await clock.retryAfter('c@example.com')).toBe(60);
    await clock.lockout.notAFailure(second);
    expect(await clock.retryAfter('c@example.com')).toBeUndefined();
    expect(await clock.fail('c@example.com')).toEqual({ lockouts: 1, durationMs: MINUTE });
  });
});
