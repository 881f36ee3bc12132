import { zodResolver } from '@hookform/resolvers/zod';
import {
  TWO_STEP_MESSAGES,
  recoveryCodeSchema,
  totpCodeSchema,
  type SecondStepMethod,
} from '@staff-admin/shared';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRoundIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { paths } from '../../../config/paths.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import type { SecondStepChallenge } from '../../../lib/auth.js';
import { toast } from '../../../lib/toast.js';
import { useCompleteSecondStep } from '../api/complete-second-step.js';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.js';
import { isServerError } from '../utils/is-server-error.js';
import { TwoStepHeader } from './two-step-header.js';
import { showFieldRefusal, useForm } from '../../../lib/form.js';

type CodeMethod = Exclude<SecondStepMethod, 'passkey'>;

const schemas = {
  totp: z.object({ code: totpCodeSchema }),
  recovery_code: z.object({ code: recoveryCodeSchema }),
};

const FIELDS: Record<CodeMethod, { label: string; description: string }> = {
  totp: {
    label: 'Authentication code',
    description: 'The 6-digit code your authenticator app shows for Staff Admin.',
  },
  recovery_code: {
    label: 'Recovery code',
    description:
      'One of the codes you saved when you turned two-step sign-in on, e.g. ABCDE-FGHIJ.',
  },
};

/**
 * The second step of signing in (issue 15): a code from the authenticator app, or a recovery
 * code, or a passkey. The answer signs the user in as the password alone would have; an
 * expired challenge goes back to the login page.
 */
export function SecondStepForm({ challenge }: { challenge: SecondStepChallenge }) {
  const navigate = useNavigate();
  const hasTotp = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('passkey');
  const [method, setMethod] = useState<CodeMethod>(hasTotp ? 'totp' : 'recovery_code');
  const complete = useCompleteSecondStep();
  const passkey = useSignInWithPasskey();

  const resolver = useMemo(() => zodResolver(schemas[method]), [method]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ resolver, defaultValues: { code: '' } });

  /** The challenge is used up or too old: sign in again from the start. */
  const backToLogin = () =>
    navigate(paths.auth.login.path, {
      replace: true,
      state: { error: TWO_STEP_MESSAGES.challengeInvalid },
    });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      // On success the guest-only guard around this form sends the user on.
      await complete.mutateAsync({ challenge_token: challenge.challenge_token, method, code });
    } catch (error) {
      if (isApiError(error, 401)) {
        await backToLogin();
      } else {
        showFieldRefusal(setError, 'code', error, [400]);
      }
    }
  });

  const choosePasskey = async () => {
    if (!browserSupportsWebAuthn()) {
      toast.error(TWO_STEP_MESSAGES.passkeyUnsupported);
      return;
    }
    try {
      await passkey.mutateAsync(challenge.challenge_token);
    } catch (error) {
      if (isServerError(error, 401)) await backToLogin();
      else if (isServerError(error)) toast.error(getErrorMessage(error));
      // The device's prompt was cancelled or failed: no server message to show.
      else toast.error(TWO_STEP_MESSAGES.passkeyCancelled);
    }
  };

  const switchTo = (next: CodeMethod) => {
    setMethod(next);
    reset({ code: '' });
    // The field the user asked for replaces the other one: it takes focus.
    setTimeout(() => setFocus('code'), 0);
  };

  const field = FIELDS[method];
  return (
    <div className="flex flex-col gap-6">
      <TwoStepHeader title="Two-step sign-in">
        {method === 'totp'
          ? 'Enter the code from your authenticator app to finish signing in.'
          : 'Enter one of your recovery codes to finish signing in. Each code works once.'}
      </TwoStepHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <Input
          key={method}
          label={field.label}
          description={field.description}
          autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
          inputMode={method === 'totp' ? 'numeric' : 'text'}
          autoCapitalize={method === 'totp' ? undefined : 'characters'}
          spellCheck={false}
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" size="large" fullWidth isLoading={isSubmitting}>
          Verify
        </Button>
      </form>
      <div className="flex flex-col items-start gap-3">
        {method === 'totp' ? (
          <Button variant="link" onClick={() => switchTo('recovery_code')}>
            Use a recovery code
          </Button>
        ) : (
          hasTotp && (
            <Button variant="link" onClick={() => switchTo('totp')}>
              Use your authenticator app
            </Button>
          )
        )}
        {hasPasskey && (
          <Button
            variant="secondary"
            fullWidth
            isLoading={passkey.isPending}
            onClick={() => void choosePasskey()}
          >
            <KeyRoundIcon />
            Use a passkey
          </Button>
        )}
        <Link
          to={paths.auth.login.path}
          className="rounded-sm text-sm font-semibold text-blue-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          Back to log in
        </Link>
      </div>
    </div>
  );
}
