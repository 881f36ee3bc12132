import { useEffect, useRef, type ReactNode } from 'react';
import type uPlot from 'uplot';

type UPlot = typeof uPlot;

/** A chart's drawing, without its size (the chart sets that): uPlot's own options. */
export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

/** The numbers a chart draws, as a table a screen reader can read (a canvas says nothing). */
export interface ChartTable {
  caption: string;
  headings: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

interface ChartProps {
  /** The drawing, given uPlot (for its path builders); a new function draws the chart anew. */
  options: (uplot: UPlot) => ChartOptions;
  /** New data redraws the same chart. */
  data: uPlot.AlignedData;
  height: number;
  /** The canvas never gets narrower than this, whatever its box. */
  minWidth: number;
  /**
   * The chart's name as an image. Without it the canvas is decoration, hidden from screen
   * readers: the screen shows its numbers elsewhere.
   */
  label?: string;
  /** The numbers in a table only screen readers see. */
  table?: ChartTable;
}

/** The site's charts are pictures of numbers: no legend, hover cursor nor selection. */
const STILL = {
  legend: { show: false },
  cursor: { show: false },
  select: { show: false, left: 0, top: 0, width: 0, height: 0 },
} satisfies Partial<uPlot.Options>;

let loading: Promise<UPlot> | undefined;
const loadUPlot = () => (loading ??= import('./uplot.js').then((module) => module.default));

/**
 * A uPlot chart: uPlot loads with the first chart shown, the canvas follows its box's width,
 * and the plot is destroyed with the component. The site's one wrapper of its chart library.
 */
export function Chart({ options, data, height, minWidth, label, table }: ChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The plot is drawn with the data of when uPlot has loaded; later data goes through setData.
  const latestData = useRef(data);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let resize: ResizeObserver | null = null;
    let drawing: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const width = () => Math.max(element.clientWidth, minWidth);
    void loadUPlot().then((UPlotClass) => {
      if (cancelled) return;
      // Each plot is drawn in a task of its own: not in the one that loaded uPlot's module,
      // which builds Intl formatters, often the page's first and slowest use of Intl, nor with
      // the page's other plots (docs/performance.md, long tasks).
      drawing = setTimeout(() => {
        const instance = new UPlotClass(
          { ...STILL, ...options(UPlotClass), width: width(), height },
          latestData.current,
          element,
        );
        plot.current = instance;
        resize = new ResizeObserver(() => instance.setSize({ width: width(), height }));
        resize.observe(element);
      });
    });
    return () => {
      cancelled = true;
      clearTimeout(drawing);
      resize?.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [options, height, minWidth]);

  useEffect(() => {
    latestData.current = data;
    plot.current?.setData(data);
  }, [data]);

  return (
    <>
      {/* The chart's height is kept before uPlot has loaded and drawn, so that what is under
          it does not move down when it does (layout shift). */}
      <div
        ref={holder}
        style={{ minHeight: height }}
        {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      />
      {table && (
        // sr-only on the wrapper, not the table: a table is never narrower than its cells, so a
        // hidden table would still widen the page (337px at 320px, docs/accessibility.md).
        <div className="sr-only">
          <table>
            <caption>{table.caption}</caption>
            <thead>
              <tr>
                {table.headings.map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
