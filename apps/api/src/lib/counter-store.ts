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

/**
 * Counters for lockouts and per-address quotas (failed logins, reset emails). The in-memory store
 * serves one process; the Redis store (redis-counter-store.ts) shares them between processes.
 * Every operation is atomic per key.
 */
export interface CounterStore {
  increment(key: string, windowMs: number, options?: IncrementOptions): Promise<WindowCount>;
  get(key: string): Promise<WindowCount | undefined>;
  /** Sets the key to `count` for `ttlMs`, replacing whatever it held. */
  put(key: string, count: number, ttlMs: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Expired entries are swept once the map grows past this many keys. */
const SWEEP_THRESHOLD = 10_000;

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
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
