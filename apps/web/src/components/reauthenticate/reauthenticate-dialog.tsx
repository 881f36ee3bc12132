import {
  TWO_STEP_MESSAGES,
  VALIDATION_MESSAGES,
  type ApiSuccess,
  type ReauthenticateInput,
} from '@staff-admin/shared';
import { api } from '../../lib/api-client.js';
import { getErrorMessage, isApiError } from '../../lib/api-error.js';
import { toast } from '../../lib/toast.js';
import { Button } from '../ui/button.js';
import { Dialog } from '../ui/dialog.js';
import { Input } from '../ui/input.js';
import { PasswordInput } from '../ui/password-input.js';
import { useForm } from '../../lib/form.js';

/** POST /auth/reauthenticate: the session counts as confirmed for the next few minutes. */
export async function reauthenticate(input: ReauthenticateInput): Promise<void> {
  await api.post<ApiSuccess<{ reauthenticatedUntil: string }>>('/auth/reauthenticate', input);
}

interface ReauthenticateDialogProps {
  open: boolean;
  /** Two-step sign-in is on: a code is asked for as well as the password. */
  withCode: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
  /** See Dialog: where focus goes on closing when what had it is gone. */
  finalFocus?: () => HTMLElement | null;
}

interface Values {
  password: string;
  code: string;
}

/**
 * "Confirm your password" (issue 15): asked before a sensitive change when the password was not
 * entered in the last few minutes. The password, and a code when two-step sign-in is on.
 */
export function ReauthenticateDialog({
  open,
  withCode,
  onConfirmed,
  onCancel,
  finalFocus,
}: ReauthenticateDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit(async ({ password, code }) => {
    try {
      const trimmed = code.replace(/\s+/g, '');
      await reauthenticate({ password, ...(withCode ? { code: trimmed } : {}) });
    } catch (error) {
      if (isApiError(error, 400)) {
        const codeMessage = error.errors?.code;
        if (withCode && codeMessage) {
          setError('code', { type: 'server', message: codeMessage }, { shouldFocus: true });
        } else {
          setError(
            'password',
            { type: 'server', message: error.errors?.password ?? error.message },
            { shouldFocus: true },
          );
        }
      } else {
        toast.error(getErrorMessage(error));
      }
      return;
    }
    reset();
    onConfirmed();
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
          onCancel();
        }
      }}
      title="Confirm your password"
      description={TWO_STEP_MESSAGES.reauthenticationRequired}
      size="confirm"
      // Cancel closes it; without the × first, focus goes straight into the password field.
      hideCloseButton
      preventClose={isSubmitting}
      finalFocus={finalFocus}
    >
      <form
        noValidate
        onSubmit={(event) => {
          // The dialog is portalled, but React events still bubble to a form around its opener.
          event.stopPropagation();
          void onSubmit(event);
        }}
        className="mt-6 flex flex-col gap-5"
      >
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', {
            validate: (value) => value !== '' || VALIDATION_MESSAGES.passwordRequired,
          })}
        />
        {withCode && (
          <Input
            label="Code"
            description="A 6-digit code from your authenticator app, or a recovery code."
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.code?.message}
            {...register('code', {
              validate: (value) => value.trim() !== '' || TWO_STEP_MESSAGES.codeRequired,
            })}
          />
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            disabled={isSubmitting}
            onClick={() => {
              reset();
              onCancel();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" isLoading={isSubmitting}>
            Confirm
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
