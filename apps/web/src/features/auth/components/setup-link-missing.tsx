import { Navigate } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { paths } from '../../../config/paths.js';
import { logout, useAuth } from '../../../lib/auth.js';
import { AuthFormHeader } from './auth-form-header.js';

/**
 * The setup screen reached without a token. A visitor goes to login (SPEC §8). A signed-in
 * pending user, though, is sent here by the login screen itself (SPEC §2) with no token to
 * give: sending them back to login would bounce between the two screens for ever, and only the
 * invitation email holds a usable link. So they are told where to find it, and may log out.
 * Anyone else signed in goes to login too, which passes them on home.
 */
export function SetupLinkMissing() {
  const { user, isLoadingUser } = useAuth();
  if (isLoadingUser) {
    return (
      <div className="flex justify-center py-16">
        <Spinner text="Loading…" />
      </div>
    );
  }
  if (user?.status !== 'pending') return <Navigate to={paths.auth.login.path} replace />;

  return (
    <div className="flex flex-col gap-6">
      <AuthFormHeader title="Set up your account" />
      <div className="flex flex-col gap-3 text-slate-700">
        <p>
          Your account is not activated yet. To create your password, open the link in the
          invitation email sent to <strong className="break-all">{user.email}</strong>.
        </p>
        <p>If you cannot find that email, ask an administrator to resend the invitation.</p>
      </div>
      <Button variant="secondary" size="large" fullWidth onClick={() => void logout()}>
        Log out
      </Button>
    </div>
  );
}
