import { STATUS_LABELS, type Status } from '@staff-admin/shared';
import clsx from 'clsx';

const STATUS_STYLES: Record<Status, string> = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-green-100 text-green-900',
  inactive: 'bg-slate-200 text-slate-800',
};

/** A user's status as a coloured label (SPEC §4's labels). */
export function StatusBadge({ status, className }: { status: Status; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap',
        STATUS_STYLES[status],
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
