import type { RegistrationResponseJSON } from '@simplewebauthn/browser';
import { TWO_STEP_MESSAGES } from '@staff-admin/shared';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { toast } from '../../../lib/toast.js';
import { useSavePasskey } from '../api/add-passkey.js';
import { PasskeyNameForm } from './passkey-name-form.js';
import { RecoveryCodesView } from './recovery-codes-view.js';

/**
 * The second half of "Add passkey": the device made the credential; the user names it, it is
 * saved, and a first factor's recovery codes are shown once.
 */
export function AddPasskeyDialog({
  response,
  onClose,
  onDone,
  finalFocus,
}: {
  /** The device's new credential; the dialog is open while there is one. */
  response: RegistrationResponseJSON | null;
  onClose: () => void;
  /** After the recovery codes (if any) were acknowledged, or at once without codes. */
  onDone?: () => void;
  /** Where focus goes on closing when the button that opened it is gone. */
  finalFocus?: () => HTMLElement | null;
}) {
  const save = useSavePasskey();
  const [codes, setCodes] = useState<string[] | null>(null);
  const finish = () => {
    setCodes(null);
    onClose();
    onDone?.();
  };
  return (
    <Dialog
      open={response !== null}
      onOpenChange={(open) => {
        if (!open && codes === null) onClose();
      }}
      // The whole flow's name, as the button that opened it says: naming is only its first step,
      // the recovery codes (their own heading) its second.
      title="Add passkey"
      hideCloseButton={codes !== null}
      finalFocus={finalFocus}
    >
      <div className="mt-6">
        {codes ? (
          <RecoveryCodesView codes={codes} onDone={finish} />
        ) : (
          response && (
            <PasskeyNameForm
              submitLabel="Save passkey"
              onCancel={onClose}
              onSubmit={async (name) => {
                const saved = await save.mutateAsync({ name, response });
                toast.success(TWO_STEP_MESSAGES.passkeyAdded);
                if (saved.recoveryCodes.length > 0) setCodes(saved.recoveryCodes);
                else finish();
              }}
            />
          )
        )}
      </div>
    </Dialog>
  );
}
