import type { ApiSuccess, TokenCheck, TokenType } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export interface CheckTokenParams {
  token: string;
  jwtTokenType: TokenType;
}

/** GET /users/check-token: whether an emailed link's token is valid or expired, and whose. */
async function checkToken(
  params: CheckTokenParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TokenCheck> {
  const { data } = await api.get<ApiSuccess<TokenCheck>>('/users/check-token', {
    params,
    signal,
  });
  return data.data;
}

const checkTokenQueryOptions = (params: CheckTokenParams) =>
  queryOptions({
    queryKey: ['users', 'check-token', params.jwtTokenType, params.token] as const,
    queryFn: ({ signal }) => checkToken(params, { signal }),
    // A token changes state when it is used; never answer from a remembered check.
    gcTime: 0,
  });

/** Checks `token` when there is one; with none (null) nothing is sent (SPEC §7). */
export function useCheckToken(token: string | null, jwtTokenType: TokenType) {
  return useQuery({
    ...checkTokenQueryOptions({ token: token ?? '', jwtTokenType }),
    enabled: token !== null,
  });
}
