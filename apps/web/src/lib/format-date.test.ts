import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative } from './format-date.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatDate', () => {
  it('writes a date as SPEC §9 says, and a dash for none', () => {
    expect(formatDate('2026-11-27T07:35:38.354Z', 'yyyy-MM-dd')).toBe('2026-11-27');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
});

describe('formatRelative', () => {
  it.each([
    [0, 'now'],
    [-12 * SECOND, '12 seconds ago'],
    [-1 * MINUTE, '1 minute ago'],
    [-3 * MINUTE - 10 * SECOND, '3 minutes ago'],
    [4 * MINUTE, 'in 4 minutes'],
    [-59.6 * MINUTE, '1 hour ago'],
    [-2 * HOUR, '2 hours ago'],
    [-DAY, 'yesterday'],
    [-3 * DAY, '3 days ago'],
  ])('says %s ms as "%s"', (ms, text) => {
    expect(formatRelative(ms)).toBe(text);
  });

  it('says what Intl.RelativeTimeFormat says in English, from a second to many days', () => {
    const intl = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
    const unitMs = { second: SECOND, minute: MINUTE, hour: HOUR, day: DAY };
    const cases: [number, keyof typeof unitMs][] = [
      [0, 'second'],
      [1, 'second'],
      [-1, 'second'],
      [59, 'second'],
      [-1, 'minute'],
      [1, 'minute'],
      [-1, 'hour'],
      [23, 'hour'],
      [-1, 'day'],
      [1, 'day'],
      [2, 'day'],
      [-1_500, 'day'],
    ];
    for (const [value, unit] of cases) {
      expect(formatRelative(value * unitMs[unit])).toBe(intl.format(value, unit));
    }
  });
});
