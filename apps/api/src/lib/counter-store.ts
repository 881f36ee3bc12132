/** A count of events for one key inside a fixed window that opens with the first event. */
export interface WindowCount {
  count: number;
  /** Epoch milliseconds when the window closes and the count starts again from zero. */
  resetAt: number;
}

/**
 * Counters for lockouts and per-address quotas (failed logins now; reset emails later). The
 * in-memory store serves one process; a Redis store with the same interface shares them.
 */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<WindowCount>;
  get(key: string): Promise<WindowCount | undefined>;
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

  return {
    async increment(key, windowMs) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return { ...entry };
      }
      if (windows.size >= SWEEP_THRESHOLD) sweep();
      const created = { count: 1, resetAt: now() + windowMs };
      windows.set(key, created);
      return { ...created };
    },
    async get(key) {
      const entry = live(key);
      return entry && { ...entry };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
