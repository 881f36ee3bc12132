import type { User } from '@staff-admin/shared';
import { paths } from '../../../config/paths.js';

/**
 * Where a user goes once signed in: a pending user finishes their account first (SPEC §2), one
 * who must set up two-step sign-in does that (issue 15, and comes to `from` after it); anyone
 * else goes to the page they first asked for (`from`), else home.
 */
export const afterLogin = (user: User, from: string | null) => {
  if (user.status === 'pending') return paths.auth.setupAccount.path;
  if (user.twoStepRequired && !user.twoStepEnabled) return paths.auth.twoStepSetup.path;
  return from ?? paths.home.path;
};
