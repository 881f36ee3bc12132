import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Goes one step back in this site's history, or to `fallback` when this page is the first one
 * of the tab (opened from an email or a bookmark), where "back" would leave the site.
 */
export function useBackNavigation(fallback: string) {
  const navigate = useNavigate();
  // React Router keys the entry it started on 'default'; every entry it adds has its own key.
  const isFirstEntry = useLocation().key === 'default';
  return useCallback(() => {
    if (isFirstEntry) void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [fallback, isFirstEntry, navigate]);
}
