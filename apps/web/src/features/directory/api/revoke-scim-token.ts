import { api } from '../../../lib/api-client.js';
import { scimTokenPath, useScimTokenMutation } from './get-scim-tokens.js';

/** DELETE /directory/tokens/{id}: the token stops working at once (204). */
async function revokeScimToken(id: string): Promise<void> {
  await api.delete(scimTokenPath(id));
}

export const useRevokeScimToken = () => useScimTokenMutation(revokeScimToken);
