import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** POST /users/forgot-password on another user's behalf: they get a reset email. */
export async function sendPasswordReset(email: string): Promise<void> {
  await api.post('/users/forgot-password', { email });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
