import { DATE_FORMAT, EMPTY_VALUE } from '@staff-admin/shared';
import { format, isValid, parseISO } from 'date-fns';

/** A date for people (SPEC §9's default 'LLL d, yyyy'); '-' when there is none. */
export function formatDate(value: string | Date | null | undefined, pattern = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, pattern) : EMPTY_VALUE;
}
