import { MAIL_STATE_LABELS, type MailState } from '@staff-admin/shared';
import clsx from 'clsx';

const STYLES: Record<MailState, string> = {
  queued: 'bg-slate-200 text-slate-800',
  sending: 'bg-blue-100 text-blue-900',
  retrying: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  logged: 'bg-violet-100 text-violet-900',
};

/** A mail's state as a coloured label (the text says it; colour only helps). */
export function MailStateBadge({ state }: { state: MailState }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap',
        STYLES[state],
      )}
    >
      {MAIL_STATE_LABELS[state]}
    </span>
  );
}
