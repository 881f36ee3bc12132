import type { ApiSuccess, ResendInvitationResult } from '@staff-admin/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/**
 * POST /users/resend: a new invitation email to a pending user; older links stop working. The
 * answer says whether the email goes out now.
 */
export async function resendInvitation(email: string): Promise<ResendInvitationResult> {
  const { data } = await api.post<ApiSuccess<ResendInvitationResult>>('/users/resend', {
    email,
  });
  return data.data;
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}
