import {
  EMPTY_VALUE,
  MAIL_CANCELLABLE_STATES,
  MAIL_KIND_LABELS,
  MAIL_RETRYABLE_STATES,
  RECORD_DATE_FORMAT,
  type MailSortColumn,
  type OutboxMail,
} from '@staff-admin/shared';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { listTableProps, type ListTableState } from '../../../components/ui/list-table-state.js';
import { MailStateBadge } from './mail-state-badge.js';

interface MailTableProps {
  mails: OutboxMail[];
  /** Its `empty` is said under "No mail found"; a mail that leaves the filtered list hands focus on. */
  state: ListTableState<MailSortColumn>;
  onRetry: (mail: OutboxMail) => void;
  onCancel: (mail: OutboxMail) => void;
  /** The mail whose retry is under way (its button shows busy). */
  retrying: string | null;
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

/** The state cell's id: the row's buttons are described by it. */
const stateId = (mail: OutboxMail) => `mail-state-${mail.id}`;

/** The outbox as a table: headers sort it, each row offers the actions its state allows. */
export function MailTable({ mails, state, onRetry, onCancel, retrying }: MailTableProps) {
  const columns: Column<OutboxMail, MailSortColumn>[] = [
    {
      header: 'Kind',
      cell: (mail) => MAIL_KIND_LABELS[mail.kind],
      className: 'font-medium text-slate-900',
    },
    { header: 'Recipient', cell: (mail) => mail.recipient, className: 'break-all' },
    {
      header: 'State',
      cell: (mail) => {
        const detail = stateDetail(mail);
        return (
          <div id={stateId(mail)}>
            <MailStateBadge state={mail.state} />
            {detail && <p className="mt-1 text-xs text-slate-700">{detail}</p>}
          </div>
        );
      },
    },
    {
      header: 'Created',
      sort: 'createdAt',
      cell: (mail) => at(mail.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Attempts',
      sort: 'attempts',
      cell: (mail) => mail.attempts,
      className: 'tabular-nums',
    },
    {
      header: 'Last SMTP reply',
      cell: (mail) => mail.lastError ?? EMPTY_VALUE,
      className: 'max-w-xs break-words',
    },
    {
      header: 'Actions',
      cell: (mail) => <MailActions mail={mail} {...{ onRetry, onCancel, retrying }} />,
    },
  ];
  return (
    <DataTable
      caption="Mail outbox"
      columns={columns}
      rows={mails}
      minWidth="min-w-[900px]"
      {...listTableProps(state, 'Loading mail…')}
      emptyTitle="No mail found"
    />
  );
}

/**
 * Retry and Cancel. Both stay on every row, unavailable ones disabled but focusable, so a retried
 * mail's button does not vanish under the focus (docs/accessibility.md rule 4); the state, which
 * says why, describes them.
 */
function MailActions({
  mail,
  onRetry,
  onCancel,
  retrying,
}: { mail: OutboxMail } & Pick<MailTableProps, 'onRetry' | 'onCancel' | 'retrying'>) {
  // The button's name says which mail, and starts with its visible text (WCAG 2.5.3).
  const about = `the ${MAIL_KIND_LABELS[mail.kind].toLowerCase()} to ${mail.recipient}`;
  return (
    <div className="flex gap-2">
      <Button
        size="small"
        variant="secondary"
        disabled={!MAIL_RETRYABLE_STATES.includes(mail.state)}
        isLoading={retrying === mail.id}
        aria-label={`Retry ${about}`}
        aria-describedby={stateId(mail)}
        onClick={() => onRetry(mail)}
      >
        Retry
      </Button>
      <Button
        size="small"
        variant="secondary"
        disabled={!MAIL_CANCELLABLE_STATES.includes(mail.state)}
        aria-label={`Cancel ${about}`}
        aria-describedby={stateId(mail)}
        onClick={() => onCancel(mail)}
      >
        Cancel
      </Button>
    </div>
  );
}
