import {
  EMPTY_VALUE,
  MAIL_CANCELLABLE_STATES,
  MAIL_KIND_LABELS,
  MAIL_RETRYABLE_STATES,
  RECORD_DATE_FORMAT,
  type MailSortColumn,
  type OutboxMail,
  type SortDirection,
} from '@staff-admin/shared';
import clsx from 'clsx';
import type { ReactNode, RefCallback } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { SortableHeader } from '../../../components/ui/sortable-header.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import {
  REMOVABLE_ROW_CLASS,
  REMOVABLE_ROWS_CAPTION_CLASS,
  removableRowProps,
} from '../../../components/ui/use-removed-row-focus.js';
import { MailStateBadge } from './mail-state-badge.js';

const COLUMNS: { id: string; label: string; sort?: MailSortColumn }[] = [
  { id: 'kind', label: 'Kind' },
  { id: 'recipient', label: 'Recipient' },
  { id: 'state', label: 'State' },
  { id: 'createdAt', label: 'Created', sort: 'createdAt' },
  { id: 'attempts', label: 'Attempts', sort: 'attempts' },
  { id: 'lastError', label: 'Last SMTP reply' },
  { id: 'actions', label: 'Actions' },
];

interface MailTableProps {
  mails: OutboxMail[];
  sortBy: MailSortColumn;
  sortDirection: SortDirection;
  onSort: (column: MailSortColumn) => void;
  onRetry: (mail: OutboxMail) => void;
  onCancel: (mail: OutboxMail) => void;
  /** The mail whose retry is under way (its button shows busy). */
  retrying: string | null;
  isLoading: boolean;
  isFetching: boolean;
  empty: ReactNode;
  /** RemovedRowFocus's `attach`: a mail that leaves the filtered list hands focus on. */
  tableRef: RefCallback<HTMLTableElement>;
}

const at = (value: string) => <DateTime value={value} pattern={RECORD_DATE_FORMAT} />;

/** What the state badge does not say: when a waiting mail is tried next, when one went out. */
function stateDetail(mail: OutboxMail): ReactNode {
  if (mail.state === 'retrying' && mail.nextAttemptAt) {
    return (
      <>
        Attempt {mail.attempts} failed; next try {at(mail.nextAttemptAt)}
      </>
    );
  }
  if (mail.state === 'sent' && mail.sentAt) return at(mail.sentAt);
  if (mail.state === 'failed' && mail.failedAt) return <>Given up {at(mail.failedAt)}</>;
  return null;
}

/** The outbox as a table: headers sort it, each row offers the actions its state allows. */
export function MailTable({
  mails,
  sortBy,
  sortDirection,
  onSort,
  onRetry,
  onCancel,
  retrying,
  isLoading,
  isFetching,
  empty,
  tableRef,
}: MailTableProps) {
  return (
    <TableScroll label="Mail outbox table">
      <table
        ref={tableRef}
        className="w-full min-w-[900px] border-collapse text-left"
        aria-busy={isFetching}
      >
        <caption className={REMOVABLE_ROWS_CAPTION_CLASS}>Mail outbox</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-sm text-slate-700">
          <tr>
            {COLUMNS.map((column) => (
              <SortableHeader
                key={column.id}
                label={column.label}
                sort={column.sort}
                sortBy={sortBy}
                sortDirection={sortDirection}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody className={clsx('text-sm', isFetching && !isLoading && 'opacity-60')}>
          {isLoading ? (
            <tr>
              <td colSpan={COLUMNS.length} className="px-4 py-12 text-center">
                <Spinner text="Loading mail…" />
              </td>
            </tr>
          ) : mails.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="px-4 py-12 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            mails.map((mail) => {
              const detail = stateDetail(mail);
              // Both actions stay on every row, unavailable ones disabled but focusable, so a
              // retried mail's button does not vanish under the focus (docs/accessibility.md
              // rule 4); the state, which says why, describes them.
              const stateId = `mail-state-${mail.id}`;
              // The button's name says which mail, and starts with its visible text (WCAG 2.5.3).
              const about = `the ${MAIL_KIND_LABELS[mail.kind].toLowerCase()} to ${mail.recipient}`;
              return (
                <tr
                  key={mail.id}
                  {...removableRowProps(mail.id)}
                  className={clsx(
                    'border-b border-slate-100 last:border-none',
                    REMOVABLE_ROW_CLASS,
                  )}
                >
                  <td className="px-4 py-3 font-medium text-slate-900">
                    {MAIL_KIND_LABELS[mail.kind]}
                  </td>
                  <td className="px-4 py-3 break-all text-slate-700">{mail.recipient}</td>
                  <td id={stateId} className="px-4 py-3">
                    <MailStateBadge state={mail.state} />
                    {detail && <p className="mt-1 text-xs text-slate-700">{detail}</p>}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {at(mail.createdAt)}
                  </td>
                  <td className="px-4 py-3 text-slate-700 tabular-nums">{mail.attempts}</td>
                  <td className="max-w-xs px-4 py-3 break-words text-slate-700">
                    {mail.lastError ?? EMPTY_VALUE}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex gap-2">
                      <Button
                        size="small"
                        variant="secondary"
                        disabled={!MAIL_RETRYABLE_STATES.includes(mail.state)}
                        isLoading={retrying === mail.id}
                        aria-label={`Retry ${about}`}
                        aria-describedby={stateId}
                        onClick={() => onRetry(mail)}
                      >
                        Retry
                      </Button>
                      <Button
                        size="small"
                        variant="secondary"
                        disabled={!MAIL_CANCELLABLE_STATES.includes(mail.state)}
                        aria-label={`Cancel ${about}`}
                        aria-describedby={stateId}
                        onClick={() => onCancel(mail)}
                      >
                        Cancel
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
