import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(async () => ({ default: (await import('./toaster.js')).Toaster }));

/** Calls `callback` once the browser is idle (at the latest after `timeout` ms). */
function whenIdle(callback: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
}

/**
 * Where toasts appear, loaded once the first page is on screen and the browser is idle, so it
 * never delays that page. Toasts raised earlier are kept by sonner and shown when it mounts;
 * mounting the empty live region first also lets screen readers announce them.
 */
export function DeferredToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenIdle(() => setMounted(true), 1000), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
