import { countLabel, DORMANT_DAYS_MAX, type UserListFilterInput } from '@staff-admin/shared';
import { useState } from 'react';
import { Input } from '../../../components/ui/input.js';
import type { BulkJob } from '../api/bulk-users.js';
import { useUsersCount } from '../api/count-users.js';
import { BulkRunDialog } from './bulk-run-dialog.js';

/** Reminders go by default to invitations older than a week. */
export const REMIND_DEFAULT_DAYS = 7;

export const REMIND_TITLE = 'Remind pending users';

const DAYS_INVALID = `Enter a whole number of days from 1 to ${DORMANT_DAYS_MAX}.`;

function parseDays(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const days = Number(text);
  return days >= 1 && days <= DORMANT_DAYS_MAX ? days : null;
}

/**
 * Resends the invitation of every pending user whose newest invitation is more than N days old
 * (the shared filter's `invitedDays`, so that a recent resend starts the count again): the bulk
 * resend by that filter. The dialog says how many that is before anything is sent.
 */
export function RemindDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState(String(REMIND_DEFAULT_DAYS));
  const days = parseDays(text);
  const filter: UserListFilterInput = {
    includeInactive: true,
    status: 'pending',
    ...(days !== null ? { invitedDays: days } : {}),
  };
  const matches = useUsersCount(filter, { enabled: open && days !== null });
  const total = days !== null ? matches.data : undefined;

  let count = '';
  if (days !== null) {
    if (typeof total !== 'number') count = 'Counting pending invitations…';
    else {
      const who =
        total === 0
          ? 'No pending user was'
          : countLabel(total, ['pending user was', 'pending users were']);
      count = `${who} invited more than ${countLabel(days, ['day', 'days'])} ago.`;
    }
  }

  const prepare = (): BulkJob | null =>
    days !== null && typeof total === 'number' && total > 0
      ? {
          action: 'resendInvitation',
          target: { filter },
          total,
        }
      : null;

  return (
    <BulkRunDialog
      open={open}
      onOpenChange={onOpenChange}
      title={REMIND_TITLE}
      description="Each pending user invited more than this many days ago gets a new invitation email, and their older links stop working."
      confirmLabel="Send reminders"
      confirmDisabled={!(typeof total === 'number' && total > 0)}
      prepare={prepare}
    >
      <div className="mt-6 flex flex-col gap-3">
        <Input
          label="Days since the invitation"
          type="number"
          inputMode="numeric"
          min={1}
          max={DORMANT_DAYS_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={days === null ? DAYS_INVALID : undefined}
          className="max-w-48"
        />
        <p aria-live="polite" className="text-sm text-slate-700">
          {count}
        </p>
      </div>
    </BulkRunDialog>
  );
}
