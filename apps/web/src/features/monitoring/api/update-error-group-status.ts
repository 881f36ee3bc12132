import type { ApiSuccess, ErrorGroupDetail, ErrorGroupStatus } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { errorGroupQueryKey } from './get-error-group.js';
import { ERROR_GROUPS_KEY } from './get-error-groups.js';

/** PATCH /monitoring/error-groups/{id}: resolve, ignore or reopen. */
async function updateErrorGroupStatus(
  id: string,
  status: ErrorGroupStatus,
): Promise<ErrorGroupDetail> {
  const { data } = await api.patch<ApiSuccess<ErrorGroupDetail>>(
    `/monitoring/error-groups/${encodeURIComponent(id)}`,
    { status },
  );
  return data.data;
}

export function useUpdateErrorGroupStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ErrorGroupStatus) => updateErrorGroupStatus(id, status),
    onSuccess: async (group) => {
      queryClient.setQueryData(errorGroupQueryKey(id), group);
      await queryClient.invalidateQueries({ queryKey: [...ERROR_GROUPS_KEY, 'list'] });
    },
  });
}
