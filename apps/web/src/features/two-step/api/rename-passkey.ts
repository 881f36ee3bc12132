import type { ApiSuccess, Passkey, TwoStepStatus } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { twoStepStatusQueryKey } from './keys.js';

/** PATCH /users/profile/passkeys/{id}: a new name for a passkey. */
export async function renamePasskey({ id, name }: { id: string; name: string }) {
  const { data } = await api.patch<ApiSuccess<Passkey>>(
    `/users/profile/passkeys/${encodeURIComponent(id)}`,
    { name },
  );
  return data.data;
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: (renamed) => {
      queryClient.setQueryData<TwoStepStatus>(
        twoStepStatusQueryKey,
        (status) =>
          status && {
            ...status,
            passkeys: status.passkeys.map((passkey) =>
              passkey.id === renamed.id ? renamed : passkey,
            ),
          },
      );
    },
  });
}
