import { ALERT_CHANNEL_MESSAGES, type CreatedAlertChannel } from '@staff-admin/shared';
import { CopyIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { copyText } from '../../../lib/copy-text.js';

/**
 * The one time a webhook's signing secret is shown, with Copy. It lives only in the opener's state
 * while this is open; the server never shows it again.
 */
export function AlertChannelSecretDialog({
  created,
  onClose,
}: {
  created: CreatedAlertChannel | null;
  onClose: () => void;
}) {
  const secret = created?.secret ?? '';
  return (
    <Dialog
      open={created !== null && Boolean(created.secret)}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Webhook signing secret"
      description={ALERT_CHANNEL_MESSAGES.secretOnce}
      size="confirm"
      hideCloseButton
    >
      <div className="mt-6 flex flex-col gap-5">
        <Input
          label={created ? `Signing secret of “${created.name}”` : 'Signing secret'}
          value={secret}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() => void copyText(secret, 'The signing secret has been copied.')}
          >
            <CopyIcon />
            Copy secret
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
