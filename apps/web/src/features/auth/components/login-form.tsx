import { API_MESSAGES, VALIDATION_MESSAGES, type LoginInput } from '@staff-admin/shared';
import type { FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { LiveStatus } from '../../../components/ui/live-status.js';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { paths } from '../../../config/paths.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { login, preloadApiClient } from '../../../lib/auth.js';
import { returnPath } from '../../../lib/return-to.js';
import { registerTrimmed, useForm } from '../../../lib/form.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { toast } from '../../../lib/toast.js';
import { useSsoOffer } from '../api/get-sso-offer.js';
import { useRedirectErrorToast } from '../hooks/use-redirect-error-toast.js';
import { isSsoRequired } from '../utils/sso.js';
import { AccountEmailInput } from './account-email-input.js';
import { AuthFormHeader } from './auth-form-header.js';
import { SsoLink } from './sso-link.js';

/** The two login failures SPEC §8 shows on the fields rather than in a toast. */
function isWrongCredentials(error: unknown): boolean {
  return (
    (isApiError(error, 404) && error.message === API_MESSAGES.userNotFound) ||
    (isApiError(error, 400) && error.message === API_MESSAGES.passwordMismatch)
  );
}

/**
 * The login page is the first one most visits load, so its validation (zod and the shared
 * schema) and the API client load once the user starts filling the form in, not with the page.
 */
const loginResolver = lazyResolver<LoginInput, unknown, LoginInput>(
  async () => (await import('../utils/login-resolver.js')).loginResolver,
);

function prepareSignIn() {
  loginResolver.preload();
  preloadApiClient();
}

export function LoginForm() {
  useRedirectErrorToast();
  const navigate = useNavigate();
  const from = returnPath(useLocation().state);
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const sso = useSsoOffer();
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  // An email of a domain that must use company sign-in (SSO_REQUIRED_DOMAINS): its password is
  // never sent, the form points to the SSO button instead.
  const ssoOnly =
    sso && isSsoRequired(typedEmail, sso.requiredDomains) ? sso.requiredMessage : null;

  const signIn = handleSubmit(async ({ email, password }) => {
    try {
      // Signed in: the guest-only guard around this form sends the user on. With a second
      // factor, its screen takes the challenge in router state (never in the URL).
      const { secondStep } = await login(email, password);
      // The page a guard sent them here from goes along, to be reached after the second step.
      if (secondStep) {
        await navigate(paths.auth.twoStep.path, { state: { challenge: secondStep, from } });
      }
    } catch (error) {
      if (isWrongCredentials(error)) {
        // Focus goes to the first field in error, which reads out its message (as validation
        // errors do): nothing else on the page changed for a screen reader to notice.
        setError('password', { message: VALIDATION_MESSAGES.passwordInvalid });
        setError('email', { message: VALIDATION_MESSAGES.emailInvalid }, { shouldFocus: true });
      } else {
        toast.error(getErrorMessage(error));
      }
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (ssoOnly === null) {
      void signIn(event);
      return;
    }
    event.preventDefault();
    setError('email', { message: ssoOnly }, { shouldFocus: true });
  };

  return (
    <form noValidate onFocus={prepareSignIn} onSubmit={onSubmit} className="flex flex-col gap-6">
      <AuthFormHeader title="Log in">Sign in with your work email and password.</AuthFormHeader>
      <div className="flex flex-col gap-5">
        <AccountEmailInput
          error={errors.email?.message}
          description={ssoOnly && errors.email?.message !== ssoOnly ? ssoOnly : undefined}
          {...registerTrimmed(form, 'email')}
        />
        <LiveStatus message={ssoOnly ?? ''} />
        <div className="flex flex-col gap-2">
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            // Never trimmed: spaces in a password are the user's.
            {...register('password')}
          />
          <Link
            to={paths.auth.forgotPassword.path}
            className="self-end rounded-sm text-sm font-semibold text-blue-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            Forgot password
          </Link>
        </div>
      </div>
      <Button type="submit" size="large" fullWidth isLoading={isSubmitting}>
        Log in
      </Button>
      <SsoLink returnTo={from} />
    </form>
  );
}
