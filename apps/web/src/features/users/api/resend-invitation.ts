import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** POST /users/resend: a new invitation email to a pending user; older links stop working. */
export async function resendInvitation(email: string): Promise<void> {
  await api.post('/users/resend', { email });
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}
