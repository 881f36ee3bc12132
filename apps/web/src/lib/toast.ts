import type { ExternalToast } from 'sonner';

type ToastKind = 'info' | 'success' | 'warning' | 'error';

/**
 * sonner, loaded on the first toast: no page needs it to render, and the login page's first
 * load stays smaller without it. The <Toaster> mounts when the page is idle (see
 * DeferredToaster); a toast raised before that is shown as soon as it does.
 */
function raise(kind: ToastKind) {
  // An error stays until it is dismissed: there is no time limit on reading it (WCAG 2.2.1).
  const defaults: ExternalToast = kind === 'error' ? { duration: Infinity } : {};
  return (message: string, options?: ExternalToast): void => {
    void import('sonner').then(({ toast }) => toast[kind](message, { ...defaults, ...options }));
  };
}

/** SPEC §2's four kinds of toast. */
export const toast = {
  info: raise('info'),
  success: raise('success'),
  warning: raise('warning'),
  error: raise('error'),
};
