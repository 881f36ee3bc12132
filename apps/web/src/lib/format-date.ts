import { DATE_FORMAT, EMPTY_VALUE, countLabel } from '@staff-admin/shared';
import { format, isValid, parseISO } from 'date-fns';

/** A date for people (SPEC §9's default 'LLL d, yyyy'); '-' when there is none. */
export function formatDate(value: string | Date | null | undefined, pattern = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, pattern) : EMPTY_VALUE;
}

const UNITS = {
  second: ['second', 'seconds'],
  minute: ['minute', 'minutes'],
  hour: ['hour', 'hours'],
  day: ['day', 'days'],
} as const;

/** "3 minutes ago", "in 4 minutes"; "now", "yesterday" and "tomorrow" where English says so. */
function relativeWords(value: number, unit: keyof typeof UNITS): string {
  if (value === 0) return 'now';
  if (unit === 'day' && Math.abs(value) === 1) return value < 0 ? 'yesterday' : 'tomorrow';
  const words = countLabel(Math.abs(value), UNITS[unit]);
  return value < 0 ? `${words} ago` : `in ${words}`;
}

/**
 * How far a moment is from now, `ms` after it (negative: before): "now", "12 seconds ago",
 * "3 minutes ago", "in 4 minutes", "2 hours ago", "yesterday", "3 days ago", as
 * Intl.RelativeTimeFormat says them in English with `numeric: 'auto'`. Not built on it: its first
 * use in a page loads the locale's number data, as formatCount explains. Each unit is rounded
 * before the next is chosen, so 59.6 minutes is "1 hour ago", never "60 minutes ago".
 */
export function formatRelative(ms: number): string {
  const sign = ms < 0 ? -1 : 1;
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds < 60) return relativeWords(sign * seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relativeWords(sign * minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relativeWords(sign * hours, 'hour');
  return relativeWords(sign * Math.round(hours / 24), 'day');
}

/** How far the moment `value` (ISO) is from `now` (ms), as formatRelative says; '-' for none. */
export function formatRelativeTo(value: string, now: number): string {
  const at = Date.parse(value);
  return Number.isNaN(at) ? EMPTY_VALUE : formatRelative(at - now);
}
