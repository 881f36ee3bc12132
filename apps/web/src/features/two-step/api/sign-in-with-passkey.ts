import type { ApiSuccess, TokenPair } from '@staff-admin/shared';
import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { completeSignIn } from '../../../lib/auth.js';

/**
 * The second step with a passkey: POST /auth/login/passkey-options, the device's own prompt
 * (fingerprint, PIN), then POST /auth/login/passkey; its token pair signs the user in.
 */
export async function signInWithPasskey(challengeToken: string) {
  const { data: options } = await api.post<ApiSuccess<PublicKeyCredentialRequestOptionsJSON>>(
    '/auth/login/passkey-options',
    { challenge_token: challengeToken },
  );
  const response = await startAuthentication({ optionsJSON: options.data });
  const { data } = await api.post<ApiSuccess<TokenPair>>('/auth/login/passkey', {
    challenge_token: challengeToken,
    response,
  });
  return completeSignIn(data.data);
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey });
}
