import type { ApiSuccess, TotpSetup } from '@staff-admin/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** POST /users/profile/two-step/totp: a new pending secret, its QR code and its key. */
export async function startTotpSetup(): Promise<TotpSetup> {
  const { data } = await api.post<ApiSuccess<TotpSetup>>('/users/profile/two-step/totp');
  return data.data;
}

export function useStartTotpSetup() {
  return useMutation({ mutationFn: startTotpSetup });
}
