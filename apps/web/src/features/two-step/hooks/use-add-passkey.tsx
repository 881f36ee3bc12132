import { TWO_STEP_MESSAGES } from '@staff-admin/shared';
import { browserSupportsWebAuthn, type RegistrationResponseJSON } from '@simplewebauthn/browser';
import { useState, type ReactNode } from 'react';
import { isReauthenticationCancelled } from '../../../components/reauthenticate/use-reauthenticated.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useCreatePasskeyCredential } from '../api/add-passkey.js';
import { AddPasskeyDialog } from '../components/add-passkey-dialog.js';
import { isServerError } from '../utils/is-server-error.js';

type Run = <T>(call: () => Promise<T>) => Promise<T>;

/**
 * "Add passkey": the options (after a password confirmation when the server asks for one), the
 * device's prompt, then the naming dialog. `start` begins it; render `dialog`.
 */
export function useAddPasskey({
  run,
  onDone,
  finalFocus,
}: {
  run: Run;
  onDone?: () => void;
  /** Where focus goes when the naming dialog closes and the button that opened it is gone. */
  finalFocus?: () => HTMLElement | null;
}): {
  start: () => Promise<void>;
  isStarting: boolean;
  dialog: ReactNode;
} {
  const create = useCreatePasskeyCredential();
  const [response, setResponse] = useState<RegistrationResponseJSON | null>(null);

  const start = async () => {
    if (!browserSupportsWebAuthn()) {
      toast.error(TWO_STEP_MESSAGES.passkeyUnsupported);
      return;
    }
    try {
      setResponse(await run(() => create.mutateAsync()));
    } catch (error) {
      if (isReauthenticationCancelled(error)) return;
      // Not the server: the device's prompt was cancelled, timed out or is not available.
      toast.error(
        isServerError(error) ? getErrorMessage(error) : TWO_STEP_MESSAGES.passkeyCancelled,
      );
    }
  };

  return {
    start,
    isStarting: create.isPending,
    dialog: (
      <AddPasskeyDialog
        response={response}
        onClose={() => setResponse(null)}
        onDone={onDone}
        finalFocus={finalFocus}
      />
    ),
  };
}
