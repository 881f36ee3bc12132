import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullHeightSpinner } from '../../components/ui/spinner.js';
import { paths } from '../../config/paths.js';
import { useAuth } from '../../lib/auth.js';
import { returnState } from '../../lib/return-to.js';

/**
 * SPEC §2's guard: the page shows only to a signed-in user; until that is settled a spinner
 * stands in, and a visitor who is not signed in goes to login (replacing this history entry),
 * which remembers the page asked for, to come back to once signed in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoadingUser } = useAuth();
  const location = useLocation();
  if (isAuthenticated) return children;
  if (!isLoadingUser) {
    return <Navigate to={paths.auth.login.path} replace state={returnState(location)} />;
  }
  return <FullHeightSpinner />;
}
