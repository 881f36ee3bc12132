import type { Position } from '../auth/roles.js';
import type { SortDirection } from '../common/constants.js';
import type { ColumnNames } from '../common/csv-columns.js';

/**
 * Budgeting & Cost tracking: the area's values and limits. No zod here, so a screen can import a
 * label without pulling in every schema.
 */

/**
 * Who may close a month and who may reopen one: whoever works in the area closes, only admins
 * reopen. The server's guards on the closed-month routes and the site's buttons both read it, as
 * they read `AREAS`.
 */
export const CLOSED_MONTH_ACCESS = {
  close: ['admin', 'finance'],
  reopen: ['admin'],
} as const satisfies Record<string, readonly Position[]>;
export type ClosedMonthAction = keyof typeof CLOSED_MONTH_ACCESS;

export const mayChangeClosedMonth = (position: Position, action: ClosedMonthAction): boolean =>
  (CLOSED_MONTH_ACCESS[action] as readonly Position[]).includes(position);

export const PROJECT_STATUSES = ['active', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: 'Active',
  archived: 'Archived',
};

export const COST_CATEGORIES = [
  'labour',
  'contractor',
  'software',
  'hardware',
  'travel',
  'other',
] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];
export const COST_CATEGORY_LABELS: Record<CostCategory, string> = {
  labour: 'Labour',
  contractor: 'Contractor',
  software: 'Software',
  hardware: 'Hardware',
  travel: 'Travel',
  other: 'Other',
};

export const PROJECT_SORT_COLUMNS = [
  'code',
  'name',
  'client',
  'budget',
  'actual',
  'remaining',
  'percentUsed',
  'endDate',
  'createdAt',
] as const;
export type ProjectSortColumn = (typeof PROJECT_SORT_COLUMNS)[number];
export const PROJECT_LIST_DEFAULT_SORT = {
  sortBy: 'code',
  sortDirection: 'ASC',
} as const satisfies { sortBy: ProjectSortColumn; sortDirection: SortDirection };

export const COST_SORT_COLUMNS = ['date', 'amount', 'category', 'createdAt'] as const;
export type CostSortColumn = (typeof COST_SORT_COLUMNS)[number];
export const COST_LIST_DEFAULT_SORT = {
  sortBy: 'date',
  sortDirection: 'DESC',
} as const satisfies { sortBy: CostSortColumn; sortDirection: SortDirection };

/** The burn bar turns amber at this share of the budget and red at the whole of it (percent). */
export const BURN_WARNING_PERCENT = 80;
export const BURN_OVER_PERCENT = 100;

export const PROJECT_CODE_MAX_LENGTH = 20;
export const PROJECT_NAME_MAX_LENGTH = 120;
export const PROJECT_CLIENT_MAX_LENGTH = 120;
export const COST_DESCRIPTION_MAX_LENGTH = 500;
export const BUDGET_REASON_MAX_LENGTH = 500;
/** One amount, in minor units: 10^12 (ten billion pounds); keeps every sum an exact JS number. */
export const MONEY_MAX_MINOR = 1_000_000_000_000;
/** Hours of one labour entry, with at most two decimals. */
export const COST_HOURS_MAX = 1000;

/**
 * A cost import: the file's limits, checked on the site and on the server as the file is read, so
 * that a hostile file stops at the first limit it breaks. Rows after the header count, blank ones
 * too (only empty lines and lines of spaces are skipped).
 */
export const COST_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const COST_IMPORT_MAX_ROWS = 50_000;
/** Cells in a row: the seven fields, and room for the other columns a spreadsheet's export has. */
export const COST_IMPORT_MAX_COLUMNS = 50;
/** Characters in a row's cells: a full row of 50 columns named in up to 200 characters each. */
export const COST_IMPORT_MAX_ROW_LENGTH = 10_000;
/** The columns a cost file is mapped onto; `person` is an email, `currency` is checked if given. */
export const COST_IMPORT_FIELDS = [
  'date',
  'category',
  'description',
  'amount',
  'currency',
  'person',
  'hours',
] as const;
export type CostImportField = (typeof COST_IMPORT_FIELDS)[number];
export const COST_IMPORT_REQUIRED_FIELDS = [
  'date',
  'category',
  'description',
] as const satisfies readonly CostImportField[];
export const COST_IMPORT_FIELD_LABELS: Record<CostImportField, string> = {
  date: 'Date',
  category: 'Category',
  description: 'Description',
  amount: 'Amount',
  currency: 'Currency',
  person: 'Person (email)',
  hours: 'Hours',
};
/** How many row errors one import answer lists; the count is always exact. */
export const COST_IMPORT_MAX_LISTED_ERRORS = 500;

/**
 * The cost file's columns: each field's own name (the cost export's headings), the label the
 * import wizard shows, then common synonyms.
 */
export const COST_IMPORT_COLUMNS: ColumnNames<CostImportField> = {
  date: ['date', COST_IMPORT_FIELD_LABELS.date],
  category: ['category', COST_IMPORT_FIELD_LABELS.category],
  description: ['description', COST_IMPORT_FIELD_LABELS.description],
  amount: ['amount', COST_IMPORT_FIELD_LABELS.amount, 'cost'],
  currency: ['currency', COST_IMPORT_FIELD_LABELS.currency],
  person: ['person', COST_IMPORT_FIELD_LABELS.person, 'person email', 'email'],
  hours: ['hours', COST_IMPORT_FIELD_LABELS.hours, 'hrs'],
};
