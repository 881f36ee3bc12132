import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { SECURITY_KEY } from './get-locked-accounts.js';

/** POST /monitoring/security/locked-accounts/unlock: the email may sign in again at once. */
async function unlockAccount(email: string): Promise<void> {
  await api.post('/monitoring/security/locked-accounts/unlock', { email });
}

/** The screen is loaded again afterwards, also after a 404 (the lock ran out meanwhile). */
export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SECURITY_KEY }),
  });
}
