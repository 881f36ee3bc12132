import { RECORD_DATE_FORMAT, type LockedAccount } from '@staff-admin/shared';
import { LockOpenIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { UnlockAccountDialog } from '../../../components/unlock-account/unlock-account-dialog.js';
import { useLockedAccounts } from '../../../components/unlock-account/locked-accounts.js';
import { SECURITY_KEY } from '../api/get-security-summary.js';

const SECTION_ID = 'locked-accounts';

/**
 * Emails locked now by failed sign-ins, each with Unlock (after a confirmation). An unlocked
 * email's row goes: focus goes to the next locked email's Unlock, else the previous one's, else
 * the table's caption (the table stays, saying that nothing is locked).
 */
export function SecurityLockedAccounts() {
  const locked = useLockedAccounts();
  const [unlocking, setUnlocking] = useState<LockedAccount | null>(null);
  const rowFocus = useRemovedRowFocus();
  const columns: Column<LockedAccount>[] = [
    { header: 'Email', cell: (account) => account.email, className: 'break-all text-slate-900' },
    {
      header: 'Account',
      cell: ({ user }) => (user ? (user.fullName ?? 'No name yet') : 'No account'),
    },
    {
      header: 'Locked until',
      cell: (account) => <DateTime value={account.lockedUntil} pattern={RECORD_DATE_FORMAT} />,
    },
    { header: 'Lock', cell: (account) => `#${account.lockouts}` },
    {
      header: 'Actions',
      cell: (account) => (
        <Button
          variant="secondary"
          aria-label={`Unlock ${account.email}`}
          onClick={() => setUnlocking(account)}
        >
          <LockOpenIcon />
          Unlock
        </Button>
      ),
    },
  ];

  return (
    <section
      id={SECTION_ID}
      aria-labelledby={`${SECTION_ID}-title`}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
    >
      <h2 id={`${SECTION_ID}-title`} className="px-4 pt-4 text-lg font-semibold text-slate-900">
        Accounts locked now
      </h2>
      <p className="px-4 pb-2 text-sm text-slate-700">
        Too many wrong passwords lock an email for a while. Unlock lets it sign in again at once.
      </p>
      {locked.isError ? (
        <LoadError
          what="The locked accounts could not be loaded."
          error={locked.error}
          onRetry={locked.refetch}
        />
      ) : (
        <DataTable
          caption="Accounts locked now"
          columns={columns}
          rows={locked.data ?? []}
          rowKey={(account) => account.email}
          minWidth="min-w-[560px]"
          loading={locked.isPending && 'Loading locked accounts…'}
          empty="No account is locked now."
          rowFocus={rowFocus}
        />
      )}
      <UnlockAccountDialog
        open={unlocking !== null}
        onOpenChange={(open) => {
          if (!open) setUnlocking(null);
        }}
        email={unlocking?.email}
        // The locks are loaded again after the unlock, and the screen's figures with them.
        invalidates={[SECURITY_KEY]}
        // The row (and its Unlock) goes with the lock: focus goes to its neighbour's.
        finalFocus={rowFocus.finalFocus}
      />
    </section>
  );
}
