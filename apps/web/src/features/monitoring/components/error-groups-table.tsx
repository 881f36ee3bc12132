import {
  ERROR_SOURCE_LABELS,
  RECORD_DATE_FORMAT,
  type ErrorGroup,
  type ErrorGroupSortColumn,
  type SortDirection,
} from '@staff-admin/shared';
import clsx from 'clsx';
import type { MouseEvent, ReactNode, RefCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { SortableHeader } from '../../../components/ui/sortable-header.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import { DateTime } from '../../../components/ui/date-time.js';
import {
  REMOVABLE_ROW_CLASS,
  REMOVABLE_ROWS_CAPTION_CLASS,
  removableRowProps,
} from '../../../components/ui/use-removed-row-focus.js';
import { paths } from '../../../config/paths.js';
import { ErrorStatusBadge } from './error-status-badge.js';

const COLUMNS: { id: string; label: string; sort?: ErrorGroupSortColumn }[] = [
  { id: 'title', label: 'Error', sort: 'title' },
  { id: 'source', label: 'Source' },
  { id: 'status', label: 'Status' },
  { id: 'firstSeenAt', label: 'First seen', sort: 'firstSeenAt' },
  { id: 'lastSeenAt', label: 'Last seen', sort: 'lastSeenAt' },
  { id: 'count', label: 'Count', sort: 'count' },
  { id: 'usersAffected', label: 'Users', sort: 'usersAffected' },
];

interface ErrorGroupsTableProps {
  groups: ErrorGroup[];
  sortBy: ErrorGroupSortColumn;
  sortDirection: SortDirection;
  onSort: (column: ErrorGroupSortColumn) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  isLoading: boolean;
  isFetching: boolean;
  empty: ReactNode;
  /** RemovedRowFocus's `attach`: a group that leaves the list hands focus to its neighbour. */
  tableRef: RefCallback<HTMLTableElement>;
}

const checkbox = 'size-4 accent-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600';

/**
 * Error groups as a table: headers sort it, a checkbox per row selects it for bulk resolve; the
 * title is the row's link, and a click elsewhere on the row opens it too (for the mouse).
 */
export function ErrorGroupsTable({
  groups,
  sortBy,
  sortDirection,
  onSort,
  selected,
  onSelect,
  isLoading,
  isFetching,
  empty,
  tableRef,
}: ErrorGroupsTableProps) {
  const navigate = useNavigate();
  const allSelected = groups.length > 0 && groups.every((group) => selected.has(group.id));

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, group: ErrorGroup) => {
    if (event.target instanceof Element && event.target.closest('a, input, label')) return;
    void navigate(paths.monitoring.errorGroup.getHref(group.id));
  };

  return (
    <TableScroll label="Error groups table">
      <table
        ref={tableRef}
        className="w-full min-w-[900px] border-collapse text-left"
        aria-busy={isFetching}
      >
        <caption className={REMOVABLE_ROWS_CAPTION_CLASS}>Error groups</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-sm text-slate-700">
          <tr>
            <td className="w-10 px-4 py-2">
              <input
                type="checkbox"
                className={checkbox}
                aria-label="Select every error group on this page"
                checked={allSelected}
                disabled={groups.length === 0}
                onChange={(event) =>
                  onSelect(
                    groups.map((group) => group.id),
                    event.target.checked,
                  )
                }
              />
            </td>
            {COLUMNS.map((column) => (
              <SortableHeader
                key={column.id}
                label={column.label}
                sort={column.sort}
                sortBy={sortBy}
                sortDirection={sortDirection}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody className={clsx('text-sm', isFetching && !isLoading && 'opacity-60')}>
          {isLoading ? (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="px-4 py-12 text-center">
                <Spinner text="Loading errors…" />
              </td>
            </tr>
          ) : groups.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="px-4 py-12 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            groups.map((group) => (
              <tr
                key={group.id}
                {...removableRowProps(group.id)}
                onClick={(event) => onRowClick(event, group)}
                className={clsx(
                  'cursor-pointer border-b border-slate-100 last:border-none hover:bg-slate-50',
                  REMOVABLE_ROW_CLASS,
                )}
              >
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    className={checkbox}
                    aria-label={`Select ${group.title}`}
                    checked={selected.has(group.id)}
                    onChange={(event) => onSelect([group.id], event.target.checked)}
                  />
                </td>
                <td className="max-w-md px-4 py-3">
                  <Link
                    to={paths.monitoring.errorGroup.getHref(group.id)}
                    className="rounded-sm font-medium break-words text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                  >
                    {group.title}
                  </Link>
                </td>
                <td className="px-4 py-3 text-slate-700">{ERROR_SOURCE_LABELS[group.source]}</td>
                <td className="px-4 py-3">
                  <ErrorStatusBadge status={group.status} regressed={group.regressed} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <DateTime value={group.firstSeenAt} pattern={RECORD_DATE_FORMAT} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <DateTime value={group.lastSeenAt} pattern={RECORD_DATE_FORMAT} />
                </td>
                <td className="px-4 py-3 text-slate-700 tabular-nums">{group.count}</td>
                <td className="px-4 py-3 text-slate-700 tabular-nums">{group.usersAffected}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
