import { countLabel } from '@staff-admin/shared';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 56;
const MIN_WIDTH = 120;

const hourLabel = (iso: string) => `${iso.slice(11, 16)} UTC`;

/** One count per hour (ISO start of the hour), oldest first. */
export interface HourCount {
  hour: string;
  count: number;
}

/**
 * A count's last hours as a small bar chart drawn by uPlot (the one chart library of Monitoring),
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
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, MIN_WIDTH),
        height,
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        axes: [{ show: false }, { show: false }],
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
        series: [
          {},
          {
            stroke: '#1d4ed8',
            fill: 'rgba(29, 78, 216, 0.25)',
            paths: uPlot.paths.bars?.({ size: [0.8, 12] }),
            points: { show: false },
          },
        ],
      },
      [[], []],
      element,
    );
    chart.current = plot;
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, MIN_WIDTH), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [height]);

  useEffect(() => {
    chart.current?.setData([
      hours.map(({ hour }) => Date.parse(hour) / 1000),
      hours.map(({ count }) => count),
    ]);
  }, [hours]);

  const name = `${label} per hour, last ${countLabel(hours.length, ['hour', 'hours'])}`;
  return (
    <figure className="mt-2">
      <div ref={holder} role="img" aria-label={name} />
      {/* sr-only on the wrapper, not the table: a table is never narrower than its cells, so a
          hidden table would still widen the page (337px at 320px, docs/accessibility.md). */}
      <div className="sr-only">
        <table>
          <caption>{name}</caption>
          <thead>
            <tr>
              <th scope="col">Hour</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour.hour}>
                <td>{hourLabel(hour.hour)}</td>
                <td>{hour.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
