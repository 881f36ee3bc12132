import type { ResetPasswordInput } from '@staff-admin/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** PATCH /users/reset-password: a new password with the token of a reset email. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.patch('/users/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
