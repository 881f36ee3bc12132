import { RECORD_DATE_FORMAT, type LockedAccount } from '@staff-admin/shared';
import { LockOpenIcon } from 'lucide-react';
import clsx from 'clsx';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import { DateTime } from '../../../components/ui/date-time.js';
import {
  REMOVABLE_ROW_CLASS,
  REMOVABLE_ROWS_CAPTION_CLASS,
  removableRowProps,
  useRemovedRowFocus,
} from '../../../components/ui/use-removed-row-focus.js';
import { UnlockAccountDialog } from '../../../components/unlock-account/unlock-account-dialog.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { SECURITY_KEY, useLockedAccounts } from '../api/get-locked-accounts.js';

const SECTION_ID = 'locked-accounts';
const COLUMNS = ['Email', 'Account', 'Locked until', 'Lock', 'Actions'];

/**
 * Emails locked now by failed sign-ins, each with Unlock (after a confirmation). An unlocked
 * email's row goes: focus goes to the next locked email's Unlock, else the previous one's, else
 * the table's caption (the table stays, saying that nothing is locked).
 */
export function SecurityLockedAccounts() {
  const locked = useLockedAccounts();
  const [unlocking, setUnlocking] = useState<LockedAccount | null>(null);
  const { attach: tableRef, finalFocus: afterUnlock } = useRemovedRowFocus();
  const accounts = locked.data?.data ?? [];

  let body;
  if (locked.isPending) {
    body = (
      <div className="flex justify-center px-6 py-8">
        <Spinner text="Loading locked accounts…" />
      </div>
    );
  } else if (locked.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-4 px-6 py-8 text-center">
        <p className="text-slate-800">
          The locked accounts could not be loaded. {getErrorMessage(locked.error)}
        </p>
        <Button variant="secondary" onClick={() => void locked.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <TableScroll label="Locked accounts table">
        <table ref={tableRef} className="w-full min-w-[560px] border-collapse text-left">
          <caption className={REMOVABLE_ROWS_CAPTION_CLASS}>Accounts locked now</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-sm text-slate-700">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-3 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {accounts.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length} className="px-6 py-8 text-center text-slate-700">
                  No account is locked now.
                </td>
              </tr>
            )}
            {accounts.map((account) => (
              <tr
                key={account.email}
                {...removableRowProps(account.email)}
                className={clsx('border-b border-slate-100 last:border-0', REMOVABLE_ROW_CLASS)}
              >
                <td className="px-4 py-3 break-all text-slate-900">{account.email}</td>
                <td className="px-4 py-3 text-slate-700">
                  {account.user ? (account.user.fullName ?? 'No name yet') : 'No account'}
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <DateTime value={account.lockedUntil} pattern={RECORD_DATE_FORMAT} />
                </td>
                <td className="px-4 py-3 text-slate-700">{`#${account.lockouts}`}</td>
                <td className="px-4 py-3">
                  <Button
                    variant="secondary"
                    aria-label={`Unlock ${account.email}`}
                    onClick={() => setUnlocking(account)}
                  >
                    <LockOpenIcon />
                    Unlock
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );
  }

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
      {body}
      <UnlockAccountDialog
        open={unlocking !== null}
        onOpenChange={(open) => {
          if (!open) setUnlocking(null);
        }}
        email={unlocking?.email}
        // The screen (the locks and their counts) is loaded again after the unlock.
        invalidates={[SECURITY_KEY]}
        // The row (and its Unlock) goes with the lock: focus goes to its neighbour's.
        finalFocus={afterUnlock}
      />
    </section>
  );
}
