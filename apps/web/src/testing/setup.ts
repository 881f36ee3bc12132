import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { signOut } from '../lib/session.js';
import { server } from './server.js';

// jsdom lacks layout APIs Radix menus and React Router's scroll restoration use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
// uPlot draws on a canvas, which jsdom does not have: the charts' numbers are tested in their
// screen-reader tables; the drawing itself is seen in the browser tests.
vi.mock('uplot', () => ({
  default: class UPlotStub {
    static paths = {};
    setData() {}
    setSize() {}
    destroy() {}
  },
}));
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// jsdom has no pointer capture, which Radix and sonner (a press on a toast) use.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
window.scrollTo = () => {};
// Ariakit asks `checkVisibility` before focusing an element; jsdom has no layout to answer it.
Element.prototype.checkVisibility ??= function checkVisibility(this: Element) {
  const hidden = (element: Element | null): boolean =>
    element !== null &&
    (getComputedStyle(element).display === 'none' || hidden(element.parentElement));
  return !hidden(this);
};

// findBy*/waitFor give up after 1 s by default; on a busy 2-core machine the first test of a file
// can wait several seconds for a route's lazy chunks to be transformed and loaded. The wait ends
// as soon as the element shows, so passing tests do not take any longer for it. In CI the Node 22
// line's site tests share the 2 cores with the Node 26 line, lint, typecheck and the SQL scan, and
// five waits there took 12 to 35 s: 30 s leaves room without hiding a screen that never shows.
configure({ asyncUtilTimeout: 30_000 });

// A console error or warning (React's act() and key warnings, a failed prop type, an unhandled
// request) fails the test that caused it, with the message, as the browser tests do. The calls are
// collected rather than thrown where they happen, because React and libraries often log inside
// their own try blocks or effects, where a throw would be swallowed or change what happens next.
let consoleProblems: string[] = [];

beforeEach(() => {
  consoleProblems = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleProblems.push(`console.${level}: ${format(...args)}`);
    });
  }
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // sonner keeps its toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
  cleanup();
  server.resetHandlers();
  // Ends the test's session as signing out does: storage and cached data cleared, and module-level
  // session state (e.g. the two-step set-up flag) told, so no test inherits another's.
  signOut();
  // Unmounting (cleanup) can log too, so this comes last.
  const problems = consoleProblems;
  consoleProblems = [];
  vi.mocked(console.error).mockRestore();
  vi.mocked(console.warn).mockRestore();
  if (problems.length > 0) {
    throw new Error(`The test logged to the console:\n\n${problems.join('\n\n')}`);
  }
});
afterAll(() => server.close());
