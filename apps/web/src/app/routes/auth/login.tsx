import type { User } from '@staff-admin/shared';
import { DocumentTitle } from '../../../components/ui/document-title.js';
import { paths } from '../../../config/paths.js';
import { LoginForm } from '../../../features/auth/components/login-form.js';
import { GuestOnly } from '../../guards/guest-only.js';

/** A signed-in user still pending finishes their account first (SPEC §2). */
const afterLogin = (user: User) =>
  user.status === 'pending' ? paths.auth.setupAccount.path : paths.home.path;

export function LoginRoute() {
  return (
    <GuestOnly redirectTo={afterLogin}>
      <DocumentTitle title="Log in" />
      <LoginForm />
    </GuestOnly>
  );
}
