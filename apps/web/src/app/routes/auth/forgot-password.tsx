import { DocumentTitle } from '../../../components/ui/document-title.js';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.js';

export function ForgotPasswordRoute() {
  return (
    <>
      <DocumentTitle title="Forgot password" />
      <ForgotPasswordForm />
    </>
  );
}
