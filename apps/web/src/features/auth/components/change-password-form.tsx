import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_MESSAGES,
  TOAST_MESSAGES,
  VALIDATION_MESSAGES,
  changePasswordSchema,
  type ChangePasswordInput,
} from '@staff-admin/shared';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  isReauthenticationCancelled,
  useReauthenticated,
} from '../../../components/reauthenticate/use-reauthenticated.js';
import { Button, buttonClassName } from '../../../components/ui/button.js';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { paths } from '../../../config/paths.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { useAuthenticatedUser } from '../../../lib/auth.js';
import { setServerFieldErrors, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useChangePassword } from '../api/change-password.js';
import { withPasswordPolicy } from '../utils/password-policy.js';
import { NewPasswordInput } from './new-password-input.js';

/** The signed-in user's own password change, reached from the profile (SPEC §2). */
export function ChangePasswordForm() {
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  // With two-step sign-in on, the server asks for a recent password (and code) first (issue 15).
  const reauthenticated = useReauthenticated();
  const { email } = useAuthenticatedUser();
  const resolver = useMemo(
    () => withPasswordPolicy(zodResolver(changePasswordSchema), 'newPassword', email),
    [email],
  );
  const form = useForm<ChangePasswordInput>({
    resolver,
    defaultValues: { password: '', newPassword: '', confirmNewPassword: '' },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reauthenticated.run(() => changePassword.mutateAsync(values));
    } catch (error) {
      if (isReauthenticationCancelled(error)) return;
      if (isApiError(error, 400) && error.message === API_MESSAGES.passwordMismatch) {
        setError(
          'password',
          { type: 'server', message: VALIDATION_MESSAGES.passwordInvalid },
          { shouldFocus: true },
        );
      } else {
        setServerFieldErrors(form, error, ['newPassword', 'confirmNewPassword']);
        toast.error(getErrorMessage(error));
      }
      return;
    }
    toast.success(TOAST_MESSAGES.passwordChanged);
    await navigate(paths.profile.path);
  });

  // Password fields use plain `register`: a password is never trimmed, its spaces are the user's.
  return (
    <>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex max-w-xl flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8"
      >
        <div className="flex flex-col gap-5">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <NewPasswordInput
            label="New password"
            password={newPassword}
            email={email}
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmNewPassword?.message}
            {...register('confirmNewPassword')}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Link to={paths.profile.path} className={buttonClassName({ variant: 'secondary' })}>
            Cancel
          </Link>
          <Button type="submit" isLoading={isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
      {reauthenticated.dialog}
    </>
  );
}
