import { amountToDecimal, type BudgetRevision, type ProjectDetail } from '@staff-admin/shared';
import { useId, useMemo } from 'react';
import type uPlot from 'uplot';
import { Chart, type ChartOptions } from '../../../components/chart/chart.js';
import { budgetByMonth } from './burn-up.js';

const HEIGHT = 200;
const MIN_WIDTH = 240;

/** Minor units as a plain number of the currency's unit, for the chart's axis only. */
const units = (amount: number, currency: string) => Number(amountToDecimal({ amount, currency }));

/** The chart's drawing and data: cumulative cost and the budget, one point per month. */
function burnUp(project: ProjectDetail, revisions: readonly BudgetRevision[] | undefined) {
  let cumulative = 0;
  const costs = project.monthlyCosts.map(({ amount }) => {
    cumulative += amount.amount;
    return units(cumulative, project.currency);
  });
  const budgets = budgetByMonth(project, revisions).map((amount) =>
    units(amount, project.currency),
  );
  const months = project.monthlyCosts.map(({ month }) => month);
  return {
    options: (): ChartOptions => ({
      scales: {
        x: { time: false },
        y: { range: (_u, _min, max) => [0, Math.max(max, ...budgets) * 1.1] },
      },
      axes: [{ values: (_u, ticks) => ticks.map((tick) => months[tick] ?? '') }, { size: 70 }],
      series: [
        {},
        { stroke: '#1d4ed8', width: 2, points: { show: true } },
        { stroke: '#b91c1c', width: 1, dash: [6, 4], points: { show: false } },
      ],
    }),
    data: [months.map((_month, index) => index), costs, budgets] satisfies uPlot.AlignedData,
  };
}

/**
 * The burn-up: cumulative cost by month against the budget in force that month, drawn by the kit's
 * `Chart`. The canvas is decoration: the "Cost by month" table
 * beside it holds the same numbers for everyone.
 */
export function BurnUpChart({
  project,
  revisions,
}: {
  project: ProjectDetail;
  revisions: readonly BudgetRevision[] | undefined;
}) {
  const captionId = useId();
  const { options, data } = useMemo(() => burnUp(project, revisions), [project, revisions]);

  if (project.monthlyCosts.length === 0) return null;
  return (
    <figure
      aria-label="Burn-up chart"
      aria-describedby={captionId}
      className="rounded-2xl border border-slate-200 bg-white p-4"
    >
      <Chart options={options} data={data} height={HEIGHT} minWidth={MIN_WIDTH} />
      <figcaption id={captionId} className="mt-2 text-sm text-slate-700">
        Cumulative cost (solid) against the budget (dashed), by month; the numbers are in the table
        below.
      </figcaption>
    </figure>
  );
}
