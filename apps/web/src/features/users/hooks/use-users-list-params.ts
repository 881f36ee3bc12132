import {
  LIST_DEFAULT_LIMIT,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
  USER_LIST_DEFAULT_SORT,
  USER_SORT_COLUMNS,
  pageNumberSchema,
} from '@staff-admin/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { UsersListParams } from '../api/get-users.js';

import { PAGE_SIZES } from '../../../lib/list-params.js';

export { PAGE_SIZES };

/** A URL edited by hand or from an old link falls back to the defaults, value by value. */
const listParamsSchema = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).catch(''),
  page: pageNumberSchema.catch(1),
  limitPerPage: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(LIST_DEFAULT_LIMIT),
  sortBy: z.enum(USER_SORT_COLUMNS).catch(USER_LIST_DEFAULT_SORT.sortBy),
  sortDirection: z.enum(SORT_DIRECTIONS).catch(USER_LIST_DEFAULT_SORT.sortDirection),
});

function parseUsersListParams(searchParams: URLSearchParams): UsersListParams {
  return listParamsSchema.parse(Object.fromEntries(searchParams));
}

function toSearchParams(params: UsersListParams): URLSearchParams {
  const { search, page, limitPerPage, sortBy, sortDirection } = params;
  return new URLSearchParams({
    ...(search ? { search } : {}),
    page: String(page),
    limitPerPage: String(limitPerPage),
    sortBy,
    sortDirection,
  });
}

/**
 * The user list's whole view (search, page, page size, sort) lives in the URL query, so a
 * reload or a shared link shows the same view and Back returns to the previous one.
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
