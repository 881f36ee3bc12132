import type { Redis, Result } from 'ioredis';
import type { CounterStore, WindowCount } from './counter-store.js';

/** INCR with the window's expiry: set on the first hit, or on every hit when sliding. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ARGV[2] == '1' or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const READ = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

/** CounterStore.countAttempt: KEYS counter, lock; ARGV windowMs, every, firstLockMs, maxLockMs. */
const COUNT_ATTEMPT = `
local lockTtl = redis.call('PTTL', KEYS[2])
if lockTtl > 0 then return {-1, lockTtl} end
local windowMs = tonumber(ARGV[1])
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], windowMs)
local every = tonumber(ARGV[2])
if count % every ~= 0 then return {count, 0} end
local lockouts = count / every
local lockMs = math.floor(math.min(tonumber(ARGV[3]) * 2 ^ math.min(lockouts - 1, 20), tonumber(ARGV[4])))
redis.call('SET', KEYS[2], lockouts, 'PX', lockMs)
redis.call('PEXPIRE', KEYS[1], lockMs + windowMs)
return {count, lockMs}
`;

const DECREMENT = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    counterIncrement(
      key: string,
      windowMs: number,
      slide: '0' | '1',
    ): Result<[number, number], Context>;
    counterRead(key: string): Result<[number, number] | null, Context>;
    counterAttempt(
      key: string,
      lockKey: string,
      windowMs: number,
      every: number,
      firstLockMs: number,
      maxLockMs: number,
    ): Result<[number, number], Context>;
    counterDecrement(key: string): Result<number, Context>;
  }
}

const KEY_PREFIX = 'counters:';

/**
 * The CounterStore in Redis, shared by every API process: each operation is one atomic script or
 * command. Keys expire with their window, so nothing needs sweeping.
 */
export function createRedisCounterStore(redis: Redis, now: () => number = Date.now): CounterStore {
  // Defined once per client (a command defined twice would throw).
  if (typeof (redis as Partial<Redis>).counterIncrement !== 'function') {
    redis.defineCommand('counterIncrement', { numberOfKeys: 1, lua: INCREMENT });
    redis.defineCommand('counterRead', { numberOfKeys: 1, lua: READ });
    redis.defineCommand('counterAttempt', { numberOfKeys: 2, lua: COUNT_ATTEMPT });
    redis.defineCommand('counterDecrement', { numberOfKeys: 1, lua: DECREMENT });
  }
  const key = (name: string) => `${KEY_PREFIX}${name}`;
  const toWindow = ([count, ttl]: [number, number]): WindowCount => ({
    count,
    resetAt: now() + Math.max(ttl, 0),
  });

  return {
    async increment(name, windowMs, { slide = false } = {}) {
      return toWindow(await redis.counterIncrement(key(name), windowMs, slide ? '1' : '0'));
    },
    async countAttempt(name, lockName, { windowMs, every, firstLockMs, maxLockMs }) {
      const [count, ms] = await redis.counterAttempt(
        key(name),
        key(lockName),
        windowMs,
        every,
        firstLockMs,
        maxLockMs,
      );
      if (count < 0) return { locked: true, resetAt: now() + ms };
      return ms > 0 ? { locked: false, count, lockMs: ms } : { locked: false, count };
    },
    async decrement(name) {
      await redis.counterDecrement(key(name));
    },
    async get(name) {
      const found = await redis.counterRead(key(name));
      return found && found[1] > 0 ? toWindow(found) : undefined;
    },
    async put(name, count, ttlMs) {
      await redis.set(key(name), count, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async reset(name) {
      await redis.del(key(name));
    },
    // The client belongs to the app, which closes it.
    async close() {},
  };
}
