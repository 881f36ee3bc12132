import { zodResolver } from '@hookform/resolvers/zod';
import {
  TOAST_MESSAGES,
  forgotPasswordSchema,
  type ForgotPasswordInput,
} from '@staff-admin/shared';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { paths } from '../../../config/paths.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { registerTrimmed, setServerFieldErrors, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useRequestPasswordReset } from '../api/request-password-reset.js';
import { useBackNavigation } from '../hooks/use-back-navigation.js';
import { AccountEmailInput } from './account-email-input.js';
import { AuthFormHeader } from './auth-form-header.js';
import { SsoLink } from './sso-link.js';

/** SPEC §2's forgot-password screen: asks for a reset email, then back to login. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const goBack = useBackNavigation(paths.auth.login.path);
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const {
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values);
    } catch (error) {
      // Typically 429: too many requests for this address or from this client.
      setServerFieldErrors(form, error, ['email']);
      toast.error(getErrorMessage(error));
      return;
    }
    // The server answers alike for unknown addresses, so this never tells who has an account.
    toast.success(TOAST_MESSAGES.resetLinkSent);
    await navigate(paths.auth.login.path, { replace: true });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <AuthFormHeader title="Forgot password">
        Enter the email of your account and we will send you a link to reset your password.
      </AuthFormHeader>
      <AccountEmailInput error={errors.email?.message} {...registerTrimmed(form, 'email')} />
      <div className="flex flex-col gap-3">
        <Button type="submit" size="large" fullWidth isLoading={isSubmitting}>
          Request reset link
        </Button>
        <Button variant="text" size="large" fullWidth onClick={goBack}>
          Back to log in
        </Button>
        <SsoLink />
      </div>
    </form>
  );
}
