import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../../lib/auth.js';

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
 * Where toasts appear, loaded once the first page is on screen and the browser is idle (idle
 * periods come after a frame is painted), so it never competes with that page's chunks or
 * data. It is rendered in the router's root route, which mounts once the page's chunks are in,
 * and it waits for the signed-in user too. Toasts raised earlier are kept by sonner and shown
 * when it mounts; mounting the empty live region first also lets screen readers announce them.
 */
export function DeferredToaster() {
  const { isLoadingUser } = useAuth();
  const [mounted, setMounted] = useState(false);
  const pageShown = !isLoadingUser;
  useEffect(() => {
    if (mounted || !pageShown) return;
    return whenIdle(() => setMounted(true), 1000);
  }, [mounted, pageShown]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
