import type { AuditEventRow } from './audit.repository.js';

const COLUMNS = ['at', 'action', 'actorId', 'targetId', 'ip', 'userAgent', 'details'] as const;

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would read as a formula (starting with =, +, -,
 * @, tab or carriage return) gets a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The audit rows as CSV with a header line, lines ended by CRLF. */
export function auditCsv(rows: AuditEventRow[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) lines.push(COLUMNS.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
