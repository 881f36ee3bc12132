import { INCIDENT_STATE_LABELS, type IncidentState } from '@staff-admin/shared';
import clsx from 'clsx';

const COLOURS: Record<IncidentState, string> = {
  open: 'bg-red-100 text-red-800',
  acknowledged: 'bg-amber-100 text-amber-900',
  resolved: 'bg-emerald-100 text-emerald-800',
};

export function IncidentStateBadge({ state }: { state: IncidentState }) {
  return (
    <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', COLOURS[state])}>
      {INCIDENT_STATE_LABELS[state]}
    </span>
  );
}
