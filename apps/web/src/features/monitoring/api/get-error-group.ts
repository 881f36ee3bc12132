import type { ApiSuccess, ErrorGroupDetail } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { ERROR_GROUPS_KEY } from './get-error-groups.js';

export const errorGroupQueryKey = (id: string) => [...ERROR_GROUPS_KEY, 'detail', id] as const;

/** GET /monitoring/error-groups/{id}: the group and its recent occurrences. */
async function getErrorGroup(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ErrorGroupDetail> {
  const { data } = await api.get<ApiSuccess<ErrorGroupDetail>>(
    `/monitoring/error-groups/${encodeURIComponent(id)}`,
    { signal },
  );
  return data.data;
}

const getErrorGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: errorGroupQueryKey(id),
    queryFn: ({ signal }) => getErrorGroup(id, { signal }),
  });

export function useErrorGroup(id: string) {
  return useQuery(getErrorGroupQueryOptions(id));
}
