/** A count of events for one key inside a window; the key is forgotten when the window closes. */
export interface WindowCount {
  count: number;
  /** Epoch milliseconds when the window closes and the count starts again from zero. */
  resetAt: number;
}

export interface IncrementOptions {
  /**
   * false (default): the window opens with the first event and closes `windowMs` later.
   * true: every event pushes the close to `windowMs` after itself ("forgotten after a quiet
   * `windowMs`").
   */
  slide?: boolean;
}

/** A lock that an attempt takes every `every`-th time, each one twice as long as the last. */
export interface LockPolicy {
  /** Attempts are forgotten after this long without another one. */
  windowMs: number;
  every: number;
  firstLockMs: number;
  maxLockMs: number;
}

/** What counting an attempt found: the key is locked, or the attempt's number (and its lock). */
export type AttemptCount =
  { locked: true; resetAt: number } | { locked: false; count: number; lockMs?: number };

/** How long the `lockouts`-th lock lasts: the first, doubled for each lock before it, capped. */
export function lockDurationMs(lockouts: number, policy: LockPolicy): number {
  return Math.min(policy.firstLockMs * 2 ** Math.min(lockouts - 1, 20), policy.maxLockMs);
}

/**
 * Counters for lockouts and per-address quotas (failed logins, reset emails). The in-memory store
 * serves one process; the Redis store (redis-counter-store.ts) shares them between processes.
 * Every operation is atomic per key.
 */
export interface CounterStore {
  increment(key: string, windowMs: number, options?: IncrementOptions): Promise<WindowCount>;
  /**
   * One step, atomic across every process sharing the store: refuses while `lockKey` is held;
   * otherwise counts the attempt at `key` (sliding window) and, when it is the `every`-th, takes
   * the lock at once, before the attempt's outcome is known, so that no burst of concurrent
   * attempts gets past `every` in one lock period. The count outlives the lock by `windowMs`.
   */
  countAttempt(key: string, lockKey: string, policy: LockPolicy): Promise<AttemptCount>;
  /** Takes one back from a count (an attempt that turned out not to be a failure). */
  decrement(key: string): Promise<void>;
  get(key: string): Promise<WindowCount | undefined>;
  /** Sets the key to `count` for `ttlMs`, replacing whatever it held. */
  put(key: string, count: number, ttlMs: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Expired entries are swept once the map grows past this many keys. */
const SWEEP_THRESHOLD = 10_000;

export function createMemoryCounterStore(now: () => number): CounterStore {
  const windows = new Map<string, WindowCount>();

  const live = (key: string): WindowCount | undefined => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    const time = now();
    for (const [key, entry] of windows) if (entry.resetAt <= time) windows.delete(key);
  };

  const store = (key: string, entry: WindowCount) => {
    if (!windows.has(key) && windows.size >= SWEEP_THRESHOLD) sweep();
    windows.set(key, entry);
  };

  return {
    async increment(key, windowMs, { slide = false } = {}) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        if (slide) entry.resetAt = now() + windowMs;
        return { ...entry };
      }
      const created = { count: 1, resetAt: now() + windowMs };
      store(key, created);
      return { ...created };
    },
    async countAttempt(key, lockKey, policy) {
      const lock = live(lockKey);
      if (lock) return { locked: true, resetAt: lock.resetAt };
      const count = (live(key)?.count ?? 0) + 1;
      if (count % policy.every !== 0) {
        store(key, { count, resetAt: now() + policy.windowMs });
        return { locked: false, count };
      }
      const lockMs = lockDurationMs(count / policy.every, policy);
      store(lockKey, { count: count / policy.every, resetAt: now() + lockMs });
      store(key, { count, resetAt: now() + lockMs + policy.windowMs });
      return { locked: false, count, lockMs };
    },
    async decrement(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async get(key) {
      const entry = live(key);
      return entry && { ...entry };
    },
    async put(key, count, ttlMs) {
      store(key, { count, resetAt: now() + ttlMs });
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
