import { normalizeEmail, type LockedAccount, type Paginated } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** The emails locked now, as the user list marks them; invalidate it after an unlock. */
export const LOCKED_ACCOUNTS_KEY = ['users', 'locked-accounts'] as const;

/** GET /monitoring/security/locked-accounts: every email locked now by failed sign-ins. */
async function getLockedAccounts({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await api.get<Paginated<LockedAccount>>('/monitoring/security/locked-accounts', {
    signal,
  });
  return data.data;
}

const lockedAccountsQueryOptions = () =>
  queryOptions({
    queryKey: LOCKED_ACCOUNTS_KEY,
    queryFn: ({ signal }) => getLockedAccounts({ signal }),
    select: (accounts) => new Set(accounts.map((account) => normalizeEmail(account.email))),
  });

/**
 * The locked emails (normalised). The list shows without them if they cannot be loaded: the
 * marks are a help, not the list's content.
 */
export function useLockedEmails(): ReadonlySet<string> {
  const locked = useQuery(lockedAccountsQueryOptions());
  return locked.data ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();
