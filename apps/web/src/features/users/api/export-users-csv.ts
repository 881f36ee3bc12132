import { useMutation } from '@tanstack/react-query';
import { format } from 'date-fns';
import { downloadFile } from '../../../lib/download-file.js';
import { toUserListFilter, type UsersListParams } from './get-users.js';

/** GET /users/export.csv: every user the view's search and filters match, in its order. */
export function exportUsersCsv(params: UsersListParams): Promise<void> {
  const { sortBy, sortDirection } = params;
  return downloadFile(
    '/users/export.csv',
    { ...toUserListFilter(params), sortBy, sortDirection },
    // The name the server gives the file too: the day of the export.
    `users-${format(new Date(), 'yyyy-MM-dd')}.csv`,
  );
}

export function useExportUsersCsv() {
  return useMutation({ mutationFn: exportUsersCsv });
}
