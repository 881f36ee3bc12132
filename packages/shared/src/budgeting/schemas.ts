/** Budgeting & Cost tracking: the calls' request schemas (issue 14). */
import { z } from 'zod';
import { isDateValue } from '../common/dates.js';
import {
  booleanQuerySchema,
  limitPerPageSchema,
  pageNumberSchema,
  searchQuerySchema,
  sortDirectionSchema,
} from '../common/schemas.js';
import { hasControlOrInvisibleCharacters } from '../common/text.js';
import {
  BUDGET_REASON_MAX_LENGTH,
  COST_CATEGORIES,
  COST_DESCRIPTION_MAX_LENGTH,
  COST_IMPORT_FIELDS,
  COST_IMPORT_REQUIRED_FIELDS,
  COST_LIST_DEFAULT_SORT,
  COST_SORT_COLUMNS,
  MONEY_MAX_MINOR,
  PROJECT_CLIENT_MAX_LENGTH,
  PROJECT_CODE_MAX_LENGTH,
  PROJECT_LIST_DEFAULT_SORT,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_SORT_COLUMNS,
  PROJECT_STATUSES,
  type CostCategory,
} from './constants.js';
import { BUDGETING_MESSAGES as M } from './messages.js';
import { hoursToHundredths, isCurrencyCode } from './money.js';

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: M.filterInvalid });

/** A one-line text a person types: trimmed, required, bounded, no control or invisible characters. */
const text = (max: number, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, { error: M.textTooLong })
    .refine((value) => !hasControlOrInvisibleCharacters(value), {
      error: M.textInvalidCharacters,
    });

/** A calendar day, `YYYY-MM-DD` (no time, no zone: costs belong to a day, not an instant). */
export const isoDateSchema = z
  .string({ error: M.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.dateInvalid })
  .refine((value) => isDateValue(value, 'day'), { error: M.dateInvalid });

/** A calendar month, `YYYY-MM`. */
export const isoMonthSchema = z
  .string({ error: M.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: M.monthInvalid });

export const currencyCodeSchema = z
  .string({ error: M.currencyInvalid })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { error: M.currencyInvalid });

/** `{ "amount": 1250050, "currency": "GBP" }`: minor units, an integer, never a float. */
export const moneySchema = z.object({
  amount: z
    .number({ error: M.amountRequired })
    .int({ error: M.amountInvalid })
    .min(-MONEY_MAX_MINOR, { error: M.amountTooLarge })
    .max(MONEY_MAX_MINOR, { error: M.amountTooLarge }),
  currency: currencyCodeSchema,
});
export const nonNegativeMoneySchema = moneySchema.refine((money) => money.amount >= 0, {
  error: M.amountNegative,
  path: ['amount'],
});

export const projectCodeSchema = z
  .string({ error: M.codeRequired })
  .trim()
  .toUpperCase()
  .min(1, { error: M.codeRequired, abort: true })
  .regex(new RegExp(`^[A-Z0-9][A-Z0-9-]{1,${PROJECT_CODE_MAX_LENGTH - 1}}$`), {
    error: M.codeInvalid,
  });

const endNotBeforeStart = (value: { startDate?: string; endDate?: string | null }) =>
  !value.startDate || !value.endDate || value.endDate >= value.startDate;

/** The fields of a project, for forms that build their own schema on them. */
export const projectFields = {
  code: projectCodeSchema,
  name: text(PROJECT_NAME_MAX_LENGTH, M.nameRequired),
  client: text(PROJECT_CLIENT_MAX_LENGTH, M.clientRequired),
  currency: currencyCodeSchema,
  startDate: isoDateSchema,
  endDate: isoDateSchema.nullable().optional(),
  ownerId: z.string({ error: M.ownerRequired }).uuid({ error: M.ownerRequired }),
};

/** POST /projects: a project with its first budget (in the project's currency). */
export const createProjectSchema = z
  .object({
    ...projectFields,
    budget: nonNegativeMoneySchema,
    /** Why this budget; defaults to "Initial budget". */
    reason: text(BUDGET_REASON_MAX_LENGTH, M.reasonRequired).optional(),
  })
  .refine(endNotBeforeStart, { error: M.endBeforeStart, path: ['endDate'] })
  .refine((value) => value.budget.currency === value.currency, {
    error: M.currencyMismatch,
    path: ['budget'],
  });
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

/** PATCH /projects/{id}: any of the fields; currency only while the project has no costs (409). */
export const updateProjectSchema = z
  .object({ ...projectFields, status: z.enum(PROJECT_STATUSES) })
  .partial()
  .refine(endNotBeforeStart, { error: M.endBeforeStart, path: ['endDate'] });
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

