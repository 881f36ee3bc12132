import {
  EMPTY_VALUE,
  POSITION_LABELS,
  type SortDirection,
  type User,
  type UserSortColumn,
} from '@staff-admin/shared';
import clsx from 'clsx';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.js';
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { paths } from '../../../config/paths.js';
import { formatDate } from '../../../lib/format-date.js';

const COLUMNS: { id: UserSortColumn; label: string }[] = [
  { id: 'fullName', label: 'Full name' },
  { id: 'email', label: 'Email' },
  { id: 'position', label: 'Role' },
  { id: 'status', label: 'Status' },
  { id: 'createdAt', label: 'Record date' },
];

interface UsersTableProps {
  users: User[];
  sortBy: UserSortColumn;
  sortDirection: SortDirection;
  onSort: (column: UserSortColumn) => void;
  /** Nothing to show yet: the first page is loading. */
  isLoading: boolean;
  /** Another page is loading while this one is shown. */
  isFetching: boolean;
  /** Shown in place of rows when there are none. */
  empty: ReactNode;
}

/**
 * Users as a table: headers sort it; each row's name is a link to the user, the row's one tab
 * stop, and a click anywhere else on the row opens the user too (for the mouse).
 */
export function UsersTable({
  users,
  sortBy,
  sortDirection,
  onSort,
  isLoading,
  isFetching,
  empty,
}: UsersTableProps) {
  const navigate = useNavigate();
  const open = (user: User) => void navigate(paths.user.getHref(user.id));

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, user: User) => {
    // The name's own link navigates by itself (and opens new tabs on modified clicks).
    if (event.target instanceof Element && event.target.closest('a')) return;
    open(user);
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[840px] border-collapse text-left" aria-busy={isFetching}>
        <caption className="sr-only">Users</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-sm text-slate-700">
          <tr>
            {COLUMNS.map((column) => {
              const sorted = column.id === sortBy;
              const ariaSort = sorted
                ? sortDirection === 'ASC'
                  ? 'ascending'
                  : 'descending'
                : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={ariaSort}
                  className="px-4 py-2 font-semibold"
                >
                  <button
                    type="button"
                    onClick={() => onSort(column.id)}
                    className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600"
                  >
                    {column.label}
                    {!sorted ? (
                      <ChevronsUpDownIcon className="text-slate-400" />
                    ) : sortDirection === 'ASC' ? (
                      <ArrowUpIcon />
                    ) : (
                      <ArrowDownIcon />
                    )}
                  </button>
                </th>
              );
            })}
            <th scope="col" className="px-4 py-2 font-semibold whitespace-nowrap">
              2-step
            </th>
          </tr>
        </thead>
        <tbody className={clsx('text-sm', isFetching && !isLoading && 'opacity-60')}>
          {isLoading ? (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="px-4 py-12 text-center">
                <Spinner text="Loading users…" />
              </td>
            </tr>
          ) : users.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="px-4 py-12 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            users.map((user) => (
              <tr
                key={user.id}
                onClick={(event) => onRowClick(event, user)}
                className="cursor-pointer border-b border-slate-100 last:border-none hover:bg-slate-50"
              >
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <Avatar name={user.fullName || user.email} avatarUrl={user.imageUrl} />
                    <Link
                      to={paths.user.getHref(user.id)}
                      // Without a name, the link is named by the email rather than a dash.
                      aria-label={user.fullName ? undefined : user.email}
                      className="rounded-sm font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                    >
                      {user.fullName || EMPTY_VALUE}
                    </Link>
                  </div>
                </td>
                <td className="px-4 py-3 break-all text-slate-700">{user.email}</td>
                <td className="px-4 py-3 text-slate-700">{POSITION_LABELS[user.position]}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={user.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {formatDate(user.createdAt)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {user.twoStepEnabled ? (
                    <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-medium text-green-900">
                      On
                    </span>
                  ) : (
                    <span className="text-slate-700">Off</span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
