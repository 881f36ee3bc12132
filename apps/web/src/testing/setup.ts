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

// findBy*/waitFor give up after 1 s by default; on a busy 2-core machine a route's lazy chunks
// can take longer than that to load the first time. Passing tests do not wait any longer.
configure({ asyncUtilTimeout: 3000 });

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
