import {
  BUDGETING_MESSAGES as M,
  COST_CATEGORIES,
  COST_DESCRIPTION_MAX_LENGTH,
  COST_IMPORT_FIELDS,
  DAY_IN_FILE_MESSAGE,
  hasControlOrInvisibleCharacters,
  hoursToHundredths,
  parseAmount,
  parseDateText,
  type CostCategory,
  type CostImportField,
  type CostImportRowError,
} from '@staff-admin/shared';
import type { CostFileRow } from './cost-import-file.js';

/** A row of the file as it would be recorded; labour is priced later, from the rates. */
export type ParsedCostRow = {
  row: number;
  date: string;
  description: string;
  /** Null for labour without an amount cell (priced from the rate). */
  amountMinor: number | null;
} & (
  | { category: 'labour'; personEmail: string; hoursHundredths: number }
  | { category: Exclude<CostCategory, 'labour'>; personEmail: null; hoursHundredths: null }
);

export interface ParsedFile {
  rowCount: number;
  rows: ParsedCostRow[];
  errors: CostImportRowError[];
}

/** Checks every row against the area's rules; rows are numbered from 1 after the header. */
export function parseRows(records: CostFileRow[], currency: string): ParsedFile {
  const rows: ParsedCostRow[] = [];
  const errors: CostImportRowError[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const row = index + 1;
    const cell = (field: CostImportField) => (record[field] ?? '').trim();
    const rowErrors: CostImportRowError[] = [];
    const fail = (field: CostImportRowError['field'], message: string) =>
      rowErrors.push({ row, field, message });

    // dd/mm/yyyy (a sheet saved in the UK) or ISO; kept as ISO, as every other day is.
    const date = parseDateText(cell('date')) ?? '';
    if (!date) fail('date', DAY_IN_FILE_MESSAGE);
    const categoryText = cell('category').toLowerCase();
    const category = COST_CATEGORIES.find((candidate) => candidate === categoryText);
    if (!category) fail('category', M.categoryInvalid);
    const description = cell('description');
    if (!description) fail('description', M.descriptionRequired);
    else if (description.length > COST_DESCRIPTION_MAX_LENGTH) fail('description', M.textTooLong);
    else if (hasControlOrInvisibleCharacters(description)) {
      fail('description', M.textInvalidCharacters);
    }
    const currencyCell = cell('currency').toUpperCase();
    if (currencyCell && currencyCell !== currency) fail('currency', M.currencyMismatch);

    let amountMinor: number | null = null;
    const amountText = cell('amount');
    if (amountText) {
      const parsed = parseAmount(amountText, currency);
      if ('error' in parsed) fail('amount', parsed.error);
      else if (parsed.amount < 0) fail('amount', M.amountNegative);
      else amountMinor = parsed.amount;
    } else if (category && category !== 'labour') {
      fail('amount', M.amountRequired);
    }

    let personEmail: string | null = null;
    let hoursHundredths: number | null = null;
    if (category === 'labour') {
      personEmail = cell('person').toLowerCase() || null;
      if (!personEmail) fail('person', M.personRequired);
      const hoursText = cell('hours');
      hoursHundredths = /^\d+(?:\.\d+)?$/.test(hoursText)
        ? hoursToHundredths(Number(hoursText))
        : null;
      if (hoursHundredths === null) fail('hours', hoursText ? M.hoursInvalid : M.hoursRequired);
    }

    const key = COST_IMPORT_FIELDS.map(cell).join('\u0000');
    const first = seen.get(key);
    if (first === undefined) seen.set(key, row);
    else fail('row', `${M.rowRepeated} (row ${first})`);

    if (rowErrors.length > 0 || !category) {
      errors.push(...rowErrors);
      return;
    }
    const base = { row, date, description, amountMinor };
    if (category !== 'labour') {
      rows.push({ ...base, category, personEmail: null, hoursHundredths: null });
    } else if (personEmail && hoursHundredths !== null) {
      rows.push({ ...base, category, personEmail, hoursHundredths });
    }
  });
  return { rowCount: records.length, rows, errors };
}
