import { countLabel } from '@staff-admin/shared';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import { Chart, type ChartOptions } from '../../../components/chart/chart.js';

const HEIGHT = 56;
const MIN_WIDTH = 120;

const hourLabel = (iso: string) => `${iso.slice(11, 16)} UTC`;

/** One count per hour (ISO start of the hour), oldest first. */
export interface HourCount {
  hour: string;
  count: number;
}

/** Bars from zero without axes: a sparkline of counts. */
const hourlyBars = (uplot: typeof uPlot): ChartOptions => ({
  axes: [{ show: false }, { show: false }],
  scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
  series: [
    {},
    {
      stroke: '#1d4ed8',
      fill: 'rgba(29, 78, 216, 0.25)',
      paths: uplot.paths.bars?.({ size: [0.8, 12] }),
      points: { show: false },
    },
  ],
});

/**
 * A count's last hours as a small bar chart (the kit's `Chart`),
 * named for screen readers, with the numbers in a table they can read (the canvas says nothing).
 */
export function HourlyChart({
  hours,
  label,
  height = HEIGHT,
}: {
  hours: HourCount[];
  label: string;
  height?: number;
}) {
  const data = useMemo<uPlot.AlignedData>(
    () => [hours.map(({ hour }) => Date.parse(hour) / 1000), hours.map(({ count }) => count)],
    [hours],
  );
  const name = `${label} per hour, last ${countLabel(hours.length, ['hour', 'hours'])}`;
  return (
    <figure className="mt-2">
      <Chart
        options={hourlyBars}
        data={data}
        height={height}
        minWidth={MIN_WIDTH}
        label={name}
        table={{
          caption: name,
          headings: ['Hour', 'Count'],
          rows: hours.map(({ hour, count }) => ({ key: hour, cells: [hourLabel(hour), count] })),
        }}
      />
    </figure>
  );
}
