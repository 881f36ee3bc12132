import type {
  ErrorGroup,
  ErrorGroupSortColumn,
  ErrorGroupStatus,
  ErrorSource,
  Paginated,
  SortDirection,
} from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** One view of the error group list: what the URL of /monitoring/errors holds. */
export interface ErrorGroupsParams {
  search: string;
  status: ErrorGroupStatus | '';
  source: ErrorSource | '';
  page: number;
  limitPerPage: number;
  sortBy: ErrorGroupSortColumn;
  sortDirection: SortDirection;
}

/** Every cached page of the list; invalidate it after a status change. */
export const ERROR_GROUPS_KEY = ['monitoring', 'error-groups'] as const;

/** GET /monitoring/error-groups: one page of error groups. */
async function getErrorGroups(
  { search, status, source, ...rest }: ErrorGroupsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<ErrorGroup>> {
  const { data } = await api.get<Paginated<ErrorGroup>>('/monitoring/error-groups', {
    params: {
      ...(search ? { search } : {}),
      ...(status ? { status } : {}),
      ...(source ? { source } : {}),
      ...rest,
    },
    signal,
  });
  return data;
}

const getErrorGroupsQueryOptions = (params: ErrorGroupsParams) =>
  queryOptions({
    queryKey: [...ERROR_GROUPS_KEY, 'list', params] as const,
    queryFn: ({ signal }) => getErrorGroups(params, { signal }),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useErrorGroups(params: ErrorGroupsParams) {
  return useQuery(getErrorGroupsQueryOptions(params));
}
