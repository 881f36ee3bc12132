import type { Paginated, SortDirection, User, UserSortColumn } from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** One view of the user list: what the URL of /users holds. */
export interface UsersListParams {
  search: string;
  page: number;
  limitPerPage: number;
  sortBy: UserSortColumn;
  sortDirection: SortDirection;
}

/** Every cached page of the user list; invalidate it after a user is added, changed or removed. */
export const USERS_LIST_KEY = ['users', 'list'] as const;

/** GET /users: one page of users, inactive ones included (SPEC §7). */
async function getUsers(
  params: UsersListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<User>> {
  const { search, ...rest } = params;
  const { data } = await api.get<Paginated<User>>('/users', {
    params: { ...(search ? { search } : {}), ...rest, includeInactive: true },
    signal,
  });
  return data;
}

const getUsersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: [...USERS_LIST_KEY, params] as const,
    queryFn: ({ signal }) => getUsers(params, { signal }),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UsersListParams) {
  return useQuery(getUsersQueryOptions(params));
}
