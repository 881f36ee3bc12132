/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would read as a formula (starting with =, +, -,
 * @, tab or carriage return) gets a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV with a header line, lines ended by CRLF. */
export function toCsv(header: readonly string[], rows: (string | null)[][]): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
