import type { ApiSuccess } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { ERROR_GROUPS_KEY } from './get-error-groups.js';

/** POST /monitoring/error-groups/bulk-resolve: how many groups this call resolved. */
async function resolveErrorGroups(ids: string[]): Promise<number> {
  const { data } = await api.post<ApiSuccess<{ resolved: number }>>(
    '/monitoring/error-groups/bulk-resolve',
    { ids },
  );
  return data.data.resolved;
}

export function useResolveErrorGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveErrorGroups,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ERROR_GROUPS_KEY }),
  });
}
