import clsx from 'clsx';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { TABBABLE } from '../../lib/focus.js';

interface TableScrollProps {
  /** The scrollable region's name when it is one ("Closed months table"). */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A table's sideways scroller (or, given a height in `className`, the scroller of rows kept in
 * that height, as the CSV invite preview's). While what it holds is wider or taller than its room
 * (a phone, 200 % zoom, many rows) and no cell holds a link, button or field, the scroller itself
 * is a named region in the tab order, so that a keyboard can reach it and scroll it with the arrow
 * keys (WCAG 2.1.1, axe's scrollable-region-focusable). Otherwise it is a plain box and no extra
 * tab stop.
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  const needsTabStop = useNeedsTabStop(ref);
  return (
    <div
      ref={ref}
      className={clsx(
        // The ring is drawn inside: a card around the table may clip what is outside it.
        'overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
        className,
      )}
      {...(needsTabStop ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}

/** Whether the box scrolls with nothing inside it to Tab to, followed as it changes. */
function useNeedsTabStop(ref: RefObject<HTMLElement | null>): boolean {
  const [needsTabStop, setNeedsTabStop] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    // Measured only when the observer reports, which it first does just after the box's first
    // layout: measuring as the table mounts would make the browser lay out the whole page inside
    // React's commit, a long task on a slow phone (docs/performance.md).
    // Focusing a control inside scrolls the table to it, so the keyboard reaches it that way.
    const observer = new ResizeObserver(() =>
      setNeedsTabStop(
        (box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight) &&
          box.querySelector(TABBABLE) === null,
      ),
    );
    // The box resizes with the window; the table inside it with its rows, which may bring links.
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return needsTabStop;
}
