import { zodResolver } from '@hookform/resolvers/zod';
import { TOAST_MESSAGES, resetPasswordSchema, type ResetPasswordInput } from '@staff-admin/shared';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { setServerFieldErrors } from '../../../lib/form.js';
import { useResetPassword } from '../api/reset-password.js';
import { useSignInWithNewPassword } from '../hooks/use-sign-in-with-new-password.js';
import { AuthFormHeader } from './auth-form-header.js';
import { PasswordRules } from './password-rules.js';
import type { VerifiedLink } from './verified-link.js';

/** SPEC §2's password reset: a new password from a reset email's link, then signed in. */
export function ResetPasswordForm({ token, email }: VerifiedLink) {
  const rulesId = useId();
  const resetPassword = useResetPassword();
  const signIn = useSignInWithNewPassword();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    // The token rides along as a form value, so the shared schema checks the body as sent.
    defaultValues: { token, newPassword: '', confirmNewPassword: '' },
  });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword.mutateAsync(values);
    } catch (error) {
      setServerFieldErrors(form, error, ['newPassword', 'confirmNewPassword']);
      toast.error(getErrorMessage(error));
      return;
    }
    await signIn(email, values.newPassword, TOAST_MESSAGES.passwordReset);
  });

  // Password fields use plain `register`: a password is never trimmed, its spaces are the user's.
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <AuthFormHeader title="Reset password">
        Choose a new password for your account.
      </AuthFormHeader>
      <div className="flex flex-col gap-5">
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          readOnly
        />
        <div className="flex flex-col gap-3">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            aria-describedby={rulesId}
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <PasswordRules id={rulesId} password={newPassword} />
        </div>
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmNewPassword?.message}
          {...register('confirmNewPassword')}
        />
      </div>
      <Button type="submit" size="large" fullWidth isLoading={isSubmitting}>
        Confirm
      </Button>
    </form>
  );
}
