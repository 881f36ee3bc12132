import {
  EMPTY_VALUE,
  formatMoney,
  PROJECT_STATUS_LABELS,
  type ProjectDetail,
} from '@staff-admin/shared';
import { formatDate } from '../../../lib/format-date.js';
import { BurnBar } from './burn-bar.js';

/** A project's key figures, all in its own currency. */
export function ProjectFigures({ project }: { project: ProjectDetail }) {
  const figures: [string, string][] = [
    ['Budget', formatMoney(project.budget)],
    ['Actual', formatMoney(project.actual)],
    ['Remaining', formatMoney(project.remaining)],
    ['Forecast at end', project.forecast ? formatMoney(project.forecast) : EMPTY_VALUE],
  ];
  return (
    <section aria-label="Key figures" className="flex flex-col gap-4">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="max-w-md">
        <BurnBar percent={project.percentUsed} actual={project.actual} />
      </div>
      <p className="text-sm text-slate-700">
        {project.client} · {PROJECT_STATUS_LABELS[project.status]} · Owner{' '}
        {project.owner?.fullName ?? project.owner?.email ?? EMPTY_VALUE} ·{' '}
        {formatDate(project.startDate)} to{' '}
        {project.endDate ? formatDate(project.endDate) : 'no end date'}
      </p>
    </section>
  );
}

/** Cumulative cost by month against the budget: the burn-up, as a table anyone can read. */
export function BurnUpTable({ project }: { project: ProjectDetail }) {
  if (project.monthlyCosts.length === 0) return null;
  const cumulatives = project.monthlyCosts.reduce<number[]>(
    (sums, { amount }) => [...sums, (sums.at(-1) ?? 0) + amount.amount],
    [],
  );
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full min-w-[420px] text-left text-sm">
        <caption className="px-4 pt-3 text-left font-semibold">Cost by month</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2">
              Month
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Cost
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Cumulative
            </th>
            <th scope="col" className="px-4 py-2">
              Against the budget
            </th>
          </tr>
        </thead>
        <tbody>
          {project.monthlyCosts.map(({ month, amount }, index) => {
            const cumulative = cumulatives[index] ?? 0;
            const share =
              project.budget.amount > 0 ? (cumulative * 100) / project.budget.amount : 100;
            return (
              <tr key={month} className="border-b border-slate-100 last:border-none">
                <th scope="row" className="px-4 py-2 font-medium">
                  {month}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(amount)}</td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {formatMoney({ amount: cumulative, currency: project.currency })}
                </td>
                <td className="px-4 py-2">
                  <div
                    className="h-2 w-40 overflow-hidden rounded-full bg-slate-200"
                    aria-hidden="true"
                  >
                    <div
                      className={
                        share >= 100
                          ? 'h-full bg-red-600'
                          : share >= 80
                            ? 'h-full bg-amber-500'
                            : 'h-full bg-blue-600'
                      }
                      style={{ width: `${Math.min(share, 100)}%` }}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