export const listProjectsQuerySchema = z.object({
  search: searchQuerySchema.optional(),
  status: choice(PROJECT_STATUSES).optional(),
  currency: currencyCodeSchema.optional(),
  page: pageNumberSchema.default(1),
  limitPerPage: limitPerPageSchema,
  sortBy: choice(PROJECT_SORT_COLUMNS).default(PROJECT_LIST_DEFAULT_SORT.sortBy),
  sortDirection: sortDirectionSchema(PROJECT_LIST_DEFAULT_SORT.sortDirection),
});
export type ListProjectsQuery = z.infer<typeof listProjectsQuerySchema>;

/** POST /projects/{id}/budget-revisions: the new budget and why. */
export const createBudgetRevisionSchema = z.object({
  amount: nonNegativeMoneySchema,
  reason: text(BUDGET_REASON_MAX_LENGTH, M.reasonRequired),
});
export type CreateBudgetRevisionInput = z.infer<typeof createBudgetRevisionSchema>;

/** Hours of labour: above 0, at most 1000, two decimals at most. */
export const hoursSchema = z
  .number({ error: M.hoursRequired })
  .refine((hours) => hoursToHundredths(hours) !== null, { error: M.hoursInvalid });

const costBase = {
  date: isoDateSchema,
  description: text(COST_DESCRIPTION_MAX_LENGTH, M.descriptionRequired),
};
const NON_LABOUR = COST_CATEGORIES.filter((c) => c !== 'labour') as [
  Exclude<CostCategory, 'labour'>,
  ...Exclude<CostCategory, 'labour'>[],
];

/**
 * POST /projects/{id}/costs: labour is hours of a person, priced at their cost rate on that day
 * (the server computes the amount); every other category is an amount in the project's currency.
 */
export const createCostSchema = z.discriminatedUnion(
  'category',
  [
    z.object({
      ...costBase,
      category: z.literal('labour'),
      userId: z.string({ error: M.personRequired }).uuid({ error: M.personRequired }),
      hours: hoursSchema,
    }),
    z.object({
      ...costBase,
      category: z.enum(NON_LABOUR, { error: M.categoryInvalid }),
      amount: moneySchema,
    }),
  ],
  { error: M.categoryInvalid },
);
export type CreateCostInput = z.infer<typeof createCostSchema>;

/**
 * PATCH /costs/{id}: the fields to change. A labour entry keeps the rate it stored unless its
 * person or date changes (then the rate of that day is looked up again).
 */
export const updateCostSchema = z
  .object({
    ...costBase,
    category: z.enum(COST_CATEGORIES, { error: M.categoryInvalid }),
    userId: z.string().uuid({ error: M.personRequired }),
    hours: hoursSchema,
    amount: moneySchema,
  })
  .partial();
export type UpdateCostInput = z.infer<typeof updateCostSchema>;

export const listCostsQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    category: choice(COST_CATEGORIES).optional(),
    userId: z.string().uuid({ error: M.filterInvalid }).optional(),
    importBatchId: z.string().uuid({ error: M.filterInvalid }).optional(),
    page: pageNumberSchema.default(1),
    limitPerPage: limitPerPageSchema,
    sortBy: choice(COST_SORT_COLUMNS).default(COST_LIST_DEFAULT_SORT.sortBy),
    sortDirection: sortDirectionSchema(COST_LIST_DEFAULT_SORT.sortDirection),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: M.endBeforeStart, path: ['to'] });
export type ListCostsQuery = z.infer<typeof listCostsQuerySchema>;

/** POST /cost-rates: a person's hourly cost in one currency from a day on. */
export const createCostRateSchema = z.object({
  userId: z.string({ error: M.personRequired }).uuid({ error: M.personRequired }),
  rate: nonNegativeMoneySchema,
  validFrom: isoDateSchema,
});
export type CreateCostRateInput = z.infer<typeof createCostRateSchema>;

export const listCostRatesQuerySchema = z.object({
  userId: z.string().uuid({ error: M.filterInvalid }).optional(),
  currency: currencyCodeSchema.optional(),
});
export type ListCostRatesQuery = z.infer<typeof listCostRatesQuerySchema>;

/**
 * The multipart fields of POST /projects/{id}/costs/import besides the file: which column of the
 * file holds each field (by header name). Without it, columns named like the fields are used.
 */
export const costImportMappingSchema = z
  .partialRecord(z.enum(COST_IMPORT_FIELDS), z.string().trim().min(1).max(200))
  .refine((mapping) => COST_IMPORT_REQUIRED_FIELDS.every((field) => mapping[field]), {
    error: M.mappingInvalid,
  });
export type CostImportMapping = z.infer<typeof costImportMappingSchema>;

export const costImportQuerySchema = z.object({ dryRun: booleanQuerySchema.default(false) });

/** GET /budgeting/people: staff to pick as an owner or a labour person (finance cannot list users). */
export const BUDGETING_PEOPLE_LIMIT = 100;
export const listPeopleQuerySchema = z.object({ search: searchQuerySchema.optional() });
export type ListPeopleQuery = z.infer<typeof listPeopleQuerySchema>;

export const closeMonthSchema = z.object({ month: isoMonthSchema });
export type CloseMonthInput = z.infer<typeof closeMonthSchema>;
