import { EMPTY_VALUE, RECORD_DATE_FORMAT } from '@staff-admin/shared';
import { formatDate, formatRelativeTo } from '../../lib/format-date.js';

/**
 * A moment as people read it (SPEC §9's formats, `pattern`), in a `<time>` whose `dateTime`
 * keeps the exact ISO value for machines; a dash when there is none. Never an ISO string shown.
 */
export function DateTime({ value, pattern }: { value: string | null; pattern?: string }) {
  const text = formatDate(value, pattern);
  return value && text !== EMPTY_VALUE ? <time dateTime={value}>{text}</time> : text;
}

/**
 * How long ago, or how soon, a moment is from `now` (ms): "5 minutes ago", "in 4 minutes", in a
 * `<time>` with the exact ISO value, and the record date as its title (for the mouse); a dash
 * when there is none. `now` is the caller's, so that it can tick, and can be the server's clock
 * rather than the browser's.
 */
export function RelativeTime({ value, now }: { value: string; now: number }) {
  const text = formatRelativeTo(value, now);
  return text === EMPTY_VALUE ? (
    text
  ) : (
    <time dateTime={value} title={formatDate(value, RECORD_DATE_FORMAT)}>
      {text}
    </time>
  );
}
