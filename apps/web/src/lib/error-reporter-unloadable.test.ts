import { afterEach, expect, it, vi } from 'vitest';
import { installErrorReporter, reportError } from './error-reporter.js';

// The reporting code cannot load: a deploy replaced the chunks, or the network is gone.
let attempts = 0;
vi.mock('./error-sender.js', () => {
  attempts += 1;
  throw new TypeError('Failed to fetch dynamically imported module');
});

const uninstall = installErrorReporter();
afterEach(() => uninstall());

it('drops the report, raises no rejection of its own (which would report again, without end), and tries again on the next error', async () => {
  const rejections: unknown[] = [];
  const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
  window.addEventListener('unhandledrejection', onRejection);
  process.on('unhandledRejection', onRejection);
  try {
    reportError(new Error('first'), 'error');
    await vi.waitFor(() => expect(attempts).toBe(1));
    reportError(new Error('second'), 'error');
    await vi.waitFor(() => expect(attempts).toBe(2));
    // Every import has settled, so a rejection left unhandled would have been raised by now.
    await vi.dynamicImportSettled();
    expect(rejections).toEqual([]);
    expect(attempts).toBe(2);
  } finally {
    window.removeEventListener('unhandledrejection', onRejection);
    process.off('unhandledRejection', onRejection);
  }
});
