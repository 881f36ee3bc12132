import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.js';

/** GET /monitoring/uptime.csv: the last 90 days per check and UTC day, as a download. */
export function useExportUptimeCsv() {
  return useMutation({
    mutationFn: () => downloadFile('/monitoring/uptime.csv', {}, 'uptime.csv'),
  });
}
