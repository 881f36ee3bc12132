import { Readable } from 'node:stream';
import {
  BUDGETING_MESSAGES as M,
  COST_IMPORT_COLUMNS,
  COST_IMPORT_FIELDS,
  COST_IMPORT_MAX_COLUMNS,
  COST_IMPORT_MAX_ROW_LENGTH,
  COST_IMPORT_MAX_ROWS,
  COST_IMPORT_REQUIRED_FIELDS,
  findColumn,
  matchColumns,
  type CostImportField,
  type CostImportMapping,
} from '@staff-admin/shared';
import type { CsvError } from 'csv-parse';
import { invalid } from '../../lib/errors.js';

/** One row of a cost file: the cells of the mapped columns, by field. */
export type CostFileRow = Partial<Record<CostImportField, string>>;

type ColumnIndexes = Partial<Record<CostImportField, number>>;

/** Bytes handed to the parser at a time: each step holds the event loop about a millisecond. */
const CHUNK_BYTES = 64 * 1024;

const fileInvalid = (message: string) => invalid(message, { file: message });

/**
 * The column of each field, by the shared rule: with a mapping, the column it names for each field
 * it lists, and no other; without one, the columns named like the fields, their labels or
 * synonyms (COST_IMPORT_COLUMNS).
 */
function resolveColumns(
  headers: readonly string[],
  mapping: CostImportMapping | undefined,
): ColumnIndexes {
  if (!mapping) return checkRequired(matchColumns(headers, COST_IMPORT_COLUMNS), {});
  const columns: ColumnIndexes = {};
  const errors: Record<string, string> = {};
  for (const field of COST_IMPORT_FIELDS) {
    const name = mapping[field];
    if (name === undefined) continue;
    const index = findColumn(headers, [name]);
    if (index >= 0) columns[field] = index;
    else errors[`mapping.${field}`] = M.columnMissing;
  }
  return checkRequired(columns, errors);
}

function checkRequired(columns: ColumnIndexes, errors: Record<string, string>): ColumnIndexes {
  for (const field of COST_IMPORT_REQUIRED_FIELDS) {
    if (columns[field] === undefined) errors[`mapping.${field}`] ??= M.mappingInvalid;
  }
  if (Object.keys(errors).length > 0) throw invalid(M.mappingInvalid, errors);
  return columns;
}

function* chunksOf(bytes: Buffer) {
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    yield bytes.subarray(start, start + CHUNK_BYTES);
  }
}

/**
 * Reads a cost file (UTF-8 CSV, header row first) as a stream, keeping of each row only the cells
 * of the mapped columns. The limits are checked as the parser goes, and the first one the file
 * breaks stops it with a 400 naming it: at most COST_IMPORT_MAX_COLUMNS cells in a row (counted cell
 * by cell), COST_IMPORT_MAX_ROW_LENGTH characters in its cells, COST_IMPORT_MAX_ROWS rows; and
 * every row has as many cells as the header (RFC 4180; the site writes files so). A hostile file
 * so costs no more than the rows before its first excess. Empty lines are skipped; rows of blank
 * cells count towards the limit but are not kept.
 */
export async function readCostFile(
  bytes: Buffer,
  mapping: CostImportMapping | undefined,
): Promise<CostFileRow[]> {
  // Loaded with the first import: most servers never read a cost file.
  const { CsvError, parse } = await import('csv-parse');
  const parser = Readable.from(chunksOf(bytes)).pipe(
    parse({
      bom: true,
      // Cells are trimmed anyway; trimming here also skips lines of spaces as empty lines.
      trim: true,
      skip_empty_lines: true,
      relax_quotes: true,
      // The parser refuses a row only once it is one character past this.
      max_record_size: COST_IMPORT_MAX_ROW_LENGTH - 1,
      cast: (cell, { index }) => {
        if (index >= COST_IMPORT_MAX_COLUMNS) throw fileInvalid(M.fileTooManyColumns);
        return cell;
      },
    }),
  );
  let columns: ColumnIndexes | undefined;
  let count = 0;
  const rows: CostFileRow[] = [];
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = resolveColumns(cells, mapping);
        continue;
      }
      count += 1;
      if (count > COST_IMPORT_MAX_ROWS) throw fileInvalid(M.fileTooManyRows);
      if (cells.some((cell) => cell.trim() !== '')) rows.push(pick(cells, columns));
    }
  } catch (error) {
    throw error instanceof CsvError ? csvInvalid(error) : error;
  }
  return rows;
}

/** The parser's own refusals, with the line of the file they arose on. */
function csvInvalid(error: CsvError) {
  if (error.code === 'CSV_MAX_RECORD_SIZE') return fileInvalid(M.fileRowTooLong);
  const message =
    error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' ? M.fileCellCount : M.fileMalformed;
  const line = Number(error.lines);
  return fileInvalid(Number.isInteger(line) ? `${message} (line ${line})` : message);
}

function pick(cells: readonly string[], columns: ColumnIndexes): CostFileRow {
  const row: CostFileRow = {};
  for (const field of COST_IMPORT_FIELDS) {
    const index = columns[field];
    if (index !== undefined) row[field] = cells[index] ?? '';
  }
  return row;
}
