/** What takes focus by Tab. */
export const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Whether all of `element` is on screen and clear of the sticky header (80px, SPEC §9): what a
 * keyboard user can see of what has focus (WCAG 2.4.11).
 */
export function isInView(element: Element): boolean {
  const header = document.querySelector('header');
  const top =
    header && getComputedStyle(header).position === 'sticky'
      ? header.getBoundingClientRect().bottom
      : 0;
  const rect = element.getBoundingClientRect();
  return (
    rect.width > 0 &&
    rect.top >= top &&
    rect.bottom <= window.innerHeight &&
    rect.left >= 0 &&
    rect.right <= window.innerWidth
  );
}
