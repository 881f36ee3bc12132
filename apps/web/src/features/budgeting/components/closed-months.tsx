import {
  dateFieldSchema,
  mayChangeClosedMonth,
  RECORD_DATE_FORMAT,
  type ClosedMonth,
} from '@staff-admin/shared';
import { format, subMonths } from 'date-fns';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { DateField } from '../../../components/ui/date-field.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { useAuthenticatedUser } from '../../../lib/auth.js';
import { toast } from '../../../lib/toast.js';
import { useCloseMonth, useClosedMonths, useReopenMonth } from '../api/closed-months.js';
import { monthLabel } from '../utils/month-label.js';
import { personName } from '../utils/person-name.js';

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
  const rowFocus = useRemovedRowFocus();
  const mayReopen = mayChangeClosedMonth(user.position, 'reopen');
  const columns: Column<ClosedMonth>[] = [
    {
      header: 'Month',
      cell: (row) => monthLabel(row.month),
      className: 'font-medium text-slate-900',
    },
    { header: 'Closed by', cell: (row) => personName(row.closedBy) },
    {
      header: 'Closed at',
      cell: (row) => <DateTime value={row.closedAt} pattern={RECORD_DATE_FORMAT} />,
    },
    ...(mayReopen
      ? [
          {
            header: 'Actions',
            cell: (row: ClosedMonth) => (
              <Button size="small" variant="secondary" onClick={() => setConfirming(row)}>
                Reopen {monthLabel(row.month)}
              </Button>
            ),
          },
        ]
      : []),
  ];

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
        {closed.isError ? (
          <LoadError
            what="The closed months could not be loaded."
            error={closed.error}
            onRetry={closed.refetch}
          />
        ) : (
          <DataTable
            caption="Closed months"
            columns={columns}
            rows={closed.data ?? []}
            rowKey={(row) => row.month}
            minWidth="min-w-[560px]"
            loading={closed.isPending && 'Loading closed months…'}
            empty="No month is closed yet."
            rowFocus={rowFocus}
          />
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
        finalFocus={rowFocus.finalFocus}
      />
    </div>
  );
}
