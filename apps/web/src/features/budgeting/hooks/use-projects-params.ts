import {
  CURRENCY_CODES,
  LIST_DEFAULT_LIMIT,
  PROJECT_LIST_DEFAULT_SORT,
  PROJECT_SORT_COLUMNS,
  PROJECT_STATUSES,
  SORT_DIRECTIONS,
} from '@staff-admin/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isOneOf, MAX_PAGE, PAGE_SIZES } from '../../../lib/list-params.js';
import type { ProjectsParams } from '../api/get-projects.js';

/** A URL edited by hand falls back to the defaults, value by value. */
function parse(searchParams: URLSearchParams): ProjectsParams {
  const status = searchParams.get('status');
  const currency = searchParams.get('currency') ?? '';
  const page = Number(searchParams.get('page'));
  const limitPerPage = Number(searchParams.get('limitPerPage'));
  const sortBy = searchParams.get('sortBy');
  const sortDirection = searchParams.get('sortDirection');
  return {
    search: searchParams.get('search')?.trim() ?? '',
    status: isOneOf(PROJECT_STATUSES, status) ? status : '',
    currency: CURRENCY_CODES.includes(currency) ? currency : '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    limitPerPage: (PAGE_SIZES as readonly number[]).includes(limitPerPage)
      ? limitPerPage
      : LIST_DEFAULT_LIMIT,
    sortBy: isOneOf(PROJECT_SORT_COLUMNS, sortBy) ? sortBy : PROJECT_LIST_DEFAULT_SORT.sortBy,
    sortDirection: isOneOf(SORT_DIRECTIONS, sortDirection)
      ? sortDirection
      : PROJECT_LIST_DEFAULT_SORT.sortDirection,
  };
}

function toSearchParams({ search, status, currency, ...rest }: ProjectsParams) {
  return new URLSearchParams({
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(currency ? { currency } : {}),
    page: String(rest.page),
    limitPerPage: String(rest.limitPerPage),
    sortBy: rest.sortBy,
    sortDirection: rest.sortDirection,
  });
}

/** The project list's whole view (filters, page, page size, sort) lives in the URL query. */
export function useProjectsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parse(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<ProjectsParams>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams((current) => toSearchParams({ ...parse(current), ...changes }), {
        replace,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );
  return [params, update] as const;
}
