import type { User } from '@staff-admin/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner.js';
import { paths } from '../../config/paths.js';
import { useAuth } from '../../lib/auth.js';

interface GuestOnlyProps {
  children: ReactNode;
  /** Where a signed-in user goes instead; the home page unless told otherwise. */
  redirectTo?: (user: User) => string;
}

/**
 * SPEC §2's guard for pages meant for visitors: they render only when nobody is signed in and
 * nothing is loading; a signed-in user is sent on, replacing this history entry.
 */
export function GuestOnly({ children, redirectTo }: GuestOnlyProps) {
  const { isAuthenticated, isLoadingUser, user } = useAuth();
  if (isAuthenticated && user) {
    return <Navigate to={redirectTo ? redirectTo(user) : paths.home.path} replace />;
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
