import { countLabel, type BulkCreateResult } from '@staff-admin/shared';
import { useEffect, useRef } from 'react';
import { QueuedMailNote } from '../../../components/queued-mail/queued-mail-note.js';
import { Button } from '../../../components/ui/button.js';

interface InviteSummaryProps {
  result: BulkCreateResult;
  /** Rows of a file that were not sent (they had problems, or a call failed). */
  notSent?: number;
  onDone: () => void;
  onInviteMore: () => void;
}

/** Who was invited, and who was skipped with the server's reason. */
export function InviteSummary({ result, notSent = 0, onDone, onInviteMore }: InviteSummaryProps) {
  const { created, skipped } = result;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form that had focus is gone: start reading from the summary.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="mt-6 flex flex-col gap-6">
      <section aria-labelledby="invite-summary-created" className="flex flex-col gap-2">
        <h3
          id="invite-summary-created"
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-slate-900 focus-visible:outline-none"
        >
          {countLabel(created.length, ['user', 'users'])} invited
        </h3>
        {created.length > 0 ? (
          <ul className="flex flex-col gap-1 text-slate-700">
            {created.map((user) => (
              <li key={user.id}>
                {user.fullName ? `${user.fullName} (${user.email})` : user.email}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Nobody was invited.</p>
        )}
        <QueuedMailNote delivery={result.mailDelivery} count={created.length} />
      </section>
      {notSent > 0 && (
        <p className="text-slate-700">{countLabel(notSent, ['row was', 'rows were'])} not sent.</p>
      )}
      {skipped.length > 0 && (
        <section aria-labelledby="invite-summary-skipped" className="flex flex-col gap-2">
          <h3 id="invite-summary-skipped" className="font-semibold text-slate-900">
            {countLabel(skipped.length, ['email', 'emails'])} skipped
          </h3>
          <ul className="flex flex-col gap-1 text-slate-700">
            {skipped.map((entry) => (
              <li key={entry.email}>
                {entry.email}: {entry.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-6">
        <Button variant="secondary" onClick={onInviteMore}>
          Invite more users
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
