import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { USERS_LIST_KEY } from './get-users.js';

/** DELETE /users/{id}: an admin removes another user. */
export async function deleteUser(id: string): Promise<void> {
  await api.delete(`/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUser(id),
    // The record's own query is dropped by the page once it has left it (a query still in use
    // would fetch the deleted user again).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY }),
  });
}
