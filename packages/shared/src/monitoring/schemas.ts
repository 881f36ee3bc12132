/** Monitoring & Error management: the request schemas, and the Overview's answer. */
import { z } from 'zod';
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
} from '../common/constants.js';
import { VALIDATION_MESSAGES } from '../common/messages.js';
import { emailSchema, pageNumberSchema } from '../common/schemas.js';
import { isDateValue } from '../common/dates.js';
import { hasControlCharacters } from '../common/text.js';
import {
  ERROR_GROUP_LIST_DEFAULT_SORT,
  ERROR_GROUP_SORT_COLUMNS,
  ERROR_GROUP_STATUSES,
  ERROR_GROUPS_BULK_MAX,
  ERROR_REPORT_KINDS,
  ERROR_REPORT_LIMITS,
  ERROR_SOURCES,
  HEALTH_STATUSES,
  MAIL_KINDS,
  MAIL_LIST_DEFAULT_SORT,
  MAIL_SORT_COLUMNS,
  MAIL_STATES,
  OVERVIEW_CHECKS,
  OVERVIEW_COUNTS,
  UPTIME_CSV_MAX_DAYS,
} from './constants.js';
import { MONITORING_MESSAGES, UPTIME_MESSAGES } from './messages.js';

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

/** POST /monitoring/security/locked-accounts/unlock: locks are per email, so is the unlock. */
export const unlockAccountSchema = z.object({ email: emailSchema });
export type UnlockAccount = z.infer<typeof unlockAccountSchema>;

// ---- Uptime history ------------------------------------------------------------------------

/** A UTC day, `YYYY-MM-DD`. */
const uptimeDaySchema = z
  .string({ error: UPTIME_MESSAGES.dayInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: UPTIME_MESSAGES.dayInvalid })
  .refine((value) => isDateValue(value, 'day'), { error: UPTIME_MESSAGES.dayInvalid });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /monitoring/uptime.csv: the UTC days `from` to `to`, both included (the server's defaults:
 * the last 90 days, today last), at most UPTIME_CSV_MAX_DAYS of them.
 */
export const uptimeCsvQuerySchema = z
  .object({ from: uptimeDaySchema.optional(), to: uptimeDaySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: UPTIME_MESSAGES.toBeforeFrom,
    path: ['to'],
  })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1 <= UPTIME_CSV_MAX_DAYS,
    { error: UPTIME_MESSAGES.rangeTooLong, path: ['from'] },
  );
export type UptimeCsvQuery = z.infer<typeof uptimeCsvQuerySchema>;

// ---- Overview ------------------------------------------------------------------------------

const healthStatusSchema = z.enum(HEALTH_STATUSES);

export const overviewCheckSchema = z.object({
  name: z.enum(OVERVIEW_CHECKS),
  status: healthStatusSchema,
  /** What was found, for people: "ok", "unavailable", "1 mail retrying after an SMTP failure". */
  output: z.string(),
  /**
   * When what `output` tells of happened or will happen (ISO), or null: "last mail sent" at 10:02.
   * Shown after the output as a relative time ("last mail sent 5 minutes ago"), never in it.
   */
  at: z.string().nullable(),
  /** How long the check took, in milliseconds. */
  latencyMs: z.number(),
  /** When it ran (ISO). */
  time: z.string(),
  /**
   * Uptime history: the share of samples that passed or warned, in percent, over the last 24
   * hours, 30 and 90 UTC days (today included), leaving out maintenance windows; null while the
   * period has no sample.
   */
  availability: z.object({
    day: z.number().nullable(),
    month: z.number().nullable(),
    quarter: z.number().nullable(),
  }),
});
export type OverviewCheck = z.infer<typeof overviewCheckSchema>;

export const overviewProcessSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  release: z.string().nullable(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  heapTotalBytes: z.number(),
  eventLoopDelayP50Ms: z.number(),
  eventLoopDelayP99Ms: z.number(),
  nodeVersion: z.string(),
  /** True for the process that answered this request. */
  current: z.boolean(),
});
export type OverviewProcess = z.infer<typeof overviewProcessSchema>;

export const overviewCountSchema = z.object({
  name: z.enum(OVERVIEW_COUNTS),
  total: z.number().int(),
  /** One per UTC hour, oldest first, the current hour last. */
  hours: z.array(z.object({ hour: z.string(), count: z.number().int() })),
});
export type OverviewCount = z.infer<typeof overviewCountSchema>;

/**
 * The company's identity provider (SSO), when one is configured. A provider that cannot be
 * reached degrades the site, never downs it: password sign-in still works (break glass).
 */
export const overviewIdentityProviderSchema = z.object({
  /** OIDC_DISPLAY_NAME: "Sign in with {displayName}". */
  displayName: z.string(),
  /** Whether the provider's discovery document was fetched. */
  reachable: z.boolean(),
  /** The last failed discovery (ISO time, and openid-client's message: no secret is in it). */
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** The last successful SSO sign-in (ISO), or null when nobody has signed in by SSO yet. */
  lastSignInAt: z.string().nullable(),
  /** SSO sign-ins refused (audit action auth.sso_refused) in the last 24 hours. */
  refusals24h: z.number().int(),
});
export type OverviewIdentityProvider = z.infer<typeof overviewIdentityProviderSchema>;

export const overviewSchema = z.object({
  status: healthStatusSchema,
  /** When the server put this answer together (ISO). */
  time: z.string(),
  release: z.string().nullable(),
  checks: z.array(overviewCheckSchema),
  processes: z.array(overviewProcessSchema),
  counts: z.array(overviewCountSchema),
  /** Absent when SSO is not configured. */
  identityProvider: overviewIdentityProviderSchema.optional(),
});
export type Overview = z.infer<typeof overviewSchema>;
