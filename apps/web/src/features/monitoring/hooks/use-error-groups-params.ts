import {
  ERROR_GROUP_LIST_DEFAULT_SORT,
  ERROR_GROUP_SORT_COLUMNS,
  ERROR_GROUP_STATUSES,
  ERROR_SOURCES,
  LIST_DEFAULT_LIMIT,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
} from '@staff-admin/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ErrorGroupsParams } from '../api/get-error-groups.js';

import { isOneOf, MAX_PAGE, PAGE_SIZES } from '../../../lib/list-params.js';

export { isOneOf, MAX_PAGE, PAGE_SIZES };

/**
 * A URL edited by hand or from an old link falls back to the defaults, value by value. Plain
 * checks rather than zod: this screen has no form, and zod would be a quarter of its code.
 */
function parse(searchParams: URLSearchParams): ErrorGroupsParams {
  const search = (searchParams.get('search') ?? '').trim();
  const status = searchParams.get('status');
  const source = searchParams.get('source');
  const page = Number(searchParams.get('page'));
  const limitPerPage = Number(searchParams.get('limitPerPage'));
  const sortBy = searchParams.get('sortBy');
  const sortDirection = searchParams.get('sortDirection');
  return {
    search: search.length <= SEARCH_MAX_LENGTH ? search : '',
    status: isOneOf(ERROR_GROUP_STATUSES, status) ? status : '',
    source: isOneOf(ERROR_SOURCES, source) ? source : '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    limitPerPage: (PAGE_SIZES as readonly number[]).includes(limitPerPage)
      ? limitPerPage
      : LIST_DEFAULT_LIMIT,
    sortBy: isOneOf(ERROR_GROUP_SORT_COLUMNS, sortBy)
      ? sortBy
      : ERROR_GROUP_LIST_DEFAULT_SORT.sortBy,
    sortDirection: isOneOf(SORT_DIRECTIONS, sortDirection)
      ? sortDirection
      : ERROR_GROUP_LIST_DEFAULT_SORT.sortDirection,
  };
}

function toSearchParams({ search, status, source, ...rest }: ErrorGroupsParams) {
  return new URLSearchParams({
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(source ? { source } : {}),
    page: String(rest.page),
    limitPerPage: String(rest.limitPerPage),
    sortBy: rest.sortBy,
    sortDirection: rest.sortDirection,
  });
}

/**
 * The list's whole view (search, filters, page, page size, sort) lives in the URL query, as the
 * user list's does: a reload or a shared link shows the same view and Back returns to the last.
 */
export function useErrorGroupsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parse(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<ErrorGroupsParams>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams((current) => toSearchParams({ ...parse(current), ...changes }), {
        replace,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );
  return [params, update] as const;
}
