/** The id of every layout's `<main>`, the skip link's target. */
export const MAIN_ID = 'main';

/** Where reading starts: the page's h1, or `<main>` itself on a page without one. */
function startOfContent(): HTMLElement | null {
  const main = document.getElementById(MAIN_ID);
  if (!main) return null;
  const target = main.querySelector('h1') ?? main;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  return target;
}

/**
 * "Skip to main content" (WCAG 2.4.1), the first thing Tab reaches on every page: hidden until it
 * has focus, then drawn over the top left corner. It moves focus to the page's h1 (as a page
 * change does, docs/accessibility.md), so the next Tab goes on from the top of the content, past
 * the header's links. Without script, its `#main` link still scrolls there.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const target = startOfContent();
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      className="absolute top-3 left-3 z-50 rounded-md bg-white px-4 py-3 font-semibold text-blue-800 underline shadow-lg outline-2 outline-offset-2 outline-blue-700 not-focus:sr-only"
    >
      Skip to main content
    </a>
  );
}
