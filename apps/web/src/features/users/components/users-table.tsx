import {
  EMPTY_VALUE,
  POSITION_LABELS,
  RECORD_DATE_FORMAT,
  normalizeEmail,
  type SortDirection,
  type User,
  type UserSortColumn,
} from '@staff-admin/shared';
import clsx from 'clsx';
import type { MouseEvent, ReactNode, RefCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.js';
import { LockIcon, LockOpenIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { SortableHeader } from '../../../components/ui/sortable-header.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import {
  REMOVABLE_ROW_CLASS,
  REMOVABLE_ROWS_CAPTION_CLASS,
  removableRowProps,
} from '../../../components/ui/use-removed-row-focus.js';
import { paths } from '../../../config/paths.js';
import { formatDate } from '../../../lib/format-date.js';

const COLUMNS: { id: string; label: string; sort?: UserSortColumn }[] = [
  { id: 'fullName', label: 'Full name', sort: 'fullName' },
  { id: 'email', label: 'Email', sort: 'email' },
  { id: 'position', label: 'Role', sort: 'position' },
  { id: 'status', label: 'Status', sort: 'status' },
  { id: 'createdAt', label: 'Record date', sort: 'createdAt' },
  { id: 'lastSignInAt', label: 'Last sign-in', sort: 'lastSignInAt' },
  { id: 'invitation', label: 'Invitation' },
  { id: 'twoStep', label: '2-step' },
];

/** What "Last sign-in" says for an account that never signed in. */
export const NEVER_SIGNED_IN = 'Never';

/** The id of a row's name link, where focus goes when a dialog's opener in that row is gone. */
export const userLinkId = (user: User) => `user-link-${user.id}`;

const checkboxClass =
  'size-4 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
const badgeClass =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap';

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
  isSelected: (user: User) => boolean;
  onSelect: (user: User, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  /** The id of the header's checkbox (select every user on this page). */
  selectPageId: string;
  /** Emails locked by failed sign-ins now (normalised). */
  lockedEmails: ReadonlySet<string>;
  onUnlock: (user: User) => void;
  /** RemovedRowFocus's `attach`: a user who leaves the list hands focus to the next row. */
  tableRef: RefCallback<HTMLTableElement>;
}

function LastSignIn({ value }: { value: string | null }) {
  if (value === null) return <span className="text-slate-600">{NEVER_SIGNED_IN}</span>;
  return (
    <time dateTime={value} title={formatDate(value, RECORD_DATE_FORMAT)}>
      {formatDate(value)}
    </time>
  );
}

/** A pending user's invitation: when it was sent, by whom, and when the link expires (or did). */
function InvitationCell({ user }: { user: User }) {
  const { invitation, invitedBy } = user;
  if (user.status !== 'pending' || !invitation) return <>{EMPTY_VALUE}</>;
  return (
    <div className="flex flex-col gap-1">
      <span>
        Sent <DateTime value={invitation.sentAt} />
        {invitedBy?.fullName ? ` by ${invitedBy.fullName}` : ''}
      </span>
      {invitation.expired ? (
        <span>
          <span className={clsx(badgeClass, 'bg-red-100 text-red-900')}>Expired</span>{' '}
          <DateTime value={invitation.expiresAt} />
        </span>
      ) : (
        <span>
          Expires <DateTime value={invitation.expiresAt} />
        </span>
      )}
    </div>
  );
}

/**
 * Users as a table: headers sort it; a checkbox per row (and one for the page) selects for the
 * bulk actions; each row's name is a link to the user, and a click anywhere else on the row
 * opens the user too (for the mouse).
 */
export function UsersTable({
  users,
  sortBy,
  sortDirection,
  onSort,
  isLoading,
  isFetching,
  empty,
  isSelected,
  onSelect,
  onSelectPage,
  selectPageId,
  lockedEmails,
  onUnlock,
  tableRef,
}: UsersTableProps) {
  const navigate = useNavigate();
  const open = (user: User) => void navigate(paths.user.getHref(user.id));
  const selectedOnPage = users.filter(isSelected).length;
  const pageSelected = users.length > 0 && selectedOnPage === users.length;

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, user: User) => {
    const target = event.target instanceof Element ? event.target : null;
    // The name's own link navigates by itself (and opens new tabs on modified clicks); the
    // checkbox and the buttons do their own thing.
    if (target?.closest('a, button, input, label')) return;
    // A click beside the checkbox, in its cell, ticks it (a bigger target for the mouse).
    if (target?.closest('[data-select]')) return onSelect(user, !isSelected(user));
    open(user);
  };
  const columnCount = COLUMNS.length + 1;
  return (
    <TableScroll label="Users table">
      <table
        ref={tableRef}
        className="w-full min-w-[1180px] border-collapse text-left"
        aria-busy={isFetching}
      >
        <caption className={REMOVABLE_ROWS_CAPTION_CLASS}>Users</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-sm text-slate-700">
          <tr>
            <td className="w-10 py-2 pr-2 pl-4">
              <input
                id={selectPageId}
                type="checkbox"
                className={checkboxClass}
                aria-label="Select every user on this page"
                checked={pageSelected}
                ref={(input) => {
                  if (input) input.indeterminate = selectedOnPage > 0 && !pageSelected;
                }}
                disabled={users.length === 0}
                onChange={(event) => onSelectPage(event.target.checked)}
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
                className="whitespace-nowrap"
              />
            ))}
          </tr>
        </thead>
        <tbody className={clsx('text-sm', isFetching && !isLoading && 'opacity-60')}>
          {isLoading ? (
            <tr>
              <td colSpan={columnCount} className="px-4 py-12 text-center">
                <Spinner text="Loading users…" />
              </td>
            </tr>
          ) : users.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="px-4 py-12 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            users.map((user) => {
              const name = user.fullName || user.email;
              const locked = lockedEmails.has(normalizeEmail(user.email));
              const selected = isSelected(user);
              return (
                <tr
                  key={user.id}
                  {...removableRowProps(user.id)}
                  onClick={(event) => onRowClick(event, user)}
                  className={clsx(
                    'cursor-pointer border-b border-slate-100 last:border-none',
                    selected ? 'bg-blue-50 hover:bg-blue-100' : 'hover:bg-slate-50',
                    REMOVABLE_ROW_CLASS,
                  )}
                >
                  <td data-select="" className="w-10 py-3 pr-2 pl-4">
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      aria-label={`Select ${name}`}
                      checked={selected}
                      onChange={(event) => onSelect(user, event.target.checked)}
                    />
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <Avatar name={name} avatarUrl={user.imageUrl} />
                      <Link
                        id={userLinkId(user)}
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
                    <div className="flex flex-wrap items-center gap-2">
                      <StatusBadge status={user.status} />
                      {locked && (
                        <>
                          <span className={clsx(badgeClass, 'bg-red-100 text-red-900')}>
                            <LockIcon aria-hidden="true" className="size-3.5" />
                            Locked
                          </span>
                          <Button
                            variant="secondary"
                            size="small"
                            aria-label={`Unlock ${user.email}`}
                            onClick={() => onUnlock(user)}
                          >
                            <LockOpenIcon />
                            Unlock
                          </Button>
                        </>
                      )}
                    </div>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    <DateTime value={user.createdAt} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    <LastSignIn value={user.lastSignInAt} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    <InvitationCell user={user} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {user.twoStepEnabled ? (
                      <span className={clsx(badgeClass, 'bg-green-100 text-green-900')}>On</span>
                    ) : (
                      <span className="text-slate-700">Off</span>
                    )}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
