import type { User } from '@staff-admin/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner.js';
import { paths } from '../../config/paths.js';
import { useAuth } from '../../lib/auth.js';
import { returnPath } from '../../lib/return-to.js';

interface GuestOnlyProps {
  children: ReactNode;
  /**
   * Where a signed-in user goes instead, given the page they first asked for (if a guard sent
   * them here from one); that page, else the home page, unless told otherwise.
   */
  redirectTo?: (user: User, from: string | null) => string;
}

/**
 * SPEC §2's guard for pages meant for visitors: they render only when nobody is signed in and
 * nothing is loading; a signed-in user is sent on, replacing this history entry. The page they
 * first asked for travels on in router state (`from`), so a later step can still go there.
 */
export function GuestOnly({ children, redirectTo }: GuestOnlyProps) {
  const { isAuthenticated, isLoadingUser, user } = useAuth();
  const from = returnPath(useLocation().state);
  if (isAuthenticated && user) {
    const to = redirectTo ? redirectTo(user, from) : (from ?? paths.home.path);
    return <Navigate to={to} replace state={from ? { from } : undefined} />;
  }
  if (isLoadingUser) {
    return (
      <div className="flex justify-center py-16">
        <Spinner text="Loading…" />
      </div>
    );
  }
  return children;
}
