import type { SessionAccessRow } from './sessions.repository.js';

/** Entries beyond this many push out the oldest (a Map iterates in insertion order). */
const MAX_ENTRIES = 10_000;

/**
 * What the authenticate step read about a session, kept for a few seconds so a burst of requests
 * costs one query. Revocations evict entries at once (see revocation-bus.ts), in every process.
 *
 * A read that started before an eviction must not put its (possibly stale) row back afterwards:
 * every eviction bumps `generation`, and `set` only stores rows read in the current generation.
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: SessionAccessRow; storedAt: number }>();
  private currentGeneration = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Take before reading the database; hand it to `set` with what was read. */
  generation(): number {
    return this.currentGeneration;
  }

  get(sessionId: string): SessionAccessRow | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.row;
  }

  set(sessionId: string, row: SessionAccessRow, readInGeneration: number): void {
    if (!this.enabled || readInGeneration !== this.currentGeneration) return;
    this.entries.delete(sessionId);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, { row, storedAt: this.now() });
  }

  /** Keeps a cached row's last use in step with the database after a touch. */
  touched(sessionId: string, lastUsedAt: string, expiresAt: string): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.row = { ...entry.row, lastUsedAt, expiresAt };
  }

  forgetSession(sessionId: string): void {
    this.currentGeneration += 1;
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    this.currentGeneration += 1;
    for (const [sessionId, entry] of this.entries) {
      if (entry.row.userId === userId) this.entries.delete(sessionId);
    }
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }
}
