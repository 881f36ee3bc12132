import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.js';
import { auditQuery, type AuditFilters } from './get-audit-events.js';

/** GET /audit/export.csv with the list's filters, as a download. */
export function useExportAuditCsv() {
  return useMutation({
    mutationFn: (filters: AuditFilters) =>
      downloadFile('/audit/export.csv', auditQuery(filters), 'audit-trail.csv'),
  });
}
