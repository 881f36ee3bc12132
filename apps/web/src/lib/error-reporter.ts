import type { ErrorReportKind } from '@staff-admin/shared';
import type * as ErrorSender from './error-sender.js';

type Sender = typeof ErrorSender;

/** Loaded on the first error: a page without errors never downloads the reporting code. */
let sender: Sender | undefined;
let loading: Promise<Sender> | undefined;

function loadSender(): Promise<Sender> {
  loading ??= import('./error-sender.js').then(
    (module) => (sender = module),
    (error: unknown) => {
      loading = undefined; // a later error tries again
      throw error;
    },
  );
  return loading;
}

/** Reports one error to Monitoring › Errors (at most once per distinct error on a page). */
export function reportError(reason: unknown, kind: ErrorReportKind): void {
  // When the reporting code itself cannot load (the network is down, a deploy replaced the
  // chunks) the error goes unreported: rejecting here would raise `unhandledrejection`, which
  // reports, which fails to load again, without end.
  loadSender().then(
    (loaded) => loaded.enqueueError(reason, kind),
    () => {},
  );
}

/**
 * Listens for the errors nothing else caught: `error` (a throw outside React, a failed script)
 * and `unhandledrejection` (a promise nobody awaited). Render errors come from the router's error
 * screen. When the page is hidden or left, queued reports go with sendBeacon (only once an error
 * has loaded the sender: before that nothing can be queued). Returns a function that stops
 * listening.
 */
export function installErrorReporter(): () => void {
  const onError = (event: ErrorEvent) =>
    reportError(event.error ?? new Error(event.message || 'Script error'), 'error');
  const onRejection = (event: PromiseRejectionEvent) =>
    reportError(event.reason, 'unhandledrejection');
  const onPageHide = () => sender?.beaconQueued();
  const onHide = () => {
    if (document.visibilityState === 'hidden') onPageHide();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onHide);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onHide);
  };
}
