import {
  LIST_DEFAULT_LIMIT,
  MAIL_KINDS,
  MAIL_LIST_DEFAULT_SORT,
  MAIL_SORT_COLUMNS,
  MAIL_STATES,
  SORT_DIRECTIONS,
} from '@staff-admin/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { MailParams } from '../api/get-mail.js';
import { isOneOf, MAX_PAGE, PAGE_SIZES } from './use-error-groups-params.js';

/** A URL edited by hand or from an old link falls back to the defaults, value by value. */
function parse(searchParams: URLSearchParams): MailParams {
  const state = searchParams.get('state');
  const kind = searchParams.get('kind');
  const page = Number(searchParams.get('page'));
  const limitPerPage = Number(searchParams.get('limitPerPage'));
  const sortBy = searchParams.get('sortBy');
  const sortDirection = searchParams.get('sortDirection');
  return {
    state: isOneOf(MAIL_STATES, state) ? state : '',
    kind: isOneOf(MAIL_KINDS, kind) ? kind : '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    limitPerPage: (PAGE_SIZES as readonly number[]).includes(limitPerPage)
      ? limitPerPage
      : LIST_DEFAULT_LIMIT,
    sortBy: isOneOf(MAIL_SORT_COLUMNS, sortBy) ? sortBy : MAIL_LIST_DEFAULT_SORT.sortBy,
    sortDirection: isOneOf(SORT_DIRECTIONS, sortDirection)
      ? sortDirection
      : MAIL_LIST_DEFAULT_SORT.sortDirection,
  };
}

function toSearchParams({ state, kind, ...rest }: MailParams) {
  return new URLSearchParams({
    ...(state ? { state } : {}),
    ...(kind ? { kind } : {}),
    page: String(rest.page),
    limitPerPage: String(rest.limitPerPage),
    sortBy: rest.sortBy,
    sortDirection: rest.sortDirection,
  });
}

/** The mail list's whole view (filters, page, page size, sort) lives in the URL query. */
export function useMailParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parse(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<MailParams>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams((current) => toSearchParams({ ...parse(current), ...changes }), {
        replace,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );
  return [params, update] as const;
}
