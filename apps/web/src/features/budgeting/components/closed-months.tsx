import { dateFieldSchema, RECORD_DATE_FORMAT, type ClosedMonth } from '@staff-admin/shared';
import clsx from 'clsx';
import { format, subMonths } from 'date-fns';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { DateField } from '../../../components/ui/date-field.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import {
  REMOVABLE_ROW_CLASS,
  REMOVABLE_ROWS_CAPTION_CLASS,
  removableRowProps,
  useRemovedRowFocus,
} from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { useAuthenticatedUser } from '../../../lib/auth.js';
import { toast } from '../../../lib/toast.js';
import { useCloseMonth, useClosedMonths, useReopenMonth } from '../api/closed-months.js';
import { personName } from '../utils/person-name.js';

/** "2026-10" as "October 2026". */
export const monthLabel = (month: string) => format(new Date(`${month}-01T00:00:00`), 'LLLL yyyy');

/**
 * Budgeting › Closed months: finance and admins close a month so that no cost dated in it changes;
 * only admins reopen one.
 */
export function ClosedMonths() {
  const user = useAuthenticatedUser();
  const closed = useClosedMonths();
  const close = useCloseMonth();
  const reopen = useReopenMonth();
  const [month, setMonth] = useState(() => format(subMonths(new Date(), 1), 'yyyy-MM'));
  const [error, setError] = useState<string>();
  const monthField = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState<'close' | ClosedMonth | null>(null);
  const { attach: tableRef, finalFocus: afterReopen } = useRemovedRowFocus();
  const isAdmin = user.position === 'admin';
  const columns = ['Month', 'Closed by', 'Closed at', ...(isAdmin ? ['Actions'] : [])];

  const askToClose = () => {
    const parsed = dateFieldSchema('month').safeParse(month);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      monthField.current?.focus();
      return;
    }
    setError(undefined);
    setConfirming('close');
  };

  const confirm = () => {
    if (confirming === 'close') {
      close.mutate(month, {
        onSuccess: () => toast.success(`${monthLabel(month)} is closed.`),
        onError: (failure) => toast.error(getErrorMessage(failure)),
        onSettled: () => setConfirming(null),
      });
    } else if (confirming) {
      reopen.mutate(confirming.month, {
        onSuccess: () => toast.success(`${monthLabel(confirming.month)} is open again.`),
        onError: (failure) => toast.error(getErrorMessage(failure)),
        onSettled: () => setConfirming(null),
      });
    }
  };

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <form
        noValidate
        className="flex flex-wrap items-end gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          askToClose();
        }}
      >
        <DateField
          ref={monthField}
          label="Month to close"
          granularity="month"
          value={month}
          onChange={setMonth}
          error={error}
          className="w-56"
        />
        <Button type="submit">Close month</Button>
      </form>
      <section aria-label="Closed months" className="rounded-2xl border border-slate-200 bg-white">
        {closed.isPending ? (
          <div className="px-4 py-12 text-center">
            <Spinner text="Loading closed months…" />
          </div>
        ) : closed.isError ? (
          <p role="alert" className="px-4 py-12 text-center">
            The closed months could not be loaded. {getErrorMessage(closed.error)}
          </p>
        ) : (
          <TableScroll label="Closed months table">
            <table
              ref={tableRef}
              className="w-full min-w-[560px] border-collapse text-left text-sm"
            >
              <caption className={REMOVABLE_ROWS_CAPTION_CLASS}>Closed months</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col" className="px-4 py-2 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {closed.data.length === 0 ? (
                  <tr>
                    <td colSpan={columns.length} className="px-4 py-12 text-center text-slate-700">
                      No month is closed yet.
                    </td>
                  </tr>
                ) : (
                  closed.data.map((row) => (
                    <tr
                      key={row.month}
                      {...removableRowProps(row.month)}
                      className={clsx(
                        'border-b border-slate-100 last:border-none',
                        REMOVABLE_ROW_CLASS,
                      )}
                    >
                      <td className="px-4 py-3 font-medium">{monthLabel(row.month)}</td>
                      <td className="px-4 py-3">{personName(row.closedBy)}</td>
                      <td className="px-4 py-3">
                        <DateTime value={row.closedAt} pattern={RECORD_DATE_FORMAT} />
                      </td>
                      {isAdmin && (
                        <td className="px-4 py-3">
                          <Button
                            size="small"
                            variant="secondary"
                            onClick={() => setConfirming(row)}
                          >
                            Reopen {monthLabel(row.month)}
                          </Button>
                        </td>
                      )}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'close' ? 'Close month' : 'Reopen month'}
        description={
          confirming === 'close'
            ? `Close ${monthLabel(month)}? No cost dated in it can be added, changed or deleted afterwards, and imports touching it are refused.`
            : confirming
              ? `Reopen ${monthLabel(confirming.month)}? Its costs can be changed again; this is recorded in the audit trail.`
              : ''
        }
        confirmLabel={confirming === 'close' ? 'Close month' : 'Reopen'}
        destructive={confirming !== 'close'}
        isLoading={close.isPending || reopen.isPending}
        onConfirm={confirm}
        // A reopened month's row (and its Reopen) is gone: focus goes to its neighbour.
        finalFocus={afterReopen}
      />
    </div>
  );
}
