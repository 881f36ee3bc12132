import type { User } from '@staff-admin/shared';
import { paths } from '../../../config/paths.js';

/**
 * Where a user goes once signed in: a pending user finishes their account first (SPEC §2), one
 * who must set up two-step sign-in does that (issue 15), anyone else goes home.
 */
export const afterLogin = (user: User) => {
  if (user.status === 'pending') return paths.auth.setupAccount.path;
  if (user.twoStepRequired && !user.twoStepEnabled) return paths.auth.twoStepSetup.path;
  return paths.home.path;
};
