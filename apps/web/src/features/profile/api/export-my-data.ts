import type { ApiSuccess, PersonalData } from '@staff-admin/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { downloadJson } from '../../../lib/download-file.js';

/** The file's name: the day of the export, so several downloads do not overwrite each other. */
export const myDataFileName = (data: PersonalData) =>
  `my-data-${data.exportedAt.slice(0, 10)}.json`;

/** GET /users/profile/export: everything the site holds about the signed-in user, as a file. */
export async function downloadMyData(): Promise<void> {
  const { data } = await api.get<ApiSuccess<PersonalData> | PersonalData>('/users/profile/export');
  // The contract's envelope ({ data }) is taken off, so the file holds the data itself.
  const personal = 'exportedAt' in data ? data : data.data;
  downloadJson(personal, myDataFileName(personal));
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
