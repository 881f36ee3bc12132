import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TableScroll } from './table-scroll.js';

/** jsdom lays nothing out: the box's room and its content's width are set by each test. */
function widths({ content, room }: { content: number; room: number }) {
  const scrollWidth = vi
    .spyOn(HTMLElement.prototype, 'scrollWidth', 'get')
    .mockImplementation(() => content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => room);
  return scrollWidth;
}

/**
 * Stands in for the browser's ResizeObserver; `resize()` calls back as a browser does after the
 * first layout of what it observes, and at each resize after.
 */
const observers: Array<() => void> = [];
const originalResizeObserver = globalThis.ResizeObserver;
function watchResizes() {
  globalThis.ResizeObserver = class {
    constructor(callback: () => void) {
      observers.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
const resize = () => act(() => observers.forEach((callback) => callback()));

beforeEach(watchResizes);

afterEach(() => {
  globalThis.ResizeObserver = originalResizeObserver;
  observers.length = 0;
});

function TextTable({ link = false }: { link?: boolean }) {
  return (
    <TableScroll label="Closed months table">
      <table>
        <caption>Closed months</caption>
        <tbody>
          <tr>
            <td>
              {link ? <a href="/financial/closed-months/2025-03">March 2025</a> : 'March 2025'}
            </td>
          </tr>
        </tbody>
      </table>
    </TableScroll>
  );
}

describe('TableScroll', () => {
  it('is a named region in the tab order while a table of text is wider than its room', async () => {
    widths({ content: 560, room: 272 });
    render(<TextTable />);
    resize();
    const region = screen.getByRole('region', { name: 'Closed months table' });
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('adds no tab stop while a link in the table can take focus instead', async () => {
    widths({ content: 560, room: 272 });
    render(<TextTable link />);
    resize();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'March 2025' })).toHaveFocus();
  });

  it('adds no tab stop while the table fits, and one once it no longer does', async () => {
    widths({ content: 560, room: 900 });
    render(<TextTable />);
    resize();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(document.body).toHaveFocus();

    widths({ content: 560, room: 272 });
    resize();
    expect(screen.getByRole('region', { name: 'Closed months table' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('is a region in the tab order while rows kept to a height are taller than it', async () => {
    widths({ content: 272, room: 272 });
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => 900);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 300);
    render(<TextTable />);
    resize();
    await userEvent.tab();
    expect(screen.getByRole('region', { name: 'Closed months table' })).toHaveFocus();
  });

  it('measures nothing as it mounts, only once the observer reports the first layout', () => {
    // Measuring in React's commit makes the browser lay out the whole page there.
    const scrollWidth = widths({ content: 560, room: 272 });
    render(<TextTable />);
    expect(scrollWidth).not.toHaveBeenCalled();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    resize();
    expect(scrollWidth).toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Closed months table' })).toBeInTheDocument();
  });
});
