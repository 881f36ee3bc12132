/**
 * The server's one way of writing CSV: a few lines of our own rather than a library, as the
 * exports need only quoting, one formula rule and CRLF lines (papaparse reads on the site).
 */

/** Put first in a CSV file so that spreadsheet apps read it as UTF-8 (accents, Thai names). */
export const UTF8_BOM = '\uFEFF';

const PLAIN_NEGATIVE_DECIMAL = /^-\d+(?:\.\d+)?$/;

/**
 * One CSV cell (RFC 4180), with the one formula rule of every export (users, audit trail,
 * projects, costs): a cell a spreadsheet would read as a formula (starting with =, +, -, @, tab or
 * carriage return) gets a leading apostrophe (OWASP's CSV injection advice), except a plain
 * negative decimal such as -12.50 (a credit, a remaining over budget), which a spreadsheet reads
 * as a number and runs nothing.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const formula = /^[=+\-@\t\r]/.test(value) && !PLAIN_NEGATIVE_DECIMAL.test(value);
  const safe = formula ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells, ended by CRLF. */
export const csvLine = (cells: readonly (string | null)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** Rows as CSV with a header line, lines ended by CRLF. */
export function toCsv(header: readonly string[], rows: (string | null)[][]): string {
  return csvLine(header) + rows.map(csvLine).join('');
}

/**
 * A CSV file written as it is read: a UTF-8 byte-order mark and the header line, then the lines of
 * each batch of rows as it comes (for a Readable stream: only one batch is held at a time).
 */
export async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<(string | null)[][]>,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(header);
  for await (const rows of batches) yield rows.map(csvLine).join('');
}
