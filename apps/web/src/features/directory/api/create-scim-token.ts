import type { ApiSuccess, CreateScimTokenInput, IssuedScimToken } from '@staff-admin/shared';
import { api } from '../../../lib/api-client.js';
import { useScimTokenMutation } from './get-scim-tokens.js';

/**
 * POST /directory/tokens: a new token and its secret, which is shown once. The server asks for
 * the password again (403 `reauthentication_required`) when it was not entered recently.
 */
async function createScimToken(input: CreateScimTokenInput): Promise<IssuedScimToken> {
  const { data } = await api.post<ApiSuccess<IssuedScimToken>>('/directory/tokens', input);
  return data.data;
}

export const useCreateScimToken = () => useScimTokenMutation(createScimToken);
