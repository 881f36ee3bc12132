import type { ApiSuccess, Passkey } from '@staff-admin/shared';
import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { profileQueryKey } from './keys.js';

/**
 * The first half of adding a passkey: POST /users/profile/passkeys/options, then the device
 * makes the credential (its own prompt). The user names it before it is saved.
 */
export async function createPasskeyCredential(): Promise<RegistrationResponseJSON> {
  const { data } = await api.post<ApiSuccess<PublicKeyCredentialCreationOptionsJSON>>(
    '/users/profile/passkeys/options',
  );
  return await startRegistration({ optionsJSON: data.data });
}

export function useCreatePasskeyCredential() {
  return useMutation({ mutationFn: createPasskeyCredential });
}

export interface SavePasskeyInput {
  name: string;
  response: RegistrationResponseJSON;
}

/** POST /users/profile/passkeys: the named credential; recovery codes come with a first factor. */
export async function savePasskey(input: SavePasskeyInput) {
  const { data } = await api.post<ApiSuccess<{ passkey: Passkey; recoveryCodes: string[] }>>(
    '/users/profile/passkeys',
    input,
  );
  return data.data;
}

export function useSavePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
