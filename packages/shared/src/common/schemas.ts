/** The pieces every area's request schemas are built of: texts, emails, lists' queries. */
import { z } from 'zod';
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
  type SortDirection,
} from './constants.js';
import { DATE_FIELD_MESSAGES, isDateValue, type DateGranularity } from './dates.js';
import { isValidEmail } from './email.js';
import { VALIDATION_MESSAGES as M } from './messages.js';
import { hasControlCharacters } from './text.js';

/** A required string: missing, non-string or empty all give the same "please enter" message. */
export const required = (message: string) =>
  z.string({ error: message }).min(1, { error: message, abort: true });

export const emailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, { error: M.emailRequired, abort: true })
  .refine(isValidEmail, { error: M.emailInvalid });

/** A page number in a list's query (1-based). */
export const pageNumberSchema = z.coerce.number().int().min(1).max(1_000_000);

/** A `true`/`false` query value. */
export const booleanQuerySchema = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The pieces every list call's query shares: search term, page size and sort direction. */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH)
  .refine((search) => !hasControlCharacters(search), { error: M.searchInvalidCharacters });
export const limitPerPageSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIST_MAX_LIMIT)
  .default(LIST_DEFAULT_LIMIT);
export const sortDirectionSchema = (fallback: SortDirection) =>
  z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(SORT_DIRECTIONS))
    .default(fallback);

/**
 * A date field's value in a form (see the site's DateField): the ISO value, refused with the
 * field's message when the text typed is not a date of its kind, or is empty.
 */
export const dateFieldSchema = (granularity: DateGranularity = 'day') =>
  z.string().refine((value) => isDateValue(value, granularity), {
    error: DATE_FIELD_MESSAGES[granularity],
  });
