import { DocumentTitle } from '../../../components/ui/document-title.js';
import { LoginForm } from '../../../features/auth/components/login-form.js';
import { GuestOnly } from '../../guards/guest-only.js';
import { afterLogin } from './after-login.js';

export function LoginRoute() {
  return (
    <GuestOnly redirectTo={afterLogin}>
      <DocumentTitle title="Log in" />
      <LoginForm />
    </GuestOnly>
  );
}
