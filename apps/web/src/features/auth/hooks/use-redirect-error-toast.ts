import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.js';
import { toast } from '../../../lib/toast.js';

/** Router state of a redirect that carries an error for the next page to show. */
export interface RedirectErrorState {
  error: string;
  /** The emailed link that failed, when there is a way to get a new one. */
  link?: 'reset' | 'invitation';
}

function readRedirectError(state: unknown): RedirectErrorState | null {
  if (typeof state !== 'object' || state === null || !('error' in state)) return null;
  const { error, link } = state as { error: unknown; link?: unknown };
  if (typeof error !== 'string' || error.trim() === '') return null;
  return { error, ...(link === 'reset' || link === 'invitation' ? { link } : {}) };
}

/** How to get a new link, said under the error of a link that cannot be used any more. */
export const NEW_INVITATION_HINT = 'Ask an administrator to send you a new invitation.';
export const NEW_LINK_ACTION = 'Request a new link';

/**
 * Shows, once, the error a redirect brought along (e.g. 'Token is expired.'), then drops it
 * from the history entry so going back or reloading does not show it again. Like every error
 * toast it stays until dismissed. A used or broken reset link's toast offers "Request a new
 * link" (the forgot-password page); an invitation's says to ask an administrator, the only
 * one who can send a new one.
 */
export function useRedirectErrorToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = readRedirectError(location.state);
  const message = redirect?.error;
  const link = redirect?.link;
  const { pathname, search, hash } = location;

  useEffect(() => {
    if (!message) return;
    toast.error(message, {
      id: `redirect-error:${message}`,
      ...(link === 'reset'
        ? {
            action: {
              label: NEW_LINK_ACTION,
              onClick: () => void navigate(paths.auth.forgotPassword.path),
            },
          }
        : {}),
      ...(link === 'invitation' ? { description: NEW_INVITATION_HINT } : {}),
    });
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [message, link, navigate, pathname, search, hash]);
}
