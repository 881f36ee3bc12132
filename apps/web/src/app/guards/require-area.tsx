import { canReachArea, type Area } from '@staff-admin/shared';
import type { ReactNode } from 'react';
import { NoAccess } from '../../components/errors/no-access.js';
import { useAuthenticatedUser } from '../../lib/auth.js';

/** Shows a header area only to the roles that reach it (CONTRACT §5); others see why not. */
export function RequireArea({ area, children }: { area: Area; children: ReactNode }) {
  const { position } = useAuthenticatedUser();
  if (canReachArea(position, area.id)) return children;
  return <NoAccess area={area} position={position} />;
}
