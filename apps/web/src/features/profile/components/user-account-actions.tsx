import { TOAST_MESSAGES, type ResendInvitationResult, type User } from '@staff-admin/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useInvitationToast } from '../../../lib/use-invitation-toast.js';

const INACTIVE_RESET_REASON =
  'An inactive user cannot reset their password. Make them active first.';

/** What an admin can do to another user's account besides editing it; given by the route. */
export interface UserAccountActionHandlers {
  deleteUser: () => Promise<void>;
  /** Says whether the new invitation email goes out now. */
  resendInvitation: () => Promise<ResendInvitationResult>;
  sendPasswordReset: () => Promise<void>;
}

/**
 * Delete (after asking), then Resend invitation for a pending user or Reset Password for the
 * others; Reset Password is disabled for an inactive user and while its email is being sent.
 */
export function UserAccountActions({
  user,
  handlers,
}: {
  user: User;
  handlers: UserAccountActionHandlers;
}) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const reasonId = useId();
  const inactive = user.status === 'inactive';
  const onError = (error: unknown) => toast.error(getErrorMessage(error));
  const invitationToast = useInvitationToast();

  const deletion = useMutation({
    mutationFn: handlers.deleteUser,
    onSuccess: () => {
      setConfirmingDelete(false);
      toast.success(TOAST_MESSAGES.recordDeleted);
    },
    onError: (error) => {
      setConfirmingDelete(false);
      onError(error);
    },
  });
  const invitation = useMutation({
    mutationFn: handlers.resendInvitation,
    onSuccess: ({ mailDelivery }) => invitationToast(mailDelivery),
    onError,
  });
  const passwordReset = useMutation({
    mutationFn: handlers.sendPasswordReset,
    onSuccess: () => toast.success(TOAST_MESSAGES.resetEmailSent),
    onError,
  });

  return (
    <>
      <Button variant="secondary" className="mr-auto" onClick={() => setConfirmingDelete(true)}>
        Delete
      </Button>
      {user.status === 'pending' ? (
        <Button
          variant="secondary"
          isLoading={invitation.isPending}
          onClick={() => invitation.mutate()}
        >
          Resend invitation
        </Button>
      ) : (
        <>
          {inactive && (
            // The reason is on screen, not only in a tooltip, and read with the button.
            <p id={reasonId} className="order-first w-full text-right text-sm text-slate-600">
              {INACTIVE_RESET_REASON}
            </p>
          )}
          <Button
            variant="secondary"
            disabled={inactive}
            isLoading={passwordReset.isPending}
            aria-describedby={inactive ? reasonId : undefined}
            onClick={() => passwordReset.mutate()}
          >
            Reset Password
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete record"
        description={`Are you sure you want to delete ${user.fullName || user.email}?`}
        confirmLabel="Delete"
        onConfirm={() => deletion.mutate()}
        isLoading={deletion.isPending}
        destructive
      />
    </>
  );
}
