import { DIRECTORY_MESSAGES, type IssuedScimToken } from '@staff-admin/shared';
import { OneTimeSecretDialog } from '../../../components/ui/one-time-secret-dialog.js';

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

/** The one time a token's secret is shown; the server keeps only a hash. */
export function TokenSecretDialog({ shown, onClose, finalFocus }: TokenSecretDialogProps) {
  const rotated = shown?.how === 'rotated';
  return (
    <OneTimeSecretDialog
      secret={shown?.issued.secret ?? null}
      title={rotated ? 'Token rotated' : 'Token created'}
      description={rotated ? DIRECTORY_MESSAGES.tokenRotated : DIRECTORY_MESSAGES.tokenCreated}
      label={shown ? `Secret of “${shown.issued.token.name}”` : 'Secret'}
      copyLabel="Copy token"
      copied="The token has been copied."
      onClose={onClose}
      finalFocus={finalFocus}
    />
  );
}
