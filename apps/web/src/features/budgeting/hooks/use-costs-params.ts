import { COST_CATEGORIES, isoDateSchema } from '@staff-admin/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isOneOf, MAX_PAGE, PAGE_SIZES } from '../../../lib/list-params.js';
import type { CostsParams } from '../api/get-costs.js';

const COSTS_DEFAULT_LIMIT = 20;
const date = (value: string | null) =>
  value && isoDateSchema.safeParse(value).success ? value : '';

/** A URL edited by hand falls back to the defaults, value by value. */
function parse(searchParams: URLSearchParams): CostsParams {
  const category = searchParams.get('category');
  const page = Number(searchParams.get('page'));
  const limitPerPage = Number(searchParams.get('limitPerPage'));
  return {
    from: date(searchParams.get('from')),
    to: date(searchParams.get('to')),
    category: isOneOf(COST_CATEGORIES, category) ? category : '',
    userId: searchParams.get('person') ?? '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    limitPerPage: (PAGE_SIZES as readonly number[]).includes(limitPerPage)
      ? limitPerPage
      : COSTS_DEFAULT_LIMIT,
  };
}

/** The costs tab's filters and page live in the URL query, beside the tab itself. */
export function useCostsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parse(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<CostsParams>) => {
      setSearchParams(
        (current) => {
          const next = { ...parse(current), ...changes };
          const query = new URLSearchParams(current);
          const set = (key: string, value: string) =>
            value ? query.set(key, value) : query.delete(key);
          set('from', next.from);
          set('to', next.to);
          set('category', next.category);
          set('person', next.userId);
          query.set('page', String(next.page));
          query.set('limitPerPage', String(next.limitPerPage));
          return query;
        },
        { preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  return [params, update] as const;
}
