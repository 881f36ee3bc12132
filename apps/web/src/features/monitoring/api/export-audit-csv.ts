import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.js';
import { AUDIT_LIST, type AuditFilters } from './get-audit-events.js';

/** GET /audit/export.csv with the list's filters, as a download. */
export function useExportAuditCsv() {
  return useMutation({
    mutationFn: (filters: AuditFilters) =>
      downloadFile('/audit/export.csv', AUDIT_LIST.filterQuery(filters), 'audit-trail.csv'),
  });
}
