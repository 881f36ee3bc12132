import { DocumentTitle } from '../../../components/ui/document-title.js';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.js';
import { VerifiedLinkGate } from '../../../features/auth/components/verified-link.js';

export function ResetPasswordRoute() {
  return (
    <>
      <DocumentTitle title="Reset password" />
      <VerifiedLinkGate tokenType="reset_password_token">
        {(link) => <ResetPasswordForm {...link} />}
      </VerifiedLinkGate>
    </>
  );
}
