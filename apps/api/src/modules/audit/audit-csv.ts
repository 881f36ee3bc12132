import { toCsv } from '../../lib/csv.js';
import type { AuditEventRow } from './audit.repository.js';

const COLUMNS = [
  'at',
  'action',
  'actorId',
  'actorName',
  'targetId',
  'ip',
  'userAgent',
  'details',
] as const;

/** The audit rows as CSV with a header line. */
export function auditCsv(rows: AuditEventRow[]): string {
  return toCsv(
    COLUMNS,
    rows.map((row) => COLUMNS.map((column) => row[column])),
  );
}
