import {
  DORMANT_DAYS_MAX,
  LIST_DEFAULT_LIMIT,
  POSITIONS,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
  STATUSES,
  USER_LIST_DEFAULT_SORT,
  USER_SORT_COLUMNS,
  pageNumberSchema,
} from '@staff-admin/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { UsersListFilters, UsersListParams } from '../api/get-users.js';

import { PAGE_SIZES } from '../../../lib/list-params.js';

export { PAGE_SIZES };

/** The filters of a view with nothing narrowing it. */
export const NO_FILTERS: UsersListFilters = {
  search: '',
  position: '',
  status: '',
  neverSignedIn: false,
  dormantDays: null,
};

/** A URL edited by hand or from an old link falls back to the defaults, value by value. */
const listParamsSchema = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).catch(''),
  position: z.enum(POSITIONS).or(z.literal('')).catch(''),
  status: z.enum(STATUSES).or(z.literal('')).catch(''),
  neverSignedIn: z
    .string()
    .transform((value) => value === 'true')
    .catch(false),
  dormantDays: z.coerce.number().int().min(1).max(DORMANT_DAYS_MAX).nullable().catch(null),
  page: pageNumberSchema.catch(1),
  limitPerPage: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(LIST_DEFAULT_LIMIT),
  sortBy: z.enum(USER_SORT_COLUMNS).catch(USER_LIST_DEFAULT_SORT.sortBy),
  sortDirection: z.enum(SORT_DIRECTIONS).catch(USER_LIST_DEFAULT_SORT.sortDirection),
});

function parseUsersListParams(searchParams: URLSearchParams): UsersListParams {
  const params = listParamsSchema.parse(Object.fromEntries(searchParams));
  // "Never signed in" and "no sign-in for N days" are one choice on screen: never wins.
  return params.neverSignedIn ? { ...params, dormantDays: null } : params;
}

function toSearchParams(params: UsersListParams): URLSearchParams {
  const { search, position, status, neverSignedIn, dormantDays } = params;
  const { page, limitPerPage, sortBy, sortDirection } = params;
  return new URLSearchParams({
    ...(search ? { search } : {}),
    ...(position ? { position } : {}),
    ...(status ? { status } : {}),
    ...(neverSignedIn ? { neverSignedIn: 'true' } : {}),
    ...(dormantDays !== null && !neverSignedIn ? { dormantDays: String(dormantDays) } : {}),
    page: String(page),
    limitPerPage: String(limitPerPage),
    sortBy,
    sortDirection,
  });
}

/** True when the search or a filter narrows the list. */
export const isFiltered = (filters: UsersListFilters): boolean =>
  Boolean(
    filters.search ||
    filters.position ||
    filters.status ||
    filters.neverSignedIn ||
    filters.dormantDays !== null,
  );

/**
 * The user list's whole view (search, filters, page, page size, sort) lives in the URL query,
 * so a reload or a shared link shows the same view and Back returns to the previous one.
 */
export function useUsersListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseUsersListParams(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<UsersListParams>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => toSearchParams({ ...parseUsersListParams(current), ...changes }),
        // The same page in another view: the scroll position stays, and so does the focused
        // control (Next, Rows per page) on screen.
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  return [params, update] as const;
}
