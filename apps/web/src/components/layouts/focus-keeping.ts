import { isInView, TABBABLE } from '../../lib/focus.js';

/**
 * Where focus goes after page changes and scrolls (docs/accessibility.md, rules 2 and 11). The
 * route announcer loads this just after the first page, outside its first load (the sign-in
 * page's budget): what it does follows a key press, by which time it is here.
 */

/**
 * Where the route announcer puts focus on arrival: the h1, when it is in view. Back (or Forward)
 * restores the scroll position the page was left at, which may leave the h1 far above: then
 * focus goes to the first control in view, where the reader left off, so that focus and what is
 * on screen agree; with no control in view, the page goes to its top and focus to the h1.
 */
export function arrivalTarget(heading: HTMLElement): HTMLElement {
  if (isInView(heading)) return heading;
  const main = heading.closest('main') ?? document.body;
  const control = Array.from(main.querySelectorAll<HTMLElement>(TABBABLE)).find(isInView);
  if (control) return control;
  window.scrollTo(0, 0);
  return heading;
}

/**
 * How long after focus moves its element is kept in view: longer than the browser's smooth
 * scroll of End, Page Down or Space (about 150-500 ms, more on a busy machine).
 */
const WATCH_FRAMES = 60;

/**
 * Elements above the page (the header, a dialog, a menu or list that floats open, a toast): the
 * page's scroll does not move them.
 */
const ABOVE_THE_PAGE =
  'header, [role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper], [data-sonner-toaster]';

/**
 * Keeps what has focus in view while the page is still scrolling: End, Page Down or Space start
 * a smooth scroll that the browser lets run on after Tab has moved focus, so a Tab or Shift+Tab
 * pressed during it is scrolled into view and then carried off screen as the scroll goes on
 * (issue 33, item 3: a row 71 px above the window after End and Shift+Tab). For a moment after
 * focus moves, the focused element is brought back into view whenever it leaves it, which also
 * ends that scroll. Only a move made from the keyboard is watched: after a click or a tap the
 * page is the pointer's to scroll (a wheel turned just after a click must not be undone, and a
 * menu opened from a scrolled page closes when the page scrolls, SPEC §2). Returns the function
 * that stops it.
 */
export function keepFocusInView(): () => void {
  let byKeyboard = false;
  const onKeyDown = () => (byKeyboard = true);
  const onPointerDown = () => (byKeyboard = false);
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!byKeyboard || !(target instanceof HTMLElement) || target.closest(ABOVE_THE_PAGE)) return;
    const watch = (framesLeft: number) => {
      if (framesLeft === 0 || document.activeElement !== target) return;
      if (!isInView(target)) target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      requestAnimationFrame(() => watch(framesLeft - 1));
    };
    requestAnimationFrame(() => watch(WATCH_FRAMES));
  };
  document.addEventListener('keydown', onKeyDown, { capture: true });
  document.addEventListener('pointerdown', onPointerDown, { capture: true });
  document.addEventListener('focusin', onFocusIn);
  return () => {
    document.removeEventListener('keydown', onKeyDown, { capture: true });
    document.removeEventListener('pointerdown', onPointerDown, { capture: true });
    document.removeEventListener('focusin', onFocusIn);
  };
}
