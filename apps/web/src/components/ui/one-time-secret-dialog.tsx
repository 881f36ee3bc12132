import { CopyIcon } from 'lucide-react';
import { copyText } from '../../lib/copy-text.js';
import { Button } from './button.js';
import { Dialog } from './dialog.js';
import { Input } from './input.js';

interface OneTimeSecretDialogProps {
  /** The secret; the dialog is open while there is one. */
  secret: string | null;
  title: string;
  description: string;
  /** The read-only field's label, e.g. Secret of “CI”. */
  label: string;
  /** What is copied, for the button: Copy token, Copy secret. */
  copyLabel: string;
  /** The toast once it is copied. */
  copied: string;
  /** Closes the dialog; the secret is forgotten with it. */
  onClose: () => void;
  /**
   * Where focus goes on closing. The dialog opens from another that has closed (the form that
   * made the secret), so there is no opener to go back to: without it focus would fall to body.
   */
  finalFocus: () => HTMLElement | null;
}

/**
 * The one time a secret is shown: in a read-only field (focused on opening, so it is read with
 * what it is), with Copy. The secret lives only in the opener's state while this is open; the
 * server never shows it again.
 */
export function OneTimeSecretDialog({
  secret,
  title,
  description,
  label,
  copyLabel,
  copied,
  onClose,
  finalFocus,
}: OneTimeSecretDialogProps) {
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
      size="confirm"
      // Done closes it; without the × first, focus goes straight to the secret.
      hideCloseButton
      finalFocus={finalFocus}
    >
      <div className="mt-6 flex flex-col gap-5">
        <Input
          label={label}
          value={secret ?? ''}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => void copyText(secret ?? '', copied)}>
            <CopyIcon />
            {copyLabel}
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
