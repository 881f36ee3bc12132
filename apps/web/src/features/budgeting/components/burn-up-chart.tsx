import { amountToDecimal, type BudgetRevision, type ProjectDetail } from '@staff-admin/shared';
import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { budgetByMonth } from './burn-up.js';

const HEIGHT = 200;
const MIN_WIDTH = 240;

/** Minor units as a plain number of the currency's unit, for the chart's axis only. */
const units = (amount: number, currency: string) => Number(amountToDecimal({ amount, currency }));

/**
 * The burn-up: cumulative cost by month against the budget in force that month, drawn by uPlot
 * (the one chart library of the site). The canvas is decoration: the "Cost by month" table
 * beside it holds the same numbers for everyone.
 */
export function BurnUpChart({
  project,
  revisions,
}: {
  project: ProjectDetail;
  revisions: readonly BudgetRevision[] | undefined;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const captionId = useId();

  useEffect(() => {
    const element = holder.current;
    if (!element || project.monthlyCosts.length === 0) return;
    let cumulative = 0;
    const costs = project.monthlyCosts.map(({ amount }) => {
      cumulative += amount.amount;
      return units(cumulative, project.currency);
    });
    const budgets = budgetByMonth(project, revisions).map((amount) =>
      units(amount, project.currency),
    );
    const months = project.monthlyCosts.map(({ month }) => month);
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, MIN_WIDTH),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
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
      },
      [months.map((_month, index) => index), costs, budgets],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, MIN_WIDTH), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [project, revisions]);

  if (project.monthlyCosts.length === 0) return null;
  return (
    <figure
      aria-label="Burn-up chart"
      aria-describedby={captionId}
      className="rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div ref={holder} aria-hidden="true" />
      <figcaption id={captionId} className="mt-2 text-sm text-slate-700">
        Cumulative cost (solid) against the budget (dashed), by month; the numbers are in the table
        below.
      </figcaption>
    </figure>
  );
}
