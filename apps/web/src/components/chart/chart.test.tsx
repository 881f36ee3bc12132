import { render, screen, waitFor, within } from '@testing-library/react';
import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Chart, type ChartOptions } from './chart.js';

// The plots the chart made, with what it asked of each (jsdom has no canvas to draw on).
const made = vi.hoisted(() => [] as FakePlot[]);
interface FakePlot {
  options: uPlot.Options;
  data: uPlot.AlignedData;
  target: HTMLElement;
  setData: ReturnType<typeof vi.fn>;
  setSize: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
}
vi.mock('uplot', () => ({
  default: class {
    static paths = { bars: () => 'bars' };
    setData = vi.fn();
    setSize = vi.fn();
    destroy = vi.fn();
    constructor(
      public options: uPlot.Options,
      public data: uPlot.AlignedData,
      public target: HTMLElement,
    ) {
      made.push(this as unknown as FakePlot);
    }
  },
}));

// The box's observers, to tell them the box changed.
const observers: (() => void)[] = [];
const RealResizeObserver = globalThis.ResizeObserver;
beforeEach(() => {
  made.length = 0;
  observers.length = 0;
  globalThis.ResizeObserver = class {
    constructor(private callback: () => void) {}
    observe() {
      observers.push(this.callback);
    }
    unobserve() {}
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  globalThis.ResizeObserver = RealResizeObserver;
});

const bars = (uplot: typeof uPlot): ChartOptions => ({
  series: [{}, { paths: uplot.paths.bars?.({}) }],
});
const DATA: uPlot.AlignedData = [
  [1, 2],
  [3, 4],
];

describe('Chart', () => {
  it('loads uPlot and draws the data at its height, at least its minimum width, without legend nor cursor', async () => {
    render(<Chart options={bars} data={DATA} height={56} minWidth={120} label="Sign-ins" />);
    await waitFor(() => expect(made).toHaveLength(1));
    const [plot] = made;
    expect(plot!.target).toBe(screen.getByRole('img', { name: 'Sign-ins' }));
    expect(plot!.data).toBe(DATA);
    expect(plot!.options).toMatchObject({
      width: 120,
      height: 56,
      legend: { show: false },
      cursor: { show: false },
      series: [{}, { paths: 'bars' }],
    });
  });

  it('gives new data to the same plot, and draws a new plot for new options', async () => {
    const { rerender } = render(<Chart options={bars} data={DATA} height={56} minWidth={120} />);
    await waitFor(() => expect(made).toHaveLength(1));
    const next: uPlot.AlignedData = [
      [1, 2, 3],
      [3, 4, 5],
    ];
    rerender(<Chart options={bars} data={next} height={56} minWidth={120} />);
    expect(made[0]!.setData).toHaveBeenLastCalledWith(next);
    expect(made).toHaveLength(1);

    rerender(<Chart options={(u) => bars(u)} data={next} height={56} minWidth={120} />);
    await waitFor(() => expect(made).toHaveLength(2));
    expect(made[0]!.destroy).toHaveBeenCalledOnce();
    expect(made[1]!.data).toBe(next);
  });

  it('follows its box as it resizes, and lets go of the plot and the box when it goes', async () => {
    const { unmount } = render(<Chart options={bars} data={DATA} height={80} minWidth={120} />);
    await waitFor(() => expect(made).toHaveLength(1));
    expect(observers).toHaveLength(1);
    observers[0]!();
    expect(made[0]!.setSize).toHaveBeenCalledWith({ width: 120, height: 80 });

    unmount();
    expect(made[0]!.destroy).toHaveBeenCalledOnce();
    expect(observers).toHaveLength(0);
  });

  it('draws nothing when it goes before uPlot has loaded', async () => {
    const { unmount } = render(<Chart options={bars} data={DATA} height={80} minWidth={120} />);
    unmount();
    // The next chart loads uPlot too; the first one's load resolved in between.
    render(<Chart options={bars} data={DATA} height={80} minWidth={120} label="Second" />);
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]!.target).toBe(screen.getByRole('img', { name: 'Second' }));
  });

  it('draws each plot in a task of its own, not in the one that loaded uPlot', async () => {
    const tasks: (() => void)[] = [];
    const setTimeout = vi
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation(((task: () => void) => tasks.push(task)) as typeof globalThis.setTimeout);
    try {
      render(
        <>
          <Chart options={bars} data={DATA} height={80} minWidth={120} />
          <Chart options={bars} data={DATA} height={80} minWidth={120} />
        </>,
      );
      await vi.dynamicImportSettled();
      expect(made).toHaveLength(0);
      expect(tasks).toHaveLength(2);
      tasks[0]!();
      expect(made).toHaveLength(1);
      tasks[1]!();
      expect(made).toHaveLength(2);
    } finally {
      setTimeout.mockRestore();
    }
  });

  it('hides an unnamed canvas, and puts the numbers in a table for screen readers', () => {
    const { container } = render(
      <Chart
        options={bars}
        data={DATA}
        height={80}
        minWidth={120}
        table={{
          caption: 'Sign-ins per hour',
          headings: ['Hour', 'Count'],
          rows: [
            { key: '1', cells: ['01:00 UTC', 3] },
            { key: '2', cells: ['02:00 UTC', 4] },
          ],
        }}
      />,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    const table = screen.getByRole('table', { name: 'Sign-ins per hour' });
    expect(table.parentElement).toHaveClass('sr-only');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Hour', 'Count']);
    expect(within(table).getByRole('row', { name: '02:00 UTC 4' })).toBeInTheDocument();
  });
});
