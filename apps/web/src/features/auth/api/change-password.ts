import type { ChangePasswordInput } from '@staff-admin/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** PATCH /users/change-password: the signed-in user's own password, the current one needed. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.patch('/users/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
