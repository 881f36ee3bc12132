import { normalizeEmail, type LockedAccount } from '@staff-admin/shared';
import { useLockedAccounts } from '../../../components/unlock-account/locked-accounts.js';

const toEmails = (accounts: LockedAccount[]): ReadonlySet<string> =>
  new Set(accounts.map((account) => normalizeEmail(account.email)));

/**
 * The locked emails (normalised), as the user list marks them. The list shows without them if
 * they cannot be loaded: the marks are a help, not the list's content.
 */
export function useLockedEmails(): ReadonlySet<string> {
  return useLockedAccounts(toEmails).data ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();
