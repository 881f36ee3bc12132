import type { ApiSuccess, UpdateUserInput, User } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { userQueryKey } from './get-user.js';
import { USERS_LIST_KEY } from './get-users.js';

/** PATCH /users/{id}: an admin changes another user's record. */
export async function updateUser(id: string, input: UpdateUserInput): Promise<User> {
  const { data } = await api.patch<ApiSuccess<User>>(`/users/${encodeURIComponent(id)}`, input);
  return data.data;
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(id, input),
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey(id), user);
      await queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY });
    },
  });
}
