import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { queryClient } from '../lib/query-client.js';
import { server } from './server.js';

// jsdom lacks layout APIs Radix menus and React Router's scroll restoration use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.scrollTo = () => {};

// findBy*/waitFor give up after 1 s by default; on a busy 2-core machine the first test of a file
// can wait several seconds for a route's lazy chunks to be transformed and loaded. The wait ends
// as soon as the element shows, so passing tests do not take any longer for it.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // sonner keeps its toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
  cleanup();
  server.resetHandlers();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
