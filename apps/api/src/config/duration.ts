const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d{1,9})(ms|[dhms])$/;

/**
 * Parses durations written like `30s`, `15m`, `1h`, `7d` (CONTRACT §1) into milliseconds. `ms` is
 * accepted too, so tests can run timers (mail retries, token expiry) in a blink.
 */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  const ms = amount * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 ? ms : undefined;
}
