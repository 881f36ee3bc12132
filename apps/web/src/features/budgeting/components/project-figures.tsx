import {
  EMPTY_VALUE,
  formatMoney,
  percentUsed,
  PROJECT_STATUS_LABELS,
  type BudgetRevision,
  type ProjectDetail,
} from '@staff-admin/shared';
import { DateTime } from '../../../components/ui/date-time.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import { BurnBar } from './burn-bar.js';
import { budgetByMonth } from './burn-up.js';

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
        <DateTime value={project.startDate} /> to{' '}
        {project.endDate ? <DateTime value={project.endDate} /> : 'no end date'}
      </p>
    </section>
  );
}

/** Cumulative cost by month against that month's budget: the burn-up, as a table anyone can read. */
export function BurnUpTable({
  project,
  revisions,
}: {
  project: ProjectDetail;
  revisions: readonly BudgetRevision[] | undefined;
}) {
  if (project.monthlyCosts.length === 0) return null;
  const budgets = budgetByMonth(project, revisions);
  const cumulatives = project.monthlyCosts.reduce<number[]>(
    (sums, { amount }) => [...sums, (sums.at(-1) ?? 0) + amount.amount],
    [],
  );
  return (
    <TableScroll
      label="Cost by month table"
      className="rounded-2xl border border-slate-200 bg-white"
    >
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
            <th scope="col" className="px-4 py-2 text-right">
              Budget
            </th>
            <th scope="col" className="px-4 py-2">
              Used
            </th>
          </tr>
        </thead>
        <tbody>
          {project.monthlyCosts.map(({ month, amount }, index) => {
            const cumulative = cumulatives[index] ?? 0;
            const budget = budgets[index] ?? project.budget.amount;
            const spent = { amount: cumulative, currency: project.currency };
            return (
              <tr key={month} className="border-b border-slate-100 last:border-none">
                <th scope="row" className="px-4 py-2 font-medium">
                  {month}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(amount)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(spent)}</td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {formatMoney({ amount: budget, currency: project.currency })}
                </td>
                <td className="px-4 py-2">
                  <BurnBar
                    label={`Budget used by the end of ${month}`}
                    percent={percentUsed(cumulative, budget)}
                    actual={spent}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
