/**
 * Dates in the site's fields, in one place: the company's UK format (day first) is what people
 * type and read, ISO 8601 is what the site sends and the API and files keep. A field's hint, its
 * message and the way its text is read all come from here, so they cannot disagree.
 *
 * Three kinds of field: a day (`YYYY-MM-DD`, shown `dd/mm/yyyy`), a month (`YYYY-MM`, shown
 * `mm/yyyy`) and a minute (`YYYY-MM-DDTHH:mm` in the browser's time zone, as `datetime-local`
 * gives it, shown `dd/mm/yyyy hh:mm`, 24-hour).
 *
 * No zod here, so a list that shows dates does not bring it: the form's schema,
 * `dateFieldSchema`, is in schemas.ts.
 */
export type DateGranularity = 'day' | 'month' | 'minute';

const FORMATS: Record<DateGranularity, { noun: string; pattern: string; example: string }> = {
  day: { noun: 'a date', pattern: 'dd/mm/yyyy', example: '27/11/2026' },
  month: { noun: 'a month', pattern: 'mm/yyyy', example: '11/2026' },
  minute: { noun: 'a date and time', pattern: 'dd/mm/yyyy hh:mm', example: '27/11/2026 14:30' },
};

/** A date field's hint: its format, "dd/mm/yyyy". */
export const dateFieldHint = (granularity: DateGranularity = 'day'): string =>
  FORMATS[granularity].pattern;

const message = ({ noun, pattern, example }: (typeof FORMATS)[DateGranularity]) =>
  `Please enter ${noun} as ${pattern}, e.g. ${example}.`;

/** "Please enter a date as dd/mm/yyyy, e.g. 27/11/2026.", and the month's and minute's. */
export const DATE_FIELD_MESSAGES: Record<DateGranularity, string> = {
  day: message(FORMATS.day),
  month: message(FORMATS.month),
  minute: message(FORMATS.minute),
};

/**
 * A day in a file (the cost import) is read as a day field reads it (`parseDateText`): the UK
 * form a spreadsheet saved in the UK writes, or ISO. Its message names both forms; the example
 * (a day past the 12th) shows that the day comes first, as a month-first date is never guessed.
 */
export const DAY_IN_FILE_MESSAGE = `Please enter a date as ${FORMATS.day.pattern} (e.g. ${FORMATS.day.example}) or YYYY-MM-DD.`;

/** A calendar day `YYYY-MM-DD` that exists (no 31 April, 29 February only in leap years). */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const ISO_VALUE: Record<DateGranularity, RegExp> = {
  day: /^\d{4}-\d{2}-\d{2}$/,
  month: /^\d{4}-(?:0[1-9]|1[0-2])$/,
  minute: /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d$/,
};

/** Whether `value` is the ISO form a field of this kind gives (and the API takes). */
export function isDateValue(value: string, granularity: DateGranularity = 'day'): boolean {
  const match = ISO_VALUE[granularity].exec(value);
  if (!match) return false;
  if (granularity === 'day') return isCalendarDay(value);
  return granularity === 'month' || isCalendarDay(match[1] ?? '');
}

// Day and month of one or two digits, a four-digit year; '/', '.' or '-' between them.
const UK_DAY = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/;
const UK_MONTH = /^(\d{1,2})[-./](\d{4})$/;
const UK_MINUTE = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4}),? (\d{1,2})[.:](\d{2})$/;

const twoDigits = (part = '') => part.padStart(2, '0');

/** `typed` (trimmed, single spaces) read as the UK form of its kind: an ISO value, maybe no day. */
function fromUkText(typed: string, granularity: DateGranularity): string | null {
  if (granularity === 'month') {
    const [, month, year] = UK_MONTH.exec(typed) ?? [];
    return year ? `${year}-${twoDigits(month)}` : null;
  }
  const [, day, month, year, hour, minute] =
    (granularity === 'day' ? UK_DAY : UK_MINUTE).exec(typed) ?? [];
  if (!year) return null;
  const date = `${year}-${twoDigits(month)}-${twoDigits(day)}`;
  return granularity === 'day' ? date : `${date}T${twoDigits(hour)}:${minute}`;
}

/**
 * The ISO value of what was typed in a date field of this kind: `dd/mm/yyyy` (or `d/m/yyyy`,
 * with '.' or '-' too), `mm/yyyy`, `dd/mm/yyyy hh:mm`; text already in the ISO form is taken as
 * it is. '' for empty text, null when the text is not such a date (or no such day exists).
 */
export function parseDateText(text: string, granularity: DateGranularity = 'day'): string | null {
  const typed = text.trim().replace(/\s+/g, ' ');
  if (typed === '') return '';
  const value = isDateValue(typed, granularity) ? typed : fromUkText(typed, granularity);
  return value !== null && isDateValue(value, granularity) ? value : null;
}

/** An ISO value as a date field shows it: "27/11/2026"; anything else comes back unchanged. */
export function formatDateText(value: string, granularity: DateGranularity = 'day'): string {
  if (!isDateValue(value, granularity)) return value;
  const [date = '', time] = value.split('T');
  const [year, month, day] = date.split('-');
  if (granularity === 'month') return `${month}/${year}`;
  return time === undefined ? `${day}/${month}/${year}` : `${day}/${month}/${year} ${time}`;
}
