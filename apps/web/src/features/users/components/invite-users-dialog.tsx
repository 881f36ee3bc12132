import type { BulkCreateResult } from '@staff-admin/shared';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { InviteSummary } from './invite-summary.js';
import { InviteUsersForm } from './invite-users-form.js';

interface InviteUsersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invites several people at once, then says who was invited and who was skipped and why. */
export function InviteUsersDialog({ open, onOpenChange }: InviteUsersDialogProps) {
  const [result, setResult] = useState<BulkCreateResult | null>(null);
  const changeOpen = (next: boolean) => {
    if (!next) setResult(null);
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title="Invite users"
      description={
        result
          ? 'The invitations have been processed.'
          : 'Each person gets an email with a link to set up their account.'
      }
    >
      {result ? (
        <InviteSummary
          result={result}
          onDone={() => changeOpen(false)}
          onInviteMore={() => setResult(null)}
        />
      ) : (
        <InviteUsersForm onInvited={setResult} onCancel={() => changeOpen(false)} />
      )}
    </Dialog>
  );
}
