import {
  countLabel,
  ERROR_GROUP_STATUS_LABELS,
  ERROR_GROUP_STATUSES,
  ERROR_SOURCE_LABELS,
  ERROR_SOURCES,
  type ErrorGroupSortColumn,
} from '@staff-admin/shared';
import { CheckIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { LiveStatus } from '../../../components/ui/live-status.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { SearchBox } from '../../../components/ui/search-box.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useErrorGroups } from '../api/get-error-groups.js';
import { useResolveErrorGroups } from '../api/resolve-error-groups.js';
import { PAGE_SIZES, useErrorGroupsParams } from '../hooks/use-error-groups-params.js';
import { ErrorGroupsTable } from './error-groups-table.js';

const ALL = 'all' as const;
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...ERROR_GROUP_STATUSES.map((status) => ({
    value: status,
    label: ERROR_GROUP_STATUS_LABELS[status],
  })),
];
const SOURCE_OPTIONS = [
  { value: ALL, label: 'All sources' },
  ...ERROR_SOURCES.map((source) => ({ value: source, label: ERROR_SOURCE_LABELS[source] })),
];

const GROUP_NAMES = ['error group', 'error groups'] as const;

/** Monitoring › Errors: filters, a sortable table with bulk resolve, and pages, all in the URL. */
export function ErrorGroupsList() {
  const [params, update] = useErrorGroupsParams();
  const groups = useErrorGroups(params);
  const resolve = useResolveErrorGroups();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A group resolved while a status filter hides it (here or elsewhere) leaves the list when it
  // is loaded again: focus in its row goes to the next group's.
  const { attach: tableRef } = useRemovedRowFocus();
  const meta = groups.data?.meta;
  const visible = groups.data?.data ?? [];
  // Only what is on screen can be resolved: a selection does not outlive its page.
  const chosen = visible.filter((group) => selected.has(group.id)).map((group) => group.id);

  const lastPage = meta?.totalPages ?? 0;
  useEffect(() => {
    if (!groups.isPlaceholderData && lastPage > 0 && params.page > lastPage) {
      update({ page: lastPage }, { replace: true });
    }
  }, [groups.isPlaceholderData, lastPage, params.page, update]);

  const sort = (column: ErrorGroupSortColumn) => {
    const toggled = params.sortDirection === 'ASC' ? 'DESC' : 'ASC';
    update({
      sortBy: column,
      sortDirection: column === params.sortBy ? toggled : 'DESC',
      page: 1,
    });
  };

  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const resolveSelected = () => {
    if (chosen.length === 0 || resolve.isPending) return;
    resolve.mutate(chosen, {
      onSuccess: (count) => {
        setSelected(new Set());
        toast.success(`${countLabel(count, GROUP_NAMES)} resolved.`);
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  };

  let result = '';
  if (meta && !groups.isFetching) {
    const pages = Math.max(meta.totalPages, 1);
    result =
      meta.totalItems === 0
        ? 'No errors found'
        : `${countLabel(meta.totalItems, GROUP_NAMES)}, page ${Math.min(params.page, pages)} of ${pages}`;
  }
  const filtered = Boolean(params.search || params.status || params.source);

  return (
    <div className="flex flex-col gap-4">
      <LiveStatus message={result} />
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          value={params.search}
          placeholder="Search in error titles"
          onSearch={(search) => {
            if (search !== params.search) update({ search, page: 1 }, { replace: true });
          }}
        />
        <Dropdown
          label="Status"
          options={STATUS_OPTIONS}
          value={params.status || ALL}
          onChange={(status) => update({ status: status === ALL ? '' : status, page: 1 })}
          className="w-44"
        />
        <Dropdown
          label="Source"
          options={SOURCE_OPTIONS}
          value={params.source || ALL}
          onChange={(source) => update({ source: source === ALL ? '' : source, page: 1 })}
          className="w-44"
        />
        <Button
          variant="secondary"
          className="ml-auto"
          disabled={chosen.length === 0}
          isLoading={resolve.isPending}
          onClick={resolveSelected}
        >
          <CheckIcon />
          {chosen.length > 0 ? `Resolve selected (${chosen.length})` : 'Resolve selected'}
        </Button>
      </div>
      <section
        aria-label="Errors"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
      >
        {groups.isError && !groups.data ? (
          <div role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
            <p className="text-slate-800">
              The errors could not be loaded. {getErrorMessage(groups.error)}
            </p>
            <Button variant="secondary" onClick={() => void groups.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <ErrorGroupsTable
              groups={visible}
              sortBy={params.sortBy}
              sortDirection={params.sortDirection}
              onSort={sort}
              selected={selected}
              onSelect={select}
              isLoading={groups.isPending}
              isFetching={groups.isFetching}
              tableRef={tableRef}
              empty={
                <>
                  <p className="font-semibold">No errors found</p>
                  <p className="mt-1 text-slate-600">
                    {filtered
                      ? 'No error group matches these filters.'
                      : 'Nothing has gone wrong on the server or in the site yet.'}
                  </p>
                </>
              }
            />
            {meta && (
              <Pagination
                page={params.page}
                totalPages={meta.totalPages}
                totalItems={meta.totalItems}
                pageSize={params.limitPerPage}
                pageSizes={PAGE_SIZES}
                itemNames={GROUP_NAMES}
                onPageChange={(page) => update({ page })}
                onPageSizeChange={(limitPerPage) => update({ limitPerPage, page: 1 })}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
