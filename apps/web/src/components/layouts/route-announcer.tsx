import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** Set once the visitor presses a key or a pointer: from then on page changes are theirs. */
let interacted = false;
if (typeof window !== 'undefined') {
  const mark = () => {
    interacted = true;
  };
  window.addEventListener('keydown', mark, { capture: true, once: true });
  window.addEventListener('pointerdown', mark, { capture: true, once: true });
}

/** A new page's heading: its h1 (every screen has exactly one). */
function findHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');
}

/**
 * Where focus goes on arrival (focus-keeping.ts), loaded just after the first page and outside
 * its first load; until it is here (before any key press, in practice), the h1. Loading it also
 * starts keeping focus in view while the page scrolls (rule 11).
 */
let arrivalTarget: ((heading: HTMLElement) => HTMLElement) | undefined;
if (typeof window !== 'undefined') {
  void import('./focus-keeping.js').then((module) => {
    arrivalTarget = module.arrivalTarget;
    module.keepFocusInView();
  });
}

/**
 * After every change of page (a link, a redirect, Back, signing in or out), focus moves to the
 * new page's h1 and its title is announced, as GOV.UK and React Router's route announcer do: a
 * keyboard user goes on from the top of the new content, and a screen reader says where they
 * are (WCAG 2.4.3, 4.1.3). Where Back restored a scroll position that leaves the h1 out of view,
 * focus goes to the first control in view instead (arrivalTarget). A page still loading (a
 * spinner, a lazy chunk) is waited for until its h1 appears. Changes of the query only (search,
 * sort, paging) keep focus where it is.
 * The first page of a visit is left to the browser, which reads it out itself.
 * See docs/accessibility.md.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [announcement, setAnnouncement] = useState({ count: 0, text: '' });

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (!interacted) return;
    const settle = (): boolean => {
      const heading = findHeading();
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      // ScrollRestoration decides the scroll position; focus must not move it.
      (arrivalTarget?.(heading) ?? heading).focus({ preventScroll: true });
      const text = document.title || heading.textContent || '';
      setAnnouncement((current) => ({ count: current.count + 1, text }));
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);

  return (
    <div data-route-announcer aria-live="polite" aria-atomic="true" className="sr-only">
      {/* A new node each time, so that the same title twice in a row is read twice. */}
      {announcement.text && <p key={announcement.count}>{announcement.text}</p>}
    </div>
  );
}
