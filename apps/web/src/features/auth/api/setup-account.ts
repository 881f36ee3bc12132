import type { ApiSuccess, SetupAccountInput, User } from '@staff-admin/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** PATCH /users/setup: the invited user chooses a password and becomes active. */
export async function setupAccount(input: SetupAccountInput): Promise<User> {
  const { data } = await api.patch<ApiSuccess<User>>('/users/setup', input);
  return data.data;
}

export function useSetupAccount() {
  return useMutation({ mutationFn: setupAccount });
}
