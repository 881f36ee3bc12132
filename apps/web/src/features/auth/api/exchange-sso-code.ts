import { queryOptions, useQuery } from '@tanstack/react-query';
import { exchangeSsoCode } from '../../../lib/auth.js';

/**
 * POST /auth/oidc/exchange, once per code: the code is single-use, so the answer is kept for the
 * page's life (a remount, as React's strict mode does, must not spend it twice) and never retried.
 */
const exchangeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['auth', 'oidc', 'exchange', code] as const,
    queryFn: () => exchangeSsoCode(code),
    staleTime: Infinity,
    retry: false,
  });

/** The sign-in the server's callback prepared under `code`; disabled without one. */
export function useSsoExchange(code: string | null) {
  return useQuery({ ...exchangeQueryOptions(code ?? ''), enabled: code !== null });
}
