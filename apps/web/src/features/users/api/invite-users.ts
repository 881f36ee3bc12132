import type { ApiSuccess, BulkCreateInput, BulkCreateResult } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { USERS_LIST_KEY } from './get-users.js';

/** POST /users/bulk-create: invites several users at once; each gets an invitation email. */
export async function inviteUsers(input: BulkCreateInput): Promise<BulkCreateResult> {
  const { data } = await api.post<ApiSuccess<BulkCreateResult>>('/users/bulk-create', input);
  return data.data;
}

export function useInviteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY }),
  });
}
