import type {
  Paginated,
  Position,
  SortDirection,
  Status,
  User,
  UserListFilterInput,
  UserSortColumn,
} from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** What narrows the list: the search and the filters above the table ('' or null: not set). */
export interface UsersListFilters {
  search: string;
  position: Position | '';
  status: Status | '';
  /** Only accounts that never signed in. */
  neverSignedIn: boolean;
  /** Only accounts without a sign-in for at least this many days. */
  dormantDays: number | null;
}

/** One view of the user list: what the URL of /users holds. */
export interface UsersListParams extends UsersListFilters {
  page: number;
  limitPerPage: number;
  sortBy: UserSortColumn;
  sortDirection: SortDirection;
}

/** Every cached page of the user list; invalidate it after a user is added, changed or removed. */
export const USERS_LIST_KEY = ['users', 'list'] as const;

/**
 * The shared list filter (`userListFilterSchema`) for a view: the list, its CSV export and a
 * bulk action on "every user that matches" all send this, so they mean the same users.
 * Inactive users are always included (SPEC §7).
 */
export function toUserListFilter({
  search,
  position,
  status,
  neverSignedIn,
  dormantDays,
}: UsersListFilters): UserListFilterInput {
  return {
    ...(search ? { search } : {}),
    includeInactive: true,
    ...(position ? { position } : {}),
    ...(status ? { status } : {}),
    ...(neverSignedIn ? { neverSignedIn: true } : {}),
    ...(dormantDays !== null ? { dormantDays } : {}),
  };
}

/** GET /users: one page of users matching the view's search and filters. */
async function getUsers(
  params: UsersListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<User>> {
  const { page, limitPerPage, sortBy, sortDirection } = params;
  const { data } = await api.get<Paginated<User>>('/users', {
    params: { ...toUserListFilter(params), page, limitPerPage, sortBy, sortDirection },
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

export function useUsers(params: UsersListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getUsersQueryOptions(params), enabled });
}
