import type { LockedAccount, Paginated } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';

/**
 * The emails locked now, one query for every screen that shows locks (the user list's marks,
 * Monitoring › Security's table): an unlock, a deletion, refreshes them all at once.
 */
export const LOCKED_ACCOUNTS_KEY = ['locked-accounts'] as const;

/** GET /monitoring/security/locked-accounts: every email locked now, on one page. */
async function getLockedAccounts({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await api.get<Paginated<LockedAccount>>('/monitoring/security/locked-accounts', {
    signal,
  });
  return data.data;
}

export const lockedAccountsQueryOptions = () =>
  queryOptions({
    queryKey: LOCKED_ACCOUNTS_KEY,
    queryFn: ({ signal }) => getLockedAccounts({ signal }),
  });

/** The locked accounts, or what a screen needs of them (`select`: keep it the same function). */
export function useLockedAccounts<T = LockedAccount[]>(select?: (accounts: LockedAccount[]) => T) {
  return useQuery({ ...lockedAccountsQueryOptions(), select });
}
