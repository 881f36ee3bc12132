import type { ApiSuccess, TwoStepStatus } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { profileQueryKey, twoStepStatusQueryKey } from './keys.js';

/** DELETE /users/profile/two-step/totp: the authenticator app no longer signs in. */
export async function turnOffTotp(): Promise<TwoStepStatus> {
  const { data } = await api.delete<ApiSuccess<TwoStepStatus>>('/users/profile/two-step/totp');
  return data.data;
}

export function useTurnOffTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffTotp,
    onSuccess: async (status) => {
      queryClient.setQueryData(twoStepStatusQueryKey, status);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
