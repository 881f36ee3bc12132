import type { ApiSuccess, User } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { userQueryKey } from './get-user.js';

/** DELETE /users/{id}/two-step: an admin removes a user's factors and recovery codes. */
export async function resetTwoStep(id: string): Promise<User> {
  const { data } = await api.delete<ApiSuccess<User>>(`/users/${encodeURIComponent(id)}/two-step`);
  return data.data;
}

export function useResetTwoStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetTwoStep(id),
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey(id), user);
      await queryClient.invalidateQueries({ queryKey: userQueryKey(id) });
    },
  });
}
