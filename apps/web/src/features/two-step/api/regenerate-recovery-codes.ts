import type { ApiSuccess, RecoveryCodes } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { twoStepStatusQueryKey } from './keys.js';

/** POST /users/profile/two-step/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(): Promise<RecoveryCodes> {
  const { data } = await api.post<ApiSuccess<RecoveryCodes>>(
    '/users/profile/two-step/recovery-codes',
  );
  return data.data;
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepStatusQueryKey }),
  });
}
