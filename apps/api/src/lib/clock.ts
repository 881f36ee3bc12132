/** Times are stored and compared as ISO-8601 UTC strings on both engines. */
export const toIso = (epochMs: number): string => new Date(epochMs).toISOString();

/**
 * The one source of the current time. Services take a Clock instead of reading Date.now()
 * themselves, so tests move time (ManualClock in test/helpers.ts) instead of sleeping.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** The machine's clock: what the server and the CLI run on. */
export const systemClock: Clock = { now: () => Date.now() };

/** The clock's current time as an ISO-8601 UTC string. */
export const nowIso = (clock: Clock): string => toIso(clock.now());
