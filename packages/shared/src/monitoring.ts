/** Monitoring & Error management: schemas and types of the Errors screens and reports. */
import { z } from 'zod';
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
} from './constants.js';
import {
  ERROR_GROUP_LIST_DEFAULT_SORT,
  ERROR_GROUP_SORT_COLUMNS,
  ERROR_GROUP_STATUSES,
  ERROR_GROUPS_BULK_MAX,
  ERROR_REPORT_LIMITS,
  ERROR_SOURCES,
  MAIL_KINDS,
  MAIL_LIST_DEFAULT_SORT,
  MAIL_SORT_COLUMNS,
  MAIL_STATES,
  MONITORING_MESSAGES,
  type ErrorGroupStatus,
  type ErrorSource,
  type MailKind,
  type MailState,
} from './monitoring-constants.js';
import { pageNumberSchema } from './schemas.js';
import { VALIDATION_MESSAGES } from './messages.js';
import { hasControlCharacters } from './text.js';

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: MONITORING_MESSAGES.filterInvalid });

/** GET /monitoring/error-groups: the list envelope's paging and sort, plus filters. */
export const listErrorGroupsQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH)
    .refine((search) => !hasControlCharacters(search), {
      error: VALIDATION_MESSAGES.searchInvalidCharacters,
    })
    .optional(),
  status: choice(ERROR_GROUP_STATUSES).optional(),
  source: choice(ERROR_SOURCES).optional(),
  page: pageNumberSchema.default(1),
  limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  sortBy: choice(ERROR_GROUP_SORT_COLUMNS).default(ERROR_GROUP_LIST_DEFAULT_SORT.sortBy),
  sortDirection: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(choice(SORT_DIRECTIONS))
    .default(ERROR_GROUP_LIST_DEFAULT_SORT.sortDirection),
});
export type ListErrorGroupsQuery = z.infer<typeof listErrorGroupsQuerySchema>;

/** One stack frame as error-stack-parser gives it; line and column are kept for people only. */
export const stackFrameSchema = z.object({
  fileName: z.string().max(ERROR_REPORT_LIMITS.url).optional(),
  functionName: z.string().max(ERROR_REPORT_LIMITS.type).optional(),
  lineNumber: z.number().int().nonnegative().optional(),
  columnNumber: z.number().int().nonnegative().optional(),
});
export type StackFrame = z.infer<typeof stackFrameSchema>;

export const ERROR_REPORT_KINDS = ['error', 'unhandledrejection', 'render'] as const;
export type ErrorReportKind = (typeof ERROR_REPORT_KINDS)[number];

/** POST /monitoring/error-reports: what the site sends about one browser error. */
export const errorReportSchema = z.object({
  kind: z.enum(ERROR_REPORT_KINDS),
  type: z.string().trim().min(1).max(ERROR_REPORT_LIMITS.type),
  message: z.string().max(ERROR_REPORT_LIMITS.message),
  stack: z.string().max(ERROR_REPORT_LIMITS.stack).optional(),
  frames: z.array(stackFrameSchema).max(ERROR_REPORT_LIMITS.frames).optional(),
  /** The page, path only: the site never sends the query string or hash. */
  url: z.string().max(ERROR_REPORT_LIMITS.url),
  release: z.string().max(ERROR_REPORT_LIMITS.release).optional(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

export const updateErrorGroupSchema = z.object({ status: z.enum(ERROR_GROUP_STATUSES) });
export type UpdateErrorGroupInput = z.infer<typeof updateErrorGroupSchema>;

export const resolveErrorGroupsSchema = z.object({
  ids: z
    .array(z.uuid({ error: MONITORING_MESSAGES.idInvalid }), {
      error: MONITORING_MESSAGES.idsRequired,
    })
    .min(1, { error: MONITORING_MESSAGES.idsRequired })
    .max(ERROR_GROUPS_BULK_MAX, { error: MONITORING_MESSAGES.idsTooMany }),
});
export type ResolveErrorGroupsInput = z.infer<typeof resolveErrorGroupsSchema>;

/** One error group in the list. */
export interface ErrorGroup {
  id: string;
  title: string;
  source: ErrorSource;
  type: string;
  status: ErrorGroupStatus;
  /** A resolved group that occurred again: reopened as unresolved, flagged until its status changes. */
  regressed: boolean;
  firstSeenAt: string;
  lastSeenAt: string;
  count: number;
  usersAffected: number;
}

/** One stored occurrence: secrets, query strings and headers were never stored. */
export interface ErrorOccurrence {
  id: string;
  at: string;
  message: string;
  stack: string | null;
  /** Server errors: the HTTP method, the route pattern and the answer's status. */
  method: string | null;
  route: string | null;
  status: number | null;
  requestId: string | null;
  /** Browser errors: the page's path. */
  url: string | null;
  release: string | null;
  userAgent: string | null;
  user: { id: string; fullName: string | null; email: string } | null;
}

export interface ErrorGroupDetail extends ErrorGroup {
  resolvedAt: string | null;
  occurrences: ErrorOccurrence[];
}

/** GET /monitoring/mail: the list envelope's paging and sort, plus filters. */
export const listMailQuerySchema = z.object({
  state: choice(MAIL_STATES).optional(),
  kind: choice(MAIL_KINDS).optional(),
  page: pageNumberSchema.default(1),
  limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  sortBy: choice(MAIL_SORT_COLUMNS).default(MAIL_LIST_DEFAULT_SORT.sortBy),
  sortDirection: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(choice(SORT_DIRECTIONS))
    .default(MAIL_LIST_DEFAULT_SORT.sortDirection),
});
export type ListMailQuery = z.infer<typeof listMailQuerySchema>;

/** One mail of the outbox as admins see it: never its body, link or token. */
export interface OutboxMail {
  id: string;
  kind: MailKind;
  /** Masked: `a***@example.com` (maskEmail). */
  recipient: string;
  state: MailState;
  /** Delivery attempts so far, the one that went through included (a sent mail has at least 1). */
  attempts: number;
  /** When a queued or retrying mail is due; null otherwise. */
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  /** The last SMTP failure (or who cancelled it), the recipient masked; null once it is sent. */
  lastError: string | null;
}
