import type { ApiSuccess, IssuedScimToken } from '@staff-admin/shared';
import { api } from '../../../lib/api-client.js';
import { scimTokenPath, useScimTokenMutation } from './get-scim-tokens.js';

/**
 * POST /directory/tokens/{id}/rotate: a new secret, shown once; the old one stops working at
 * once. Needs a recent confirmation of the password, as creating one does.
 */
async function rotateScimToken(id: string): Promise<IssuedScimToken> {
  const { data } = await api.post<ApiSuccess<IssuedScimToken>>(`${scimTokenPath(id)}/rotate`);
  return data.data;
}

export const useRotateScimToken = () => useScimTokenMutation(rotateScimToken);
