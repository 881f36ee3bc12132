import { countLabel, type PaginationMeta, type PluralForms } from '@staff-admin/shared';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { PAGE_SIZES, type UpdateOptions } from '../../lib/list-params.js';
import { LiveStatus } from './live-status.js';
import { LoadError } from './load-error.js';
import { Pagination } from './pagination.js';

/** What the list's query (TanStack Query) tells about the page shown. */
interface PageQuery {
  data?: { meta: PaginationMeta & { totalItemsCapped?: boolean } };
  isFetching: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

const BOX_CLASS = 'overflow-hidden rounded-2xl border border-slate-200 bg-white';

interface Paging {
  page: number;
  limitPerPage: number;
}

interface ListResultsProps {
  /** The region's name ("Users"); without it the box is no region (a tab or a card names it). */
  label?: string;
  /** What a row is, singular and plural: ['user', 'users']. */
  itemNames: PluralForms;
  query: PageQuery;
  /** The view's page and page size with its `update`: `useListParams`'s `list`. */
  list: {
    params: Paging;
    update: (changes: Partial<Paging>, options?: UpdateOptions) => void;
  };
  /** What the list holds, for "No users found" and "The users could not be loaded.". */
  what: string;
  /** Read out when nothing matches, when not "No <what> found". */
  noneFound?: string;
  /** Said before the server's reason when the list cannot be loaded, when not "The <what> could not be loaded.". */
  loadFailed?: string;
  /** Shown instead of the load error (with `status` read out instead of the result). */
  failure?: ReactNode;
  status?: string;
  /** The table. */
  children: ReactNode;
  /** Said between the table and the pages (the audit trail's cap). */
  note?: ReactNode;
}

/**
 * A paged list's results: its table, the pages under it, a load error with Try again, and the
 * result read out once it has arrived ("12 users, page 2 of 3"). A page past the end (the list
 * shrank, or an old link) shows the last page instead.
 */
export function ListResults({
  label,
  itemNames,
  query,
  list: { params, update },
  what,
  noneFound = `No ${what} found`,
  loadFailed = `The ${what} could not be loaded.`,
  failure,
  status,
  children,
  note,
}: ListResultsProps) {
  const meta = query.data?.meta;
  // The table draws its first rows at a lower priority (DataTable): what is under it waits for
  // them, or the rows would push it down as they come (a layout shift).
  const stillPending = useDeferredValue(meta === undefined);
  const showUnderTable = (meta?.totalItems ?? 0) === 0 || !stillPending;
  const lastPage = meta?.totalPages ?? 0;
  useEffect(() => {
    if (!query.isPlaceholderData && lastPage > 0 && params.page > lastPage) {
      update({ page: lastPage }, { replace: true });
    }
  }, [query.isPlaceholderData, lastPage, params.page, update]);

  let result = '';
  if (meta && !query.isFetching) {
    const pages = Math.max(meta.totalPages, 1);
    result =
      meta.totalItems === 0
        ? noneFound
        : `${countLabel(meta.totalItems, itemNames, meta.totalItemsCapped)}, page ${Math.min(params.page, pages)} of ${pages}`;
  }

  const content =
    query.isError && (failure || !query.data) ? (
      (failure ?? <LoadError what={loadFailed} error={query.error} onRetry={query.refetch} />)
    ) : (
      <>
        {children}
        {showUnderTable && note}
        {meta && showUnderTable && (
          <Pagination
            page={params.page}
            totalPages={meta.totalPages}
            totalItems={meta.totalItems}
            totalItemsCapped={meta.totalItemsCapped}
            pageSize={params.limitPerPage}
            pageSizes={PAGE_SIZES}
            itemNames={itemNames}
            onPageChange={(page) => update({ page })}
            onPageSizeChange={(limitPerPage) => update({ limitPerPage, page: 1 })}
          />
        )}
      </>
    );
  return (
    <>
      <LiveStatus message={status ?? result} />
      {label ? (
        <section aria-label={label} className={BOX_CLASS}>
          {content}
        </section>
      ) : (
        <div className={BOX_CLASS}>{content}</div>
      )}
    </>
  );
}
