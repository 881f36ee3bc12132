import type { SortDirection } from './constants.js';
import { countLabel } from './plural.js';

/**
 * Budgeting & Cost tracking: the area's values, limits and messages. No zod here, so a screen can
 * import a label without pulling in every schema.
 */

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

export const BUDGETING_MESSAGES = {
  projectNotFound: 'Project not found',
  costNotFound: 'Cost entry not found',
  importBatchNotFound: 'Import not found',
  closedMonthNotFound: 'This month is not closed',
  codeRequired: 'Please enter a project code.',
  codeInvalid:
    'Use 2 to 20 capital letters, digits and dashes, starting with a letter or digit (e.g. ACME-WEB).',
  codeTaken: 'This project code is already used.',
  nameRequired: 'Please enter a project name.',
  clientRequired: 'Please enter a client.',
  textTooLong: 'Please enter fewer characters.',
  textInvalidCharacters: 'Please remove the invisible or control characters.',
  currencyInvalid: 'Please choose a currency.',
  currencyMismatch: "The amount must be in the project's currency.",
  currencyFixed: 'The currency cannot change once the project has costs.',
  dateInvalid: 'Please enter a date as YYYY-MM-DD.',
  monthInvalid: 'Please enter a month as YYYY-MM.',
  endBeforeStart: 'The end date must not be before the start date.',
  ownerRequired: 'Please choose an owner.',
  ownerNotFound: 'The owner must be an existing staff member.',
  amountRequired: 'Please enter an amount.',
  amountInvalid: 'Please enter an amount, e.g. 1250.50.',
  amountTooManyDecimals: 'This currency has fewer decimals.',
  amountTooLarge: 'This amount is too large.',
  amountNegative: 'Please enter an amount of zero or more.',
  reasonRequired: 'Please give a reason for the change.',
  descriptionRequired: 'Please enter a description.',
  categoryInvalid: 'Please choose a category.',
  personRequired: 'Please choose a person for labour.',
  personNotFound: 'No staff member has this email.',
  hoursRequired: 'Please enter the hours.',
  hoursInvalid: 'Please enter hours above 0, up to 1000, with at most two decimals.',
  noRate: "This person has no cost rate in the project's currency on this date.",
  rateExists: 'This person already has a rate in this currency from this date.',
  monthClosed: 'This month is closed: its costs cannot be added, changed or deleted.',
  importTouchesClosedMonth: 'The file has costs in a closed month; nothing was imported.',
  importHasErrors: 'The file has rows with errors; nothing was imported.',
  /** "1 row has errors", "3 rows have errors". */
  rowsWithErrors: (count: number) => countLabel(count, ['row has errors', 'rows have errors']),
  importAlreadyUndone: 'This import has already been undone.',
  importUndoClosedMonth: 'This import has costs in a closed month and cannot be undone.',
  monthAlreadyClosed: 'This month is already closed.',
  fileRequired: 'Please choose a CSV file.',
  fileNotCsv: 'The file must be a CSV (.csv) text file.',
  fileTooLarge: 'The file must be smaller than 10 MB.',
  fileTooManyRows: `The file must have at most ${COST_IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows.`,
  fileTooManyColumns: `Each row of the file must have at most ${COST_IMPORT_MAX_COLUMNS} columns.`,
  fileRowTooLong: `Each row of the file must have at most ${COST_IMPORT_MAX_ROW_LENGTH.toLocaleString('en-GB')} characters.`,
  fileCellCount: 'Each row of the file must have as many cells as its header.',
  fileMalformed: 'The file is not valid CSV: please check its quotes.',
  fileEmpty: 'The file has no rows.',
  mappingInvalid: 'Please map the date, category and description columns.',
  columnMissing: 'The file has no column of this name.',
  rowRepeated: 'This row repeats an earlier row of the file.',
  totalTooLarge: "The project's total cost would be too large.",
  filterInvalid: 'Please choose one of the offered values.',
} as const;
