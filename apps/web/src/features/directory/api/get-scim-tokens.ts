import type { ApiSuccess, ScimToken } from '@staff-admin/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** Every cached answer about the directory's tokens; invalidated after each change. */
export const SCIM_TOKENS_KEY = ['directory', 'tokens'] as const;

/** GET /directory/tokens: the live tokens, newest first (never their secrets). */
async function getScimTokens({ signal }: { signal?: AbortSignal } = {}): Promise<ScimToken[]> {
  const { data } = await api.get<ApiSuccess<ScimToken[]>>('/directory/tokens', { signal });
  return data.data;
}

const scimTokensQueryOptions = () =>
  queryOptions({
    queryKey: SCIM_TOKENS_KEY,
    queryFn: ({ signal }) => getScimTokens({ signal }),
  });

export function useScimTokens() {
  return useQuery(scimTokensQueryOptions());
}

/** A token's path in the API. */
export const scimTokenPath = (id: string) => `/directory/tokens/${encodeURIComponent(id)}`;

/**
 * A change to the tokens: the list is loaded again afterwards, also after a refusal. Its answer
 * (a secret, for a new or rotated token) is not kept in the mutation cache once nothing shows it.
 */
export function useScimTokenMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCIM_TOKENS_KEY }),
  });
}
