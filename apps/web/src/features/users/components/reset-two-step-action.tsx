import { TWO_STEP_MESSAGES, type User } from '@staff-admin/shared';
import { useId, useState } from 'react';
import {
  isReauthenticationCancelled,
  useReauthenticated,
} from '../../../components/reauthenticate/use-reauthenticated.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useResetTwoStep } from '../api/reset-two-step.js';

/**
 * An admin's "Reset two-step sign-in" on another user's profile (issue 15): shown while the user
 * has it on; after a confirm their factors and recovery codes are removed and they are mailed.
 * Like the profile's own sensitive changes, it asks for the password again when the server wants
 * it, then resets.
 */
export function ResetTwoStepAction({ user }: { user: User }) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const reset = useResetTwoStep(user.id);
  const reauthenticated = useReauthenticated();
  const name = user.fullName || user.email;

  const confirm = async () => {
    try {
      await reauthenticated.run(() => reset.mutateAsync());
    } catch (error) {
      setConfirming(false);
      if (!isReauthenticationCancelled(error)) toast.error(getErrorMessage(error));
      return;
    }
    setConfirming(false);
    toast.success(TWO_STEP_MESSAGES.resetByAdmin);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold" tabIndex={-1}>
          Two-step sign-in
        </h2>
        <p className="text-sm text-slate-600">
          {user.twoStepEnabled
            ? 'On. If they lost their device and recovery codes, reset it so they can set it up again.'
            : 'Off.'}
          {user.twoStepRequired && ' Their role requires it.'}
        </p>
      </div>
      {user.twoStepEnabled && (
        <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
          Reset two-step sign-in
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset two-step sign-in"
        description={`${name}'s authenticator app, passkeys and recovery codes will be removed. They are told by email${user.twoStepRequired ? ' and must set it up again at their next sign-in' : ''}.`}
        confirmLabel="Reset"
        destructive
        isLoading={reset.isPending}
        onConfirm={() => void confirm()}
        // The button goes away with the factors: focus goes to the section's heading.
        finalFocus={() => document.getElementById(headingId)}
      />
      {reauthenticated.dialog}
    </section>
  );
}
