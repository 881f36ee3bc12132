import { AUDIT_ACTIONS } from '@staff-admin/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditParams } from '../api/get-audit-events.js';
import { isOneOf, MAX_PAGE, PAGE_SIZES } from './use-error-groups-params.js';

export const AUDIT_DEFAULT_LIMIT = 20;

/** A URL edited by hand or from an old link falls back to the defaults, value by value. */
function parse(searchParams: URLSearchParams): AuditParams {
  const action = searchParams.get('action');
  const page = Number(searchParams.get('page'));
  const limitPerPage = Number(searchParams.get('limitPerPage'));
  return {
    // Ids and times go to the server as typed: it answers a bad one with the field's message.
    actor: searchParams.get('actor')?.trim() ?? '',
    target: searchParams.get('target')?.trim() ?? '',
    action: isOneOf(AUDIT_ACTIONS, action) ? action : '',
    from: searchParams.get('from') ?? '',
    to: searchParams.get('to') ?? '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    limitPerPage: (PAGE_SIZES as readonly number[]).includes(limitPerPage)
      ? limitPerPage
      : AUDIT_DEFAULT_LIMIT,
  };
}

function toSearchParams(params: AuditParams) {
  const search = new URLSearchParams();
  for (const key of ['actor', 'target', 'action', 'from', 'to'] as const) {
    if (params[key]) search.set(key, params[key]);
  }
  search.set('page', String(params.page));
  search.set('limitPerPage', String(params.limitPerPage));
  return search;
}

/** The audit trail's whole view (filters, page, page size) lives in the URL query. */
export function useAuditParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parse(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<AuditParams>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams((current) => toSearchParams({ ...parse(current), ...changes }), {
        replace,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );
  return [params, update] as const;
}
