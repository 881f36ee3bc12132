import {
  BUDGETING_MESSAGES as M,
  COST_IMPORT_MAX_BYTES,
  COST_IMPORT_MAX_COLUMNS,
  COST_IMPORT_MAX_ROW_LENGTH,
  COST_IMPORT_MAX_ROWS,
} from '@staff-admin/shared';
import Papa from 'papaparse';

/** A cost file as the import wizard keeps it: the header's cells, and each row's, as many. */
export interface CostFile {
  headers: string[];
  rows: string[][];
}

/** The limit a row breaks, if any: the server's, from the shared constants. */
function brokenLimit(cells: readonly string[]): string | undefined {
  if (cells.length > COST_IMPORT_MAX_COLUMNS) return M.fileTooManyColumns;
  let length = 0;
  for (const cell of cells) length += cell.length;
  return length > COST_IMPORT_MAX_ROW_LENGTH ? M.fileRowTooLong : undefined;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads the chosen CSV row by row under the server's limits, and stops at the first one the file
 * breaks, so a file the server would refuse is refused here before it is kept or shown. Lines of
 * spaces are skipped; rows of blank cells count towards the row limit but are not kept. Each row
 * is made as long as the header (missing cells empty, cells past the header dropped).
 */
export function readCostFile(file: File): Promise<CostFile | { error: string }> {
  if (!file.name.toLowerCase().endsWith('.csv')) return Promise.resolve({ error: M.fileNotCsv });
  if (file.size > COST_IMPORT_MAX_BYTES) return Promise.resolve({ error: M.fileTooLarge });
  return new Promise((resolve) => {
    let headers: string[] | undefined;
    const rows: string[][] = [];
    let count = 0;
    let error: string | undefined;
    Papa.parse<string[]>(file, {
      skipEmptyLines: true,
      step: ({ data: cells }, parser) => {
        if (cells.length === 1 && isBlank(cells)) return;
        error = brokenLimit(cells);
        if (!error && headers && ++count > COST_IMPORT_MAX_ROWS) error = M.fileTooManyRows;
        if (error) return parser.abort();
        if (!headers) headers = cells;
        else if (!isBlank(cells)) rows.push(headers.map((_, index) => cells[index] ?? ''));
      },
      complete: () => {
        if (error) resolve({ error });
        else if (!headers || rows.length === 0) resolve({ error: M.fileEmpty });
        else resolve({ headers, rows });
      },
      error: () => resolve({ error: M.fileNotCsv }),
    });
  });
}
