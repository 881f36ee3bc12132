import { SECURITY_MESSAGES } from '@staff-admin/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';
import { getErrorMessage } from '../../lib/api-error.js';
import { toast } from '../../lib/toast.js';
import { ConfirmDialog } from '../ui/dialog.js';
import { LOCKED_ACCOUNTS_KEY } from './locked-accounts.js';

/** POST /monitoring/security/locked-accounts/unlock: the email may sign in again at once. */
async function unlockAccount(email: string): Promise<void> {
  await api.post('/monitoring/security/locked-accounts/unlock', { email });
}

/**
 * The locks, and the queries in `invalidates`, are loaded again before the mutation settles (also
 * after a 404: the lock ran out meanwhile), so a lock's mark is gone on every screen that shows it
 * by the time the confirmation closes.
 */
function useUnlockAccount(invalidates: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAccount,
    onSettled: () =>
      Promise.all(
        [LOCKED_ACCOUNTS_KEY, ...invalidates].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

interface UnlockAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The locked email the dialog asks about (kept while the dialog closes). */
  email: string | null | undefined;
  /** The screen's other queries an unlock changes, loaded again with the locks. */
  invalidates: readonly QueryKey[];
  /** See Dialog: where focus goes when the Unlock button went with the lock. */
  finalFocus?: () => HTMLElement | null;
}

/**
 * "Unlock account": asks before an email locked by failed sign-ins may sign in again at once,
 * unlocks it, says so in a toast, and closes when the unlock has ended (either way).
 */
export function UnlockAccountDialog({
  open,
  onOpenChange,
  email,
  invalidates,
  finalFocus,
}: UnlockAccountDialogProps) {
  const unlock = useUnlockAccount(invalidates);

  const confirmUnlock = () => {
    if (!email || unlock.isPending) return;
    unlock.mutate(email, {
      onSuccess: () => toast.success(SECURITY_MESSAGES.unlocked(email)),
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => onOpenChange(false),
    });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Unlock account"
      description={
        email
          ? `${email} will be able to sign in again at once. The unlock is recorded in the audit trail.`
          : ''
      }
      confirmLabel="Unlock"
      cancelLabel="Keep locked"
      onConfirm={confirmUnlock}
      isLoading={unlock.isPending}
      finalFocus={finalFocus}
    />
  );
}
