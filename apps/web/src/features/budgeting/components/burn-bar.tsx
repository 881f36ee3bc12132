import { burnLevel, type Money } from '@staff-admin/shared';
import clsx from 'clsx';

const LEVEL_TEXT = { ok: null, warning: 'Near budget', over: 'Over budget' } as const;
const LEVEL_BAR = { ok: 'bg-blue-600', warning: 'bg-amber-500', over: 'bg-red-600' } as const;

/**
 * How much of the budget is used: a bar (amber from 80 %, red from 100 %) with the percent and,
 * near or over budget, words, so colour is never the only signal.
 */
export function BurnBar({
  percent,
  actual,
  label: name = 'Budget used',
}: {
  percent: number | null;
  actual: Money;
  /** The meter's accessible name. */
  label?: string;
}) {
  const level = burnLevel(percent, actual.amount);
  const label = percent === null ? 'No budget' : `${percent.toFixed(1)} %`;
  return (
    <div className="flex min-w-32 flex-col gap-1">
      <div
        role="meter"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent ?? 100, 100)}
        aria-valuetext={[label, LEVEL_TEXT[level]].filter(Boolean).join(', ')}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={clsx('h-full rounded-full', LEVEL_BAR[level])}
          style={{ width: `${Math.min(percent ?? (actual.amount > 0 ? 100 : 0), 100)}%` }}
        />
      </div>
      <span className="text-xs text-slate-700 tabular-nums">
        {label}
        {LEVEL_TEXT[level] && (
          <span
            className={clsx(
              'ml-1 font-semibold',
              level === 'over' ? 'text-red-700' : 'text-amber-800',
            )}
          >
            {LEVEL_TEXT[level]}
          </span>
        )}
      </span>
    </div>
  );
}
