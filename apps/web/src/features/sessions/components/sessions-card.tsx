import {
  countLabel,
  EMPTY_VALUE,
  RECORD_DATE_FORMAT,
  TOAST_MESSAGES,
  type ActiveSession,
} from '@staff-admin/shared';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button.js';
import { DateTime, RelativeTime } from '../../../components/ui/date-time.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import {
  removableRowProps,
  useRemovedRowFocus,
} from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { formatRelativeTo } from '../../../lib/format-date.js';
import { toast } from '../../../lib/toast.js';
import { useSessions } from '../api/get-sessions.js';
import { useRevokeSession } from '../api/revoke-session.js';
import { describeUserAgent } from '../utils/describe-user-agent.js';

/**
 * How many sessions the card asks for and lists until "Show all" is pressed: a script that signs
 * in again and again can leave hundreds, and the profile is the first page a signed-in visit
 * shows. The server sends this device first, then the most recently used.
 */
const SESSIONS_SHOWN = 10;

/** Names the session a Revoke button ends, so a list of buttons does not read "Revoke, Revoke". */
function revokeLabel(session: ActiveSession, now: number): string {
  const device = describeUserAgent(session.userAgent);
  const current = session.current ? ' (this device)' : '';
  return `Revoke ${device}${current}, last used ${formatRelativeTo(session.lastUsedAt, now)}`;
}

/** A session's row: its facts, then Revoke (beside them from the `sm` width on). */
const SESSION_LAYOUT = 'flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between';

function SessionItem({
  session,
  now,
  onRevoke,
  itemRef,
}: {
  session: ActiveSession;
  /** When the list was loaded (ms): "last used" is counted from then. */
  now: number;
  onRevoke: (session: ActiveSession) => void;
  /** Set on the item that takes focus when the rest of the list is shown. */
  itemRef?: Ref<HTMLLIElement>;
}) {
  const titleId = useId();
  return (
    <li
      ref={itemRef}
      tabIndex={itemRef ? -1 : undefined}
      aria-labelledby={titleId}
      {...removableRowProps(session.id)}
      className={clsx(SESSION_LAYOUT, 'py-4 first:pt-0 last:pb-0')}
    >
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <p id={titleId} title={session.userAgent ?? undefined} className="font-semibold">
            {describeUserAgent(session.userAgent)}
          </p>
          {session.current && (
            <span className="inline-flex rounded-full bg-blue-100 px-2.5 py-0.5 text-sm font-medium whitespace-nowrap text-blue-900">
              This device
            </span>
          )}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">IP address</dt>
          <dd className="break-all text-slate-900">{session.ip || EMPTY_VALUE}</dd>
          <dt className="text-slate-600">Signed in</dt>
          <dd className="text-slate-900">
            <DateTime value={session.createdAt} pattern={RECORD_DATE_FORMAT} />
          </dd>
          <dt className="text-slate-600">Last used</dt>
          <dd className="text-slate-900">
            <RelativeTime value={session.lastUsedAt} now={now} />
          </dd>
        </dl>
      </div>
      <Button
        variant="secondary"
        size="small"
        className="self-start"
        aria-label={revokeLabel(session, now)}
        onClick={() => onRevoke(session)}
      >
        Revoke
      </Button>
    </li>
  );
}

const NBSP = '\u00a0';

/**
 * The spinner while the sessions load, in the room one session takes (a signed-in user always
 * has at least this device's), so that the list does not push what is below it when it comes.
 * The room is an invisible copy of a session's layout, one blank line per line of text.
 */
function SessionsLoading() {
  return (
    <div className="relative">
      <div aria-hidden="true" className={clsx(SESSION_LAYOUT, 'invisible')}>
        <div className="flex flex-col gap-2">
          <p className="font-semibold">{NBSP}</p>
          <div className="flex flex-col gap-y-1 text-sm">
            <span>{NBSP}</span>
            <span>{NBSP}</span>
            <span>{NBSP}</span>
          </div>
        </div>
        <span className={buttonClassName({ variant: 'secondary', size: 'small' })} />
      </div>
      <Spinner text="Loading sessions…" className="absolute top-0 left-0" />
    </div>
  );
}

