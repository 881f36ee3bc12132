import type { ApiSuccess, ConfirmTotpInput, RecoveryCodes } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { profileQueryKey } from './keys.js';

/**
 * POST /users/profile/two-step/totp/confirm: a code from the app turns it on; the recovery
 * codes come back when they are new (empty when the user had some already).
 */
export async function confirmTotp(input: ConfirmTotpInput): Promise<RecoveryCodes> {
  const { data } = await api.post<ApiSuccess<RecoveryCodes>>(
    '/users/profile/two-step/totp/confirm',
    input,
  );
  return data.data;
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    // The profile (twoStepEnabled) and the Security card's status change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
