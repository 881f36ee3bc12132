/** Budgeting & Cost tracking: the calls' answers (issue 14). */
import type { PaginationMeta } from '../common/api.js';
import type { CostCategory, CostImportField, ProjectStatus } from './constants.js';
import type { Money } from './money.js';

export interface PersonRef {
  id: string;
  fullName: string | null;
  email: string;
}

/** A project as every call answers it: its figures in its own currency. */
export interface Project {
  id: string;
  code: string;
  name: string;
  client: string;
  currency: string;
  startDate: string;
  endDate: string | null;
  status: ProjectStatus;
  owner: PersonRef | null;
  budget: Money;
  actual: Money;
  remaining: Money;
  /** actual / budget in percent, one decimal, rounded down; null when the budget is 0. */
  percentUsed: number | null;
  /**
   * Cost at the end date if spending goes on at its pace so far (straight line from the start
   * date to today); null without an end date or before the start.
   */
  forecast: Money | null;
  costCount: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /projects/{id}: the project plus its cost per month (for the burn-up chart). */
export interface ProjectDetail extends Project {
  monthlyCosts: { month: string; amount: Money }[];
}

/** The list's totals: only when every project the filter matches shares one currency. */
export interface ProjectTotals {
  currency: string;
  budget: Money;
  actual: Money;
  remaining: Money;
}

export interface ProjectListMeta extends PaginationMeta {
  /** null when the matching projects use several currencies (`currencies` says which). */
  totals: ProjectTotals | null;
  currencies: string[];
}

export interface ProjectList {
  data: Project[];
  meta: ProjectListMeta;
}

export interface BudgetRevision {
  id: string;
  amount: Money;
  reason: string;
  createdAt: string;
  createdBy: PersonRef | null;
}

export interface CostEntry {
  id: string;
  projectId: string;
  date: string;
  category: CostCategory;
  description: string;
  amount: Money;
  /** Labour only: whose hours, how many, and the hourly rate used (kept as it was that day). */
  person: PersonRef | null;
  hours: number | null;
  rate: Money | null;
  importBatchId: string | null;
  createdBy: PersonRef | null;
  createdAt: string;
  updatedAt: string;
}

export interface CostRate {
  id: string;
  person: PersonRef;
  rate: Money;
  validFrom: string;
  createdAt: string;
  createdBy: PersonRef | null;
}

export interface ImportBatch {
  id: string;
  projectId: string;
  fileName: string;
  rowCount: number;
  total: Money;
  createdAt: string;
  createdBy: PersonRef | null;
  undoneAt: string | null;
  undoneBy: PersonRef | null;
}

export interface CostImportRowError {
  /** 1-based row of data (the header is row 0). */
  row: number;
  field: CostImportField | 'row';
  message: string;
}

/** The answer of an import: the preview on a dry run, the batch once committed. */
export interface CostImportResult {
  dryRun: boolean;
  rowCount: number;
  validCount: number;
  errorCount: number;
  /** At most COST_IMPORT_MAX_LISTED_ERRORS, in row order. */
  errors: CostImportRowError[];
  /** The sum of the valid rows. */
  total: Money;
  /** The months the file's rows fall in. */
  months: string[];
  /** The first rows as they would be recorded (dry run), for the preview. */
  preview: {
    row: number;
    date: string;
    category: CostCategory;
    description: string;
    amount: Money;
    person: string | null;
    hours: number | null;
  }[];
  batch: ImportBatch | null;
}

export interface ClosedMonth {
  month: string;
  closedAt: string;
  closedBy: PersonRef | null;
}
