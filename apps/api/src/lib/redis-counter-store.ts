import type { Redis, Result } from 'ioredis';
import type { CounterStore, WindowCount } from './counter-store.js';

/*
 * Each counter is a hash: `c` the count, `r` when its window closes (epoch ms of the app's clock,
 * passed in as ARGV `now`, so tests move time instead of waiting). A window whose `r` has passed
 * counts as absent; PEXPIREAT at `r` lets Redis drop it too, so nothing needs sweeping.
 */
const LIVE = `
local function live(key, now)
  local entry = redis.call('HMGET', key, 'c', 'r')
  if not entry[1] or tonumber(entry[2]) <= now then return nil end
  return {tonumber(entry[1]), tonumber(entry[2])}
end
local function store(key, count, resetAt)
  redis.call('HSET', key, 'c', count, 'r', resetAt)
  redis.call('PEXPIREAT', key, resetAt)
end
`;

/** KEYS counter; ARGV windowMs, slide ('1' or '0'), now. The window opens with the first hit. */
const INCREMENT = `${LIVE}
local now = tonumber(ARGV[3])
local entry = live(KEYS[1], now)
local count, resetAt = 1, now + tonumber(ARGV[1])
if entry then
  count = entry[1] + 1
  if ARGV[2] ~= '1' then resetAt = entry[2] end
end
store(KEYS[1], count, resetAt)
return {count, resetAt}
`;

/** KEYS counter; ARGV now. */
const READ = `${LIVE}
return live(KEYS[1], tonumber(ARGV[1]))
`;

/**
 * CounterStore.countAttempt: KEYS counter, lock; ARGV windowMs, every, firstLockMs, maxLockMs, now.
 * Answers {-1, lock's end} while locked, else {count, lockMs or 0}.
 */
const COUNT_ATTEMPT = `${LIVE}
local now = tonumber(ARGV[5])
local lock = live(KEYS[2], now)
if lock then return {-1, lock[2]} end
local windowMs = tonumber(ARGV[1])
local entry = live(KEYS[1], now)
local count = (entry and entry[1] or 0) + 1
local every = tonumber(ARGV[2])
if count % every ~= 0 then
  store(KEYS[1], count, now + windowMs)
  return {count, 0}
end
local lockouts = count / every
local lockMs = math.floor(math.min(tonumber(ARGV[3]) * 2 ^ math.min(lockouts - 1, 20), tonumber(ARGV[4])))
store(KEYS[2], lockouts, now + lockMs)
store(KEYS[1], count, now + lockMs + windowMs)
return {count, lockMs}
`;

/** KEYS counter; ARGV now. */
const DECREMENT = `${LIVE}
local entry = live(KEYS[1], tonumber(ARGV[1]))
if entry and entry[1] > 0 then redis.call('HSET', KEYS[1], 'c', entry[1] - 1) end
return 0
`;

/** KEYS counter; ARGV count, resetAt. */
const PUT = `${LIVE}
store(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    counterIncrement(
      key: string,
      windowMs: number,
      slide: '0' | '1',
      now: number,
    ): Result<[number, number], Context>;
    counterRead(key: string, now: number): Result<[number, number] | null, Context>;
    counterAttempt(
      key: string,
      lockKey: string,
      windowMs: number,
      every: number,
      firstLockMs: number,
      maxLockMs: number,
      now: number,
    ): Result<[number, number], Context>;
    counterDecrement(key: string, now: number): Result<number, Context>;
    counterPut(key: string, count: number, resetAt: number): Result<number, Context>;
  }
}

/** v2: counters became hashes with their own end (they were plain integers with a TTL). */
const KEY_PREFIX = 'counters:v2:';

/**
 * The CounterStore in Redis, shared by every API process: each operation is one atomic script or
 * command. Windows end by `now` (the app's clock); keys expire with their window, so nothing needs
 * sweeping.
 */
export function createRedisCounterStore(redis: Redis, now: () => number): CounterStore {
  // Defined once per client (a command defined twice would throw).
  if (typeof (redis as Partial<Redis>).counterIncrement !== 'function') {
    redis.defineCommand('counterIncrement', { numberOfKeys: 1, lua: INCREMENT });
    redis.defineCommand('counterRead', { numberOfKeys: 1, lua: READ });
    redis.defineCommand('counterAttempt', { numberOfKeys: 2, lua: COUNT_ATTEMPT });
    redis.defineCommand('counterDecrement', { numberOfKeys: 1, lua: DECREMENT });
    redis.defineCommand('counterPut', { numberOfKeys: 1, lua: PUT });
  }
  const key = (name: string) => `${KEY_PREFIX}${name}`;
  const toWindow = ([count, resetAt]: [number, number]): WindowCount => ({ count, resetAt });

  return {
    async increment(name, windowMs, { slide = false } = {}) {
      return toWindow(await redis.counterIncrement(key(name), windowMs, slide ? '1' : '0', now()));
    },
    async countAttempt(name, lockName, { windowMs, every, firstLockMs, maxLockMs }) {
      const [count, ms] = await redis.counterAttempt(
        key(name),
        key(lockName),
        windowMs,
        every,
        firstLockMs,
        maxLockMs,
        now(),
      );
      if (count < 0) return { locked: true, resetAt: ms };
      return ms > 0 ? { locked: false, count, lockMs: ms } : { locked: false, count };
    },
    async decrement(name) {
      await redis.counterDecrement(key(name), now());
    },
    async get(name) {
      const found = await redis.counterRead(key(name), now());
      return found ? toWindow(found) : undefined;
    },
    async put(name, count, ttlMs) {
      await redis.counterPut(key(name), count, now() + Math.max(1, Math.ceil(ttlMs)));
    },
    async reset(name) {
      await redis.del(key(name));
    },
    // The client belongs to the app, which closes it.
    async close() {},
  };
}
