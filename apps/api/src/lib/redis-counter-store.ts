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

declare module 'ioredis' {
  interface RedisCommander<Context> {
    counterIncrement(
      key: string,
      windowMs: number,
      slide: '0' | '1',
    ): Result<[number, number], Context>;
    counterRead(key: string): Result<[number, number] | null, Context>;
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
