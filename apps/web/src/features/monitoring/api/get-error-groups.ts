import {
  ERROR_GROUP_LIST_DEFAULT_SORT,
  ERROR_GROUP_SORT_COLUMNS,
  ERROR_GROUP_STATUSES,
  ERROR_SOURCES,
  type ErrorGroup,
  type Paginated,
  ERROR_GROUP_STATUS_LABELS,
  ERROR_SOURCE_LABELS,
} from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { listView, oneOfParam, searchParam, type ParamsOf } from '../../../lib/list-params.js';

/** The error group list's view in the URL of /monitoring/errors (`listErrorGroupsQuerySchema`). */
export const ERROR_GROUPS_LIST = listView({
  filters: {
    search: searchParam,
    status: oneOfParam(ERROR_GROUP_STATUSES, ERROR_GROUP_STATUS_LABELS),
    source: oneOfParam(ERROR_SOURCES, ERROR_SOURCE_LABELS),
  },
  sort: {
    columns: ERROR_GROUP_SORT_COLUMNS,
    default: ERROR_GROUP_LIST_DEFAULT_SORT,
    first: 'DESC',
  },
});
export type ErrorGroupsParams = ParamsOf<typeof ERROR_GROUPS_LIST>;

/** Every cached page of the list; invalidate it after a status change. */
export const ERROR_GROUPS_KEY = ['monitoring', 'error-groups'] as const;

/** GET /monitoring/error-groups: one page of error groups. */
async function getErrorGroups(
  params: ErrorGroupsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<ErrorGroup>> {
  const { data } = await api.get<Paginated<ErrorGroup>>('/monitoring/error-groups', {
    params: ERROR_GROUPS_LIST.apiQuery(params),
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
