import type { LockedAccount, Paginated } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** Everything of the Security screen; invalidate it after an unlock. */
export const SECURITY_KEY = ['monitoring', 'security'] as const;

/** GET /monitoring/security/locked-accounts: every email locked now, on one page. */
async function getLockedAccounts({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await api.get<Paginated<LockedAccount>>('/monitoring/security/locked-accounts', {
    signal,
  });
  return data;
}

const getLockedAccountsQueryOptions = () =>
  queryOptions({
    queryKey: [...SECURITY_KEY, 'locked-accounts'] as const,
    queryFn: ({ signal }) => getLockedAccounts({ signal }),
  });

export function useLockedAccounts() {
  return useQuery(getLockedAccountsQueryOptions());
}