/**
 * The devices signed in to a user's account (issue 5 §3), on their profile: for the user
 * themselves and for admins. Each can be revoked after a confirmation; revoking this device's
 * own session logs out.
 */
export function SessionsCard({ userId }: { userId: string }) {
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  const first = useSessions(userId, SESSIONS_SHOWN);
  const all = useSessions(userId, undefined, showAll);
  // The first ten stay listed until the rest have come, and if they cannot come.
  const allShown = showAll && all.isSuccess;
  const sessions = allShown ? all : first;
  const revoke = useRevokeSession(userId);
  const [revoking, setRevoking] = useState<ActiveSession | null>(null);
  const { attach: listRef, finalFocus: afterRevoke } = useRemovedRowFocus();
  // "Show all" goes away once the rest have come: focus moves to the first session it brought in
  // (or to the heading, should the others have ended meanwhile).
  const firstMore = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (allShown) (firstMore.current ?? document.getElementById(headingId))?.focus();
  }, [allShown, headingId]);
  // If the rest cannot come, a toast says why, and "Show all" (still focused) tries again.
  useEffect(() => {
    if (all.isError) toast.error(getErrorMessage(all.error));
  }, [all.isError, all.error]);
  const showAllSessions = () => (showAll ? void all.refetch() : setShowAll(true));

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      // Awaited rather than given callbacks: revoking this device's session signs out, and the
      // page goes away before a callback of `mutate` would run.
      await revoke.mutateAsync(revoking);
    } catch (error) {
      setRevoking(null);
      toast.error(getErrorMessage(error));
      return;
    }
    setRevoking(null);
    toast.success(revoking.current ? TOAST_MESSAGES.loggedOut : TOAST_MESSAGES.sessionRevoked);
  };

  let content;
  if (sessions.isPending) {
    content = <SessionsLoading />;
  } else if (sessions.isError) {
    content = (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-slate-800">
          The sessions could not be loaded. {getErrorMessage(sessions.error)}
        </p>
        <Button variant="secondary" size="small" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (sessions.data.data.length === 0) {
    content = <p className="text-slate-600">No active sessions.</p>;
  } else {
    const { data: shown, meta } = sessions.data;
    content = (
      <div className="flex flex-col items-start gap-4">
        <ul
          ref={listRef}
          aria-labelledby={headingId}
          className="flex w-full flex-col divide-y divide-slate-200"
        >
          {shown.map((session, index) => (
            <SessionItem
              key={session.id}
              session={session}
              now={sessions.dataUpdatedAt}
              onRevoke={setRevoking}
              itemRef={index === SESSIONS_SHOWN ? firstMore : undefined}
            />
          ))}
        </ul>
        {shown.length < meta.totalItems && (
          <Button
            variant="secondary"
            size="small"
            isLoading={showAll && all.isFetching}
            onClick={showAllSessions}
          >
            Show all {countLabel(meta.totalItems, ['session', 'sessions'])}
          </Button>
        )}
      </div>
    );
  }

  return (
    <SectionCard
      title="Sessions"
      description="Devices signed in to this account. Revoking a session signs that device out."
      headingId={headingId}
      focusableHeading
    >
      {content}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke session"
        description={
          revoking?.current
            ? 'This is the device you are using now: revoking its session logs you out.'
            : `${describeUserAgent(revoking?.userAgent)} will be signed out and must log in again.`
        }
        confirmLabel="Revoke"
        onConfirm={() => void confirmRevoke()}
        isLoading={revoke.isPending}
        destructive
        // The revoked session's row (and its Revoke button) is gone: focus goes to its neighbour.
        finalFocus={afterRevoke}
      />
    </SectionCard>
  );
}
