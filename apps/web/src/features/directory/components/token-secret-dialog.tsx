import { DIRECTORY_MESSAGES, type IssuedScimToken } from '@staff-admin/shared';
import { CopyIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { copyText } from '../../../lib/copy-text.js';

/** A secret just issued: by a new token, or by a rotation of one. */
export interface ShownSecret {
  issued: IssuedScimToken;
  how: 'created' | 'rotated';
}

interface TokenSecretDialogProps {
  shown: ShownSecret | null;
  /** Closes the dialog; the secret is forgotten with it. */
  onClose: () => void;
  /** Where focus goes on closing: what opened the dialog before it (New token, Rotate). */
  finalFocus: () => HTMLElement | null;
}

/**
 * The one time a token's secret is shown: in a read-only field (focused on opening, so it is
 * read with what it is), with Copy. The secret lives only in the opener's state while this is
 * open; closing it forgets it, and the server keeps only a hash.
 */
export function TokenSecretDialog({ shown, onClose, finalFocus }: TokenSecretDialogProps) {
  const secret = shown?.issued.secret ?? '';
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={shown?.how === 'rotated' ? 'Token rotated' : 'Token created'}
      description={
        shown?.how === 'rotated' ? DIRECTORY_MESSAGES.tokenRotated : DIRECTORY_MESSAGES.tokenCreated
      }
      size="confirm"
      // Done closes it; without the × first, focus goes straight to the secret.
      hideCloseButton
      finalFocus={finalFocus}
    >
      <div className="mt-6 flex flex-col gap-5">
        <Input
          label={shown ? `Secret of “${shown.issued.token.name}”` : 'Secret'}
          value={secret}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() => void copyText(secret, 'The token has been copied.')}
          >
            <CopyIcon />
            Copy token
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
