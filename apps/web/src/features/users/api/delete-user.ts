import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { userQueryKey } from './get-user.js';
import { USERS_LIST_KEY } from './get-users.js';

/** DELETE /users/{id}: an admin removes another user. */
export async function deleteUser(id: string): Promise<void> {
  await api.delete(`/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUser(id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: userQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY });
    },
  });
}
