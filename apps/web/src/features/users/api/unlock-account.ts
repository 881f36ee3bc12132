import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { LOCKED_ACCOUNTS_KEY } from './get-locked-accounts.js';
import { USERS_LIST_KEY } from './get-users.js';

/** POST /monitoring/security/locked-accounts/unlock: the email may sign in again at once. */
async function unlockAccount(email: string): Promise<void> {
  await api.post('/monitoring/security/locked-accounts/unlock', { email });
}

/**
 * The locks are loaded again before the mutation settles (also after a 404: the lock ran out
 * meanwhile), so the row's Locked mark is gone by the time the confirmation closes.
 */
export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAccount,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: LOCKED_ACCOUNTS_KEY }),
        queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY }),
      ]),
  });
}
