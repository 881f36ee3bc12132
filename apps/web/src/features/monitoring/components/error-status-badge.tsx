import { ERROR_GROUP_STATUS_LABELS, type ErrorGroupStatus } from '@staff-admin/shared';
import clsx from 'clsx';

const STYLES: Record<ErrorGroupStatus, string> = {
  unresolved: 'bg-red-100 text-red-900',
  resolved: 'bg-green-100 text-green-900',
  ignored: 'bg-slate-200 text-slate-800',
};

const badge = 'inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap';

/** An error group's status as a coloured label, and "Regressed" when it came back. */
export function ErrorStatusBadge({
  status,
  regressed,
}: {
  status: ErrorGroupStatus;
  regressed: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <span className={clsx(badge, STYLES[status])}>{ERROR_GROUP_STATUS_LABELS[status]}</span>
      {regressed && <span className={clsx(badge, 'bg-amber-100 text-amber-900')}>Regressed</span>}
    </span>
  );
}
