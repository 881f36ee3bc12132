import {
  ERROR_SOURCE_LABELS,
  RECORD_DATE_FORMAT,
  type ErrorGroup,
  type ErrorGroupSortColumn,
} from '@staff-admin/shared';
import { Link, useNavigate } from 'react-router';
import { DataTable, type Column, type RowSelection } from '../../../components/ui/data-table.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { listTableProps, type ListTableState } from '../../../components/ui/list-table-state.js';
import { paths } from '../../../config/paths.js';
import { ErrorStatusBadge } from './error-status-badge.js';

const COLUMNS: Column<ErrorGroup, ErrorGroupSortColumn>[] = [
  {
    header: 'Error',
    sort: 'title',
    cell: (group) => (
      <Link
        to={paths.monitoring.errorGroup.getHref(group.id)}
        className="rounded-sm font-medium break-words text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        {group.title}
      </Link>
    ),
    className: 'max-w-md',
  },
  { header: 'Source', cell: (group) => ERROR_SOURCE_LABELS[group.source] },
  {
    header: 'Status',
    cell: (group) => <ErrorStatusBadge status={group.status} regressed={group.regressed} />,
  },
  {
    header: 'First seen',
    sort: 'firstSeenAt',
    cell: (group) => <DateTime value={group.firstSeenAt} pattern={RECORD_DATE_FORMAT} />,
    className: 'whitespace-nowrap',
  },
  {
    header: 'Last seen',
    sort: 'lastSeenAt',
    cell: (group) => <DateTime value={group.lastSeenAt} pattern={RECORD_DATE_FORMAT} />,
    className: 'whitespace-nowrap',
  },
  { header: 'Count', sort: 'count', cell: (group) => group.count, className: 'tabular-nums' },
  {
    header: 'Users',
    sort: 'usersAffected',
    cell: (group) => group.usersAffected,
    className: 'tabular-nums',
  },
];

interface ErrorGroupsTableProps {
  groups: ErrorGroup[];
  /** Its `empty` is said under "No errors found"; a group that leaves hands focus on. */
  state: ListTableState<ErrorGroupSortColumn>;
  selection: RowSelection<ErrorGroup>;
}

/**
 * Error groups as a table: headers sort it, a checkbox per row selects it for bulk resolve; the
 * title is the row's link, and a click elsewhere on the row opens it too (for the mouse).
 */
export function ErrorGroupsTable({ groups, state, selection }: ErrorGroupsTableProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      caption="Error groups"
      columns={COLUMNS}
      rows={groups}
      minWidth="min-w-[900px]"
      selection={selection}
      {...listTableProps(state, 'Loading errors…')}
      emptyTitle="No errors found"
      onRowClick={(group) => void navigate(paths.monitoring.errorGroup.getHref(group.id))}
    />
  );
}
