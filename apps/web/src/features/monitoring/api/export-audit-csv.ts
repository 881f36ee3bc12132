import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { auditQuery, type AuditFilters } from './get-audit-events.js';

const FILE_NAME = 'audit-trail.csv';

/**
 * GET /audit/export.csv with the list's filters. The call needs the bearer token, so the file is
 * fetched here and handed to the browser as a download.
 */
async function exportAuditCsv(filters: AuditFilters): Promise<void> {
  const { data } = await api.get<Blob>('/audit/export.csv', {
    params: auditQuery(filters),
    responseType: 'blob',
  });
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportAuditCsv() {
  return useMutation({ mutationFn: exportAuditCsv });
}
