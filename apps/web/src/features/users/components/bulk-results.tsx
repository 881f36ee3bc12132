import {
  BULK_ACTION_LABELS,
  type BulkOutcome,
  type BulkUserAction,
  type BulkUserResult,
} from '@staff-admin/shared';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.js';
import { countLabel } from '../../../components/ui/pagination.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import type { BulkRunOutcome } from '../api/bulk-users.js';

const USERS = ['user', 'users'] as const;

interface BulkResultsProps {
  action: BulkUserAction;
  outcome: BulkRunOutcome;
  /** How many users the run was meant for. */
  total: number;
  /** Emails the page knew for the chosen ids, for rows the server could not name. */
  knownEmails?: ReadonlyMap<string, string>;
  onDone: () => void;
}

/** A bulk action's outcome: how many rows were done, skipped or failed, and why, row by row. */
export function BulkResults({ action, outcome, total, knownEmails, onDone }: BulkResultsProps) {
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const failedId = useId();
  const skippedId = useId();
  const { results, error, stopped } = outcome;
  const byOutcome = (wanted: BulkOutcome) => results.filter((row) => row.outcome === wanted);
  const failed = byOutcome('failed');
  const skipped = byOutcome('skipped');
  const doneCount = results.length - failed.length - skipped.length;
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
        {BULK_ACTION_LABELS[action]}: {doneCount} done, {skipped.length} skipped, {failed.length}{' '}
        failed.
      </p>
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
