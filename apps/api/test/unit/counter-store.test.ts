import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCounterStore, type CounterStore } from '../../src/lib/counter-store.js';
import { createRedisCounterStore } from '../../src/lib/redis-counter-store.js';
import { ManualClock } from '../helpers.js';

/**
 * One contract, two stores: in memory always, and in Redis when TEST_REDIS_URL is set (the store
 * every API process shares in production).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
afterAll(async () => {
  for (const client of clients) await client.quit();
});

/** Windows end by the store's clock: each test moves it instead of waiting. */
const clock = new ManualClock();
const now = () => clock.now();

const stores: [string, () => CounterStore][] = [['memory', () => createMemoryCounterStore(now)]];
if (redisUrl) {
  stores.push([
    'redis',
    () => {
      const client = new Redis(redisUrl, {
        keyPrefix: `staff-admin-test:${randomBytes(6).toString('hex')}:`,
      });
      clients.push(client);
      return createRedisCounterStore(client, now);
    },
  ]);
} else {
  console.warn('\n!!! TEST_REDIS_URL is not set: the Redis counter store is NOT tested !!!\n');
}

describe.each(stores)('%s counter store', (_name, create) => {
  it('counts in a fixed window that opens with the first event', async () => {
    const store = create();
    const first = await store.increment('fixed', 300);
    expect(first.count).toBe(1);
    expect(first.resetAt - clock.now()).toBe(300);
    clock.advance(150);
    const second = await store.increment('fixed', 300);
    expect(second.count).toBe(2);
    // The window did not move.
    expect(second.resetAt).toBe(first.resetAt);
    clock.advance(149);
    expect((await store.get('fixed'))?.count).toBe(2);
    clock.advance(1);
    expect(await store.get('fixed')).toBeUndefined();
    expect((await store.increment('fixed', 300)).count).toBe(1);
  });

  it('slides the window to each event when asked', async () => {
    const store = create();
    await store.increment('sliding', 300, { slide: true });
    clock.advance(200);
    await store.increment('sliding', 300, { slide: true });
    clock.advance(200);
    // 400 ms after the first event, 200 after the last: still counting.
    expect((await store.increment('sliding', 300, { slide: true })).count).toBe(3);
    clock.advance(299);
    expect((await store.get('sliding'))?.count).toBe(3);
    clock.advance(1);
    expect(await store.get('sliding')).toBeUndefined();
  });

  it('puts, reads and resets keys, each on its own', async () => {
    const store = create();
    await store.put('lock', 3, 250);
    const lock = await store.get('lock');
    expect(lock?.count).toBe(3);
    expect(lock!.resetAt - clock.now()).toBe(250);
    expect(await store.get('other')).toBeUndefined();
    await store.increment('other', 1_000);
    await store.reset('lock');
    expect(await store.get('lock')).toBeUndefined();
    expect((await store.get('other'))?.count).toBe(1);
    await store.put('lock', 1, 100);
    clock.advance(99);
    expect((await store.get('lock'))?.count).toBe(1);
    clock.advance(1);
    expect(await store.get('lock')).toBeUndefined();
  });

  it('counts concurrent increments exactly', async () => {
    const store = create();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.increment('busy', 10_000)),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
  });

  it('counts attempts atomically and takes the lock on the Nth, refusing the rest of a burst', async () => {
    const store = create();
    const policy = { windowMs: 60_000, every: 10, firstLockMs: 5_000, maxLockMs: 20_000 };
    const results = await Promise.all(
      Array.from({ length: 30 }, () => store.countAttempt('tries', 'tries-lock', policy)),
    );
    const through = results.flatMap((result) => (result.locked ? [] : [result]));
    expect(through.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, index) => index + 1),
    );
    expect(through.filter((result) => result.lockMs !== undefined)).toEqual([
      { locked: false, count: 10, lockMs: 5_000 },
    ]);
    expect(results.filter((result) => result.locked)).toHaveLength(20);
    expect((await store.get('tries-lock'))?.count).toBe(1);

    // The lock lifted (as when it expires), the next Nth attempt locks twice as long.
    await store.reset('tries-lock');
    for (let attempt = 11; attempt < 20; attempt += 1) {
      expect(await store.countAttempt('tries', 'tries-lock', policy)).toEqual({
        locked: false,
        count: attempt,
      });
    }
    expect(await store.countAttempt('tries', 'tries-lock', policy)).toEqual({
      locked: false,
      count: 20,
      lockMs: 10_000,
    });
  });

  it('takes one back from a count, never below zero', async () => {
    const store = create();
    await store.increment('refund', 10_000);
    await store.decrement('refund');
    expect((await store.get('refund'))?.count).toBe(0);
    await store.decrement('refund');
    expect((await store.get('refund'))?.count).toBe(0);
    await store.decrement('never-counted');
    expect(await store.get('never-counted')).toBeUndefined();
  });
});
