import {
  DORMANT_DAYS_MAX,
  POSITIONS,
  STATUSES,
  USER_LIST_DEFAULT_SORT,
  USER_SORT_COLUMNS,
  type Paginated,
  type User,
  type UserListFilterInput,
} from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import {
  countParam,
  flagParam,
  listView,
  oneOfParam,
  searchParam,
  type FiltersOf,
  type ParamsOf,
} from '../../../lib/list-params.js';

/** The user list's view in the URL of /users (the shared `listUsersQuerySchema`'s values). */
export const USERS_LIST = listView({
  filters: {
    search: searchParam,
    position: oneOfParam(POSITIONS),
    status: oneOfParam(STATUSES),
    /** Only accounts that never signed in. */
    neverSignedIn: flagParam,
    /** Only accounts without a sign-in for at least this many days. */
    dormantDays: countParam(DORMANT_DAYS_MAX),
  },
  sort: { columns: USER_SORT_COLUMNS, default: USER_LIST_DEFAULT_SORT, first: 'ASC' },
  // "Never signed in" and "no sign-in for N days" are one choice on screen: never wins.
  normalize: ({ neverSignedIn }) => (neverSignedIn ? { dormantDays: null } : {}),
});

/** What narrows the list: the search and the filters above the table ('' or null: not set). */
export type UsersListFilters = FiltersOf<typeof USERS_LIST>;
/** One view of the user list. */
export type UsersListParams = ParamsOf<typeof USERS_LIST>;

/** Every cached page of the user list; invalidate it after a user is added, changed or removed. */
export const USERS_LIST_KEY = ['users', 'list'] as const;

/** Inactive users are always listed (SPEC §7). */
const INCLUDE_INACTIVE = { includeInactive: true } as const;

/**
 * The shared list filter (`userListFilterSchema`) for a view: the list, its CSV export and a
 * bulk action on "every user that matches" all send this, so they mean the same users.
 */
export const toUserListFilter = (filters: UsersListFilters): UserListFilterInput => ({
  ...USERS_LIST.filterQuery(filters),
  ...INCLUDE_INACTIVE,
});

/** GET /users: one page of users matching the view's search and filters. */
async function getUsers(
  params: UsersListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<User>> {
  const { data } = await api.get<Paginated<User>>('/users', {
    params: { ...USERS_LIST.apiQuery(params), ...INCLUDE_INACTIVE },
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
