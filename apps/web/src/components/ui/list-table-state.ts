import type { ReactNode } from 'react';
import type { TableSort } from './data-table.js';
import type { RemovedRowFocus } from './use-removed-row-focus.js';

/**
 * What a list screen hands its table besides the rows: the query they come from, the URL's sort,
 * what to say when there are none, and the keeper of focus when a row goes (`listTableProps`).
 */
export interface ListTableState<S extends string = never> {
  query: { isPending: boolean; isFetching: boolean };
  sort?: TableSort<S>;
  empty: ReactNode;
  rowFocus?: RemovedRowFocus;
}

/**
 * A list's state as `DataTable`'s props: a spinner saying `loading` until the query's first
 * answer, the rows dimmed and the table busy while it loads another page.
 */
export function listTableProps<S extends string>(
  { query, ...state }: ListTableState<S>,
  loading: string,
) {
  return { ...state, loading: query.isPending && loading, isFetching: query.isFetching };
}
