import { zodResolver } from '@hookform/resolvers/zod';
import { TOAST_MESSAGES, setupAccountSchema, type SetupAccountInput } from '@staff-admin/shared';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { setServerFieldErrors } from '../../../lib/form.js';
import { useSetupAccount } from '../api/setup-account.js';
import { useSignInWithNewPassword } from '../hooks/use-sign-in-with-new-password.js';
import { AuthFormHeader } from './auth-form-header.js';
import { PasswordRules } from './password-rules.js';
import type { VerifiedLink } from './verified-link.js';

/** SPEC §2's account setup: the invited user chooses a password and is signed in with it. */
export function SetupAccountForm({ token, email }: VerifiedLink) {
  const rulesId = useId();
  const setupAccount = useSetupAccount();
  const signIn = useSignInWithNewPassword();
  const form = useForm<SetupAccountInput>({
    resolver: zodResolver(setupAccountSchema),
    // The token rides along as a form value, so the shared schema checks the body as sent.
    defaultValues: { token, password: '', confirmedPassword: '' },
  });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await setupAccount.mutateAsync(values);
    } catch (error) {
      setServerFieldErrors(form, error, ['password', 'confirmedPassword']);
      toast.error(getErrorMessage(error));
      return;
    }
    await signIn(email, values.password, TOAST_MESSAGES.registered);
  });

  // Password fields use plain `register`: a password is never trimmed, its spaces are the user's.
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <AuthFormHeader title="Set up your account">
        Create a password to activate your account.
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
            label="Create password"
            autoComplete="new-password"
            aria-describedby={rulesId}
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordRules id={rulesId} password={password} />
        </div>
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmedPassword?.message}
          {...register('confirmedPassword')}
        />
      </div>
      <Button type="submit" size="large" fullWidth isLoading={isSubmitting}>
        Confirm
      </Button>
    </form>
  );
}
