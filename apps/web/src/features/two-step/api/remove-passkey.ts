import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { profileQueryKey } from './keys.js';

/** DELETE /users/profile/passkeys/{id}: the passkey no longer signs in. */
export async function removePasskey(id: string): Promise<void> {
  await api.delete(`/users/profile/passkeys/${encodeURIComponent(id)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    // The last factor gone turns two-step sign-in off: the profile changes too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
