import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.js';

/** Router state of a redirect that carries an error for the next page to show. */
export interface RedirectErrorState {
  error: string;
}

function readRedirectError(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('error' in state)) return null;
  const { error } = state as { error: unknown };
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

/**
 * Shows, once, the error a redirect brought along (e.g. 'Token is expired.'), then drops it
 * from the history entry so going back or reloading does not show it again.
 */
export function useRedirectErrorToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const message = readRedirectError(location.state);
  const { pathname, search, hash } = location;

  useEffect(() => {
    if (!message) return;
    toast.error(message, { id: `redirect-error:${message}` });
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [message, navigate, pathname, search, hash]);
}
