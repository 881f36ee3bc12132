import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { setServerFieldErrors, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useSignInWithNewPassword } from '../hooks/use-sign-in-with-new-password.js';
import { withPasswordPolicy } from '../utils/password-policy.js';
import { AuthFormHeader } from './auth-form-header.js';
import { NewPasswordInput } from './new-password-input.js';
import type { VerifiedLink } from './verified-link.js';

/** What an emailed link's form sends: the link's token, a new password and its confirmation. */
export type NewPasswordBody<P extends string, C extends string> = { token: string } & Record<
  P | C,
  string
>;

export interface NewPasswordFormProps<P extends string, C extends string> extends VerifiedLink {
  /** The shared schema of the body; the password policy is checked on `passwordField` too. */
  schema: z.ZodType<NewPasswordBody<P, C>, NewPasswordBody<P, C>>;
  /** The body's names of the new password and of its confirmation. */
  passwordField: P;
  confirmationField: C;
  title: string;
  /** One line under the title. */
  intro: string;
  passwordLabel: string;
  /** Sends the body; a rejection carries the server's error body. */
  submit: (body: NewPasswordBody<P, C>) => Promise<unknown>;
  /** Shown once the password is set and the user signed in with it. */
  successMessage: string;
  /** Another way in, under the form's button (company sign-in on the account setup). */
  footer?: ReactNode;
}

/**
 * The form's own values: react-hook-form cannot follow field names that are type parameters, so
 * inside the form they are plain strings; what it submits is the schema's typed body.
 */
type FormValues = Record<string, string>;

/**
 * The form behind an emailed link (account setup, password reset): the email read-only, a new
 * password with its rules and a confirmation; once the password is set, the user is signed in
 * with it. The token rides along as a form value, so the shared schema checks the body as sent.
 */
export function NewPasswordForm<P extends string, C extends string>({
  token,
  email,
  schema,
  passwordField,
  confirmationField,
  title,
  intro,
  passwordLabel,
  submit,
  successMessage,
  footer,
}: NewPasswordFormProps<P, C>) {
  type Body = NewPasswordBody<P, C>;
  const signIn = useSignInWithNewPassword();
  const resolver = useMemo(() => {
    const body: z.ZodType<Body, FormValues> = schema;
    return withPasswordPolicy(zodResolver(body), passwordField, email);
  }, [schema, passwordField, email]);
  const form = useForm<FormValues, unknown, Body>({
    resolver,
    defaultValues: { token, [passwordField]: '', [confirmationField]: '' },
  });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const password = useWatch({ control, name: passwordField });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submit(values);
    } catch (error) {
      setServerFieldErrors(form, error, [passwordField, confirmationField]);
      toast.error(getErrorMessage(error));
      return;
    }
    await signIn(email, values[passwordField], successMessage);
  });

  // Password fields use plain `register`: a password is never trimmed, its spaces are the user's.
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <AuthFormHeader title={title}>{intro}</AuthFormHeader>
      <div className="flex flex-col gap-5">
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          readOnly
        />
        <NewPasswordInput
          label={passwordLabel}
          password={password}
          email={email}
          error={errors[passwordField]?.message}
          {...register(passwordField)}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          error={errors[confirmationField]?.message}
          {...register(confirmationField)}
        />
      </div>
      <Button type="submit" size="large" fullWidth isLoading={isSubmitting}>
        Confirm
      </Button>
      {footer}
    </form>
  );
}
