import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula: starting with =, +, -, @, tab or carriage return
 * (OWASP's CSV injection advice). A plain decimal such as "-12.50" (a credit) is left as it is:
 * spreadsheets read it as the number it is, and the export stays importable.
 */
const FORMULA_START = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/** The area's CSV exports: a header line, CRLF line ends, formula-like cells defused with a '. */
export function budgetingCsv(header: readonly string[], rows: (string | null)[][]): string {
  const csv = Papa.unparse(
    { fields: [...header], data: rows },
    { newline: '\r\n', escapeFormulae: FORMULA_START },
  );
  return `${csv}\r\n`;
}

/** `attachment; filename="…"` with a name safe in the header whatever a project code holds. */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;
