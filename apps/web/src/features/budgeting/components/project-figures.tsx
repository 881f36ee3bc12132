import {
  EMPTY_VALUE,
  formatMoney,
  percentUsed,
  PROJECT_STATUS_LABELS,
  type BudgetRevision,
  type Money,
  type ProjectDetail,
} from '@staff-admin/shared';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { DateTime } from '../../../components/ui/date-time.js';
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

/** A month of the burn-up: its cost, the cost so far, and the budget then. */
interface BurnUpMonth {
  month: string;
  cost: Money;
  spent: Money;
  budget: Money;
}

const BURN_UP_COLUMNS: Column<BurnUpMonth>[] = [
  { header: 'Month', rowHeader: true, cell: (row) => row.month },
  { header: 'Cost', numeric: true, cell: (row) => formatMoney(row.cost) },
  { header: 'Cumulative', numeric: true, cell: (row) => formatMoney(row.spent) },
  { header: 'Budget', numeric: true, cell: (row) => formatMoney(row.budget) },
  {
    header: 'Used',
    cell: (row) => (
      <BurnBar
        label={`Budget used by the end of ${row.month}`}
        percent={percentUsed(row.spent.amount, row.budget.amount)}
        actual={row.spent}
      />
    ),
  },
];

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
  const money = (amount: number) => ({ amount, currency: project.currency });
  const cumulatives = project.monthlyCosts.reduce<number[]>(
    (sums, { amount }) => [...sums, (sums.at(-1) ?? 0) + amount.amount],
    [],
  );
  const months = project.monthlyCosts.map(({ month, amount }, index) => ({
    month,
    cost: amount,
    spent: money(cumulatives[index] ?? 0),
    budget: money(budgets[index] ?? project.budget.amount),
  }));
  return (
    <DataTable
      caption="Cost by month"
      showCaption
      columns={BURN_UP_COLUMNS}
      rows={months}
      rowKey={(row) => row.month}
      minWidth="min-w-[420px]"
      compact
      className="rounded-2xl border border-slate-200 bg-white"
    />
  );
}
