import { TOAST_MESSAGES, resetPasswordSchema } from '@staff-admin/shared';
import { useResetPassword } from '../api/reset-password.js';
import { NewPasswordForm } from './new-password-form.js';
import type { VerifiedLink } from './verified-link.js';

/** SPEC §2's password reset: a new password from a reset email's link, then signed in. */
export function ResetPasswordForm(link: VerifiedLink) {
  const resetPassword = useResetPassword();
  return (
    <NewPasswordForm
      {...link}
      schema={resetPasswordSchema}
      passwordField="newPassword"
      confirmationField="confirmNewPassword"
      title="Reset password"
      intro="Choose a new password for your account."
      passwordLabel="New password"
      submit={resetPassword.mutateAsync}
      successMessage={TOAST_MESSAGES.passwordReset}
    />
  );
}
