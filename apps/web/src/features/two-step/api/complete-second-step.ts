import type { ApiSuccess, SecondStepInput, TokenPair } from '@staff-admin/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { completeSignIn } from '../../../lib/auth.js';

/**
 * POST /auth/login/second-step: an authenticator or recovery code for the sign-in challenge;
 * the token pair it answers signs the user in as a password-only login does.
 */
export async function completeSecondStep(input: SecondStepInput) {
  const { data } = await api.post<ApiSuccess<TokenPair>>('/auth/login/second-step', input);
  return completeSignIn(data.data);
}

export function useCompleteSecondStep() {
  return useMutation({ mutationFn: completeSecondStep });
}
