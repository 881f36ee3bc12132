import {
  EMPTY_VALUE,
  POSITION_LABELS,
  RECORD_DATE_FORMAT,
  normalizeEmail,
  type User,
  type UserSortColumn,
} from '@staff-admin/shared';
import clsx from 'clsx';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.js';
import { LockIcon, LockOpenIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column, type RowSelection } from '../../../components/ui/data-table.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { listTableProps, type ListTableState } from '../../../components/ui/list-table-state.js';
import { DirectoryBadge, SsoBadge } from '../../../components/ui/sso-badge.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { paths } from '../../../config/paths.js';
import { formatDate } from '../../../lib/format-date.js';

/** What "Last sign-in" says for an account that never signed in. */
export const NEVER_SIGNED_IN = 'Never';

/** The id of a row's name link, where focus goes when a dialog's opener in that row is gone. */
export const userLinkId = (user: User) => `user-link-${user.id}`;

const badgeClass =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap';

interface UsersTableProps {
  users: User[];
  /** Its `empty` is said under "No users found"; a user who leaves the list hands focus on. */
  state: ListTableState<UserSortColumn>;
  selection: RowSelection<User>;
  /** Emails locked by failed sign-ins now (normalised). */
  lockedEmails: ReadonlySet<string>;
  onUnlock: (user: User) => void;
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

/** The Status cell: the badge, and while failed sign-ins lock the email, Locked and Unlock. */
function StatusCell({
  user,
  locked,
  onUnlock,
}: {
  user: User;
  locked: boolean;
  onUnlock: (user: User) => void;
}) {
  return (
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
  );
}

/**
 * The role, and "Managed by SSO" when it follows the company sign-in. A directory's user has
 * "Managed by directory" under their name already, which covers the role its groups give.
 */
function RoleCell({ user }: { user: User }) {
  if (!user.managedBySso || user.managedByDirectory) return <>{POSITION_LABELS[user.position]}</>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {POSITION_LABELS[user.position]}
      <SsoBadge />
    </span>
  );
}

/**
 * The Full name cell: the picture and the link to the user, and "Managed by directory" under the
 * name when the company's directory provisions them (their name, role and status follow it).
 */
function NameCell({ user }: { user: User }) {
  return (
    <div className="flex items-center gap-3">
      <Avatar name={user.fullName || user.email} avatarUrl={user.imageUrl} />
      <div className="flex flex-col items-start gap-1">
        <Link
          id={userLinkId(user)}
          to={paths.user.getHref(user.id)}
          // Without a name, the link is named by the email rather than a dash.
          aria-label={user.fullName ? undefined : user.email}
          className="rounded-sm font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {user.fullName || EMPTY_VALUE}
        </Link>
        {user.managedByDirectory && <DirectoryBadge />}
      </div>
    </div>
  );
}

/**
 * Users as a table: headers sort it; a checkbox per row (and one for the page) selects for the
 * bulk actions; each row's name is a link to the user, and a click anywhere else on the row
 * opens the user too (for the mouse).
 */
export function UsersTable({ users, state, selection, lockedEmails, onUnlock }: UsersTableProps) {
  const navigate = useNavigate();
  const columns: Column<User, UserSortColumn>[] = [
    { header: 'Full name', sort: 'fullName', cell: (user) => <NameCell user={user} /> },
    { header: 'Email', sort: 'email', cell: (user) => user.email, className: 'break-all' },
    { header: 'Role', sort: 'position', cell: (user) => <RoleCell user={user} /> },
    {
      header: 'Status',
      sort: 'status',
      cell: (user) => (
        <StatusCell
          user={user}
          locked={lockedEmails.has(normalizeEmail(user.email))}
          onUnlock={onUnlock}
        />
      ),
    },
    {
      header: 'Record date',
      sort: 'createdAt',
      cell: (user) => <DateTime value={user.createdAt} />,
      className: 'whitespace-nowrap',
    },
    {
      header: 'Last sign-in',
      sort: 'lastSignInAt',
      cell: (user) => <LastSignIn value={user.lastSignInAt} />,
      className: 'whitespace-nowrap',
    },
    {
      header: 'Invitation',
      cell: (user) => <InvitationCell user={user} />,
      className: 'whitespace-nowrap',
    },
    {
      header: '2-step',
      cell: (user) =>
        user.twoStepEnabled ? (
          <span className={clsx(badgeClass, 'bg-green-100 text-green-900')}>On</span>
        ) : (
          'Off'
        ),
      className: 'whitespace-nowrap',
    },
  ];
  return (
    <DataTable
      caption="Users"
      columns={columns}
      rows={users}
      minWidth="min-w-[1180px]"
      selection={selection}
      {...listTableProps(state, 'Loading users…')}
      emptyTitle="No users found"
      onRowClick={(user) => void navigate(paths.user.getHref(user.id))}
    />
  );
}
