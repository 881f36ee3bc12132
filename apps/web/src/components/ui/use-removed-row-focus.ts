import { useState } from 'react';
import { TABBABLE } from '../../lib/focus.js';

const ROW = '[data-row-key]';

/**
 * The caption of a table whose rows can go: read by screen readers only, and shown (with a ring)
 * while it has focus, which it gets when the last row goes.
 */
export const REMOVABLE_ROWS_CAPTION_CLASS =
  'sr-only focus:not-sr-only focus:px-4 focus:py-2 focus:text-left focus:font-semibold focus:outline-2 focus:-outline-offset-2 focus:outline-blue-600';

/** A row's ring when it takes focus as a whole (it has no control of its own). */
export const REMOVABLE_ROW_CLASS =
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600';

/** A row's props: its key, by which RemovedRowFocus finds it. */
export const removableRowProps = (key: string) => ({ 'data-row-key': key });

const rowsIn = (container: HTMLElement) => Array.from(container.querySelectorAll<HTMLElement>(ROW));
const keysIn = (container: HTMLElement) => rowsIn(container).map((row) => row.dataset.rowKey);

const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** `element`, made able to take focus (out of the tab order) when it could not. */
function focusable(element: HTMLElement): HTMLElement {
  if (!element.matches(TABBABLE) && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  return element;
}

/**
 * Keeps focus in a table (or list) whose rows can go away: a delete, a reopen, a revoke, a
 * refetch that no longer lists a row. When the row that had focus goes, focus moves to the next
 * row, else the previous one, else the table's caption (a list: the list itself), and never falls
 * to `body` (docs/accessibility.md, "Rows that go away"). A row takes focus on its first control,
 * or as a whole when it has none.
 */
export class RemovedRowFocus {
  /** The key of the row focus was last in; it stays while a dialog that row opened is up. */
  private lastRow: string | undefined;
  /** The rows in order, as they were while that row was still there. */
  private order: (string | undefined)[] = [];
  /** Focus is in the container (a removed element takes focus away without a focusout). */
  private focusInside = false;
  private container: HTMLElement | null = null;

  /** The table's (or list's) ref: watches focus and the rows in it. */
  readonly attach = (box: HTMLElement | null) => {
    this.container = box;
    if (!box) return;
    const onFocusIn = (event: FocusEvent) => {
      this.focusInside = true;
      const row = event.target instanceof Element ? event.target.closest<HTMLElement>(ROW) : null;
      if (row && box.contains(row)) {
        this.lastRow = row.dataset.rowKey;
        this.order = keysIn(box);
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node && box.contains(next))) this.focusInside = false;
    };
    const observer = new MutationObserver(() => {
      if (this.lastRow === undefined) return;
      const keys = keysIn(box);
      if (keys.includes(this.lastRow)) {
        this.order = keys;
      } else if (this.focusInside && focusLost()) {
        this.finalFocus()?.focus();
      }
    });
    box.addEventListener('focusin', onFocusIn);
    box.addEventListener('focusout', onFocusOut);
    observer.observe(box, { childList: true, subtree: true });
    return () => {
      box.removeEventListener('focusin', onFocusIn);
      box.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  };

  /**
   * Where focus goes once the row it was in is gone: the next row still there, else the
   * previous, else the caption (made able to take focus). Also a dialog's `finalFocus`, for a
   * dialog opened from a row that it removes (its opener is gone by the time it closes), and
   * where focus goes when what had it outside the rows is gone and no row had it.
   */
  readonly finalFocus = (): HTMLElement | null => {
    const box = this.container;
    if (!box?.isConnected) return null;
    const index = this.order.indexOf(this.lastRow);
    const candidates = [
      ...this.order.slice(index + 1),
      ...this.order.slice(0, Math.max(index, 0)).reverse(),
    ];
    const rows = rowsIn(box);
    for (const key of candidates) {
      const row = rows.find((candidate) => candidate.dataset.rowKey === key);
      if (row) return focusable(row.querySelector<HTMLElement>(TABBABLE) ?? row);
    }
    const caption = box instanceof HTMLTableElement ? box.caption : box;
    return caption && focusable(caption);
  };
}

/**
 * A RemovedRowFocus for a component's table: give the table `attach` as its ref, each row
 * `removableRowProps(key)` and REMOVABLE_ROW_CLASS, the caption REMOVABLE_ROWS_CAPTION_CLASS,
 * and keep the table in the page when it empties (one row saying so), so that its caption is
 * there to take focus. A dialog opened from a row that it removes gets `finalFocus`.
 */
export function useRemovedRowFocus(): RemovedRowFocus {
  const [keeper] = useState(() => new RemovedRowFocus());
  return keeper;
}
