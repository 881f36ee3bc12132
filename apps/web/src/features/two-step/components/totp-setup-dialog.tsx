import type { TotpSetup } from '@staff-admin/shared';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { RecoveryCodesView } from './recovery-codes-view.js';
import { TotpSetupPanel } from './totp-setup-panel.js';

/**
 * "Set up authenticator app": scan and confirm, then (when they are new) the recovery codes.
 * Each step's heading takes focus as it is reached.
 */
export function TotpSetupDialog({
  setup,
  onClose,
  finalFocus,
}: {
  /** The pending secret; the dialog is open while there is one. */
  setup: TotpSetup | null;
  onClose: () => void;
  /** Where focus goes on closing: the button that opened it is gone once it is turned on. */
  finalFocus?: () => HTMLElement | null;
}) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  return (
    <Dialog
      open={setup !== null}
      onOpenChange={(open) => {
        // Once the codes show, they must be acknowledged ("I have saved them").
        if (!open && codes === null) close();
      }}
      title="Set up authenticator app"
      hideCloseButton={codes !== null}
      finalFocus={finalFocus}
    >
      <div className="mt-6">
        {codes ? (
          <RecoveryCodesView codes={codes} onDone={close} />
        ) : (
          setup && (
            <TotpSetupPanel
              setup={setup}
              onCancel={close}
              onConfirmed={(recoveryCodes) => {
                if (recoveryCodes.length > 0) setCodes(recoveryCodes);
                else close();
              }}
            />
          )
        )}
      </div>
    </Dialog>
  );
}

/** The new recovery codes made from the Security card, shown once. */
export function RecoveryCodesDialog({
  codes,
  onClose,
  finalFocus,
}: {
  codes: string[] | null;
  onClose: () => void;
  /** Where focus goes on closing: it opens from a confirmation that is gone by then. */
  finalFocus?: () => HTMLElement | null;
}) {
  return (
    <Dialog
      open={codes !== null}
      onOpenChange={() => undefined}
      title="New recovery codes"
      hideCloseButton
      finalFocus={finalFocus}
    >
      <div className="mt-6">
        {codes && <RecoveryCodesView codes={codes} onDone={onClose} focusHeading={false} />}
      </div>
    </Dialog>
  );
}
