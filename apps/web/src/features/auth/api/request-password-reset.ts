import type { ForgotPasswordInput } from '@staff-admin/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** POST /users/forgot-password: asks for a reset email; answers 200 for any address. */
async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  await api.post('/users/forgot-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
