import {
  POSITION_LABELS,
  countLabel,
  formatCount,
  type BulkOutcome,
  type BulkUserAction,
  type BulkUserResult,
  type MailDelivery,
  type Position,
} from '@staff-admin/shared';
import { useEffect, useId, useRef } from 'react';
import { QueuedMailNote } from '../../../components/queued-mail/queued-mail-note.js';
import { Button } from '../../../components/ui/button.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import type { BulkRunOutcome } from '../api/bulk-users.js';

const USERS = ['user', 'users'] as const;

/**
 * What a run did, in words, for how many users it was done (issue 33, item 20: say how many).
 * Invitations are "sent" only while mail goes out, as the one-user resend says (item 18).
 */
function doneSentence(
  action: BulkUserAction,
  count: number,
  position: Position | undefined,
  mailDelivery: MailDelivery | null,
): string {
  const users = countLabel(count, USERS);
  switch (action) {
    case 'changeRole':
      return `${users} given the role ${position ? POSITION_LABELS[position] : 'chosen'}.`;
    case 'activate':
      return `${users} activated.`;
    case 'deactivate':
      return `${users} deactivated.`;
    case 'resendInvitation': {
      const sent = mailDelivery === 'working' || mailDelivery === 'log';
      return `${countLabel(count, ['new invitation', 'new invitations'])} ${sent ? 'sent' : 'queued'}.`;
    }
    case 'endSessions':
      return `${users} signed out everywhere.`;
    case 'delete':
      return `${users} deleted.`;
  }
}

/** The actions whose users stay in the list with something new to show there. */
const NEW_VALUE: Partial<Record<BulkUserAction, (position?: Position) => string>> = {
  activate: () => 'now Active',
  deactivate: () => 'now Inactive',
  changeRole: (position) => (position ? `now ${POSITION_LABELS[position]}` : 'new role'),
};

interface BulkResultsProps {
  action: BulkUserAction;
  /** The new role (changeRole only). */
  position?: Position;
  outcome: BulkRunOutcome;
  /** How many users the run was meant for. */
  total: number;
  /** Emails the page knew for the chosen ids, for rows the server could not name. */
  knownEmails?: ReadonlyMap<string, string>;
  onDone: () => void;
}

/** A bulk action's outcome: how many rows were done, skipped or failed, and why, row by row. */
export function BulkResults({
  action,
  position,
  outcome,
  total,
  knownEmails,
  onDone,
}: BulkResultsProps) {
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const changedId = useId();
  const failedId = useId();
  const skippedId = useId();
  const { results, error, stopped } = outcome;
  const byOutcome = (wanted: BulkOutcome) => results.filter((row) => row.outcome === wanted);
  const failed = byOutcome('failed');
  const skipped = byOutcome('skipped');
  const done = byOutcome('done');
  const newValue = NEW_VALUE[action]?.(position);
  const left = Math.max(total - results.length, 0);

  // The progress bar that had focus is gone: reading starts at the outcome.
  useEffect(() => summaryRef.current?.focus(), []);

  const name = (row: BulkUserResult) =>
    row.email ?? knownEmails?.get(row.id) ?? 'A user who no longer exists';

  return (
    <div className="mt-6 flex flex-col gap-5">
      <p
        ref={summaryRef}
        tabIndex={-1}
        className="font-semibold text-slate-900 focus-visible:outline-none"
      >
        {doneSentence(action, done.length, position, outcome.mailDelivery)}
        {(skipped.length > 0 || failed.length > 0) &&
          ` ${formatCount(skipped.length)} skipped, ${formatCount(failed.length)} failed.`}
      </p>
      {outcome.mailDelivery && (
        <QueuedMailNote delivery={outcome.mailDelivery} count={done.length} />
      )}
      {error !== null && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          Stopped by an error: {getErrorMessage(error)}
          {left > 0 && ` ${countLabel(left, USERS)} not processed.`}
        </p>
      )}
      {stopped && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Stopped before the end{left > 0 && `: ${countLabel(left, USERS)} not processed`}.
        </p>
      )}
      {newValue && done.length > 0 && (
        <section aria-labelledby={changedId} className="flex flex-col gap-2">
          <h3 id={changedId} className="font-semibold text-slate-900">
            Changed ({done.length})
          </h3>
          <p className="text-sm text-slate-700">
            Those who still match the search and filters stay in the list, with their new
            {action === 'changeRole' ? ' role' : ' status'}.
          </p>
          <ul className="flex flex-col gap-1 text-sm text-slate-700">
            {done.map((row) => (
              <li key={row.id}>
                <span className="font-medium break-all text-slate-900">{name(row)}</span>:{' '}
                {newValue}
              </li>
            ))}
          </ul>
        </section>
      )}
      {failed.length > 0 && (
        <section aria-labelledby={failedId} className="flex flex-col gap-2">
          <h3 id={failedId} className="font-semibold text-slate-900">
            Failed ({failed.length})
          </h3>
          <ul className="flex flex-col gap-1 text-sm text-slate-700">
            {failed.map((row) => (
              <li key={row.id}>
                <span className="font-medium break-all text-slate-900">{name(row)}</span>:{' '}
                {row.message ?? 'Refused.'}
              </li>
            ))}
          </ul>
        </section>
      )}
      {skipped.length > 0 && (
        <section aria-labelledby={skippedId} className="flex flex-col gap-2">
          <h3 id={skippedId} className="font-semibold text-slate-900">
            Skipped ({skipped.length})
          </h3>
          <ul className="flex flex-col gap-1 text-sm text-slate-700">
            {skipped.map((row) => (
              <li key={row.id}>
                <span className="font-medium break-all text-slate-900">{name(row)}</span>:{' '}
                {row.message ?? 'Nothing to do.'}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex justify-end border-t border-slate-200 pt-6">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
