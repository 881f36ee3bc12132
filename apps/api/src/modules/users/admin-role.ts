import type { Position, Status } from '@staff-admin/shared';

/** A user's role and status: what the admin role's powers depend on. */
export interface Standing {
  position: Position;
  status: Status;
}

/** An admin who is active, or pending and so active once they set up their account. */
const holdsAdminRole = ({ position, status }: Standing) =>
  position === 'admin' && status !== 'inactive';

/**
 * Whether a change grants the admin role: the user holds it after and did not before (`before`
 * undefined: a user invited now). Granting it needs a recent confirmation (docs/two-step.md,
 * "Recent confirmation"): an admin can reset anyone's two-step sign-in, so a stale session that
 * could make an admin could have a fresh one do what it may not.
 */
export const grantsAdminRole = (before: Standing | undefined, after: Standing): boolean =>
  holdsAdminRole(after) && !(before && holdsAdminRole(before));
