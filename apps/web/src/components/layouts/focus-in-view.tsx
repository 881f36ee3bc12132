import { useEffect } from 'react';
import { isInView } from '../../lib/focus.js';

/**
 * How long after focus moves its element is kept in view: longer than the browser's smooth
 * scroll of End, Page Down or Space (about 150-500 ms, more on a busy machine).
 */
const WATCH_FRAMES = 60;

/** Elements above the page (the header, a dialog, a toast): the page's scroll does not move them. */
const ABOVE_THE_PAGE = 'header, [role="dialog"], [role="alertdialog"], [data-sonner-toaster]';

/**
 * Keeps what has focus in view when the page is still scrolling: End, Page Down or Space start a
 * smooth scroll that the browser lets run on after Tab has moved focus, so a Tab or Shift+Tab
 * pressed during it is scrolled into view and then carried off screen as the scroll goes on
 * (issue 33, item 3: a row 71 px above the window after End and Shift+Tab). For a moment after
 * focus moves, the focused element is brought back into view whenever it leaves it, which also
 * ends that scroll. Rendered once, in the router's root. See docs/accessibility.md.
 */
export function FocusInView() {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.closest(ABOVE_THE_PAGE)) return;
      const watch = (framesLeft: number) => {
        if (framesLeft === 0 || document.activeElement !== target) return;
        if (!isInView(target)) target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        requestAnimationFrame(() => watch(framesLeft - 1));
      };
      requestAnimationFrame(() => watch(WATCH_FRAMES));
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  return null;
}
