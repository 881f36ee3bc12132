import type { ExternalToast } from 'sonner';

type ToastKind = 'info' | 'success' | 'warning' | 'error';

/**
 * sonner, loaded on the first toast: no page needs it to render, and the login page's first
 * load stays smaller without it. The <Toaster> mounts when the page is idle (see
 * DeferredToaster); a toast raised before that is shown as soon as it does.
 */
function raise(kind: ToastKind) {
  return (message: string, options?: ExternalToast): void => {
    void import('sonner').then(({ toast }) => toast[kind](message, options));
  };
}

/** SPEC §2's four kinds of toast. */
export const toast = {
  info: raise('info'),
  success: raise('success'),
  warning: raise('warning'),
  error: raise('error'),
};
