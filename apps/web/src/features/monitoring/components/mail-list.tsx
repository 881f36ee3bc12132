import {
  countLabel,
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  MAIL_MESSAGES,
  MAIL_STATE_LABELS,
  MAIL_STATES,
  type MailSortColumn,
  type OutboxMail,
} from '@staff-admin/shared';
import { SendIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { LiveStatus } from '../../../components/ui/live-status.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useCancelMail } from '../api/cancel-mail.js';
import { useMail, type RetriedMail } from '../api/get-mail.js';
import { useRetryMail } from '../api/retry-mail.js';
import { useSendTestMail } from '../api/send-test-mail.js';
import { PAGE_SIZES } from '../hooks/use-error-groups-params.js';
import { useMailParams } from '../hooks/use-mail-params.js';
import { MailTable } from './mail-table.js';

const ALL = 'all' as const;
const STATE_OPTIONS = [
  { value: ALL, label: 'All states' },
  ...MAIL_STATES.map((state) => ({ value: state, label: MAIL_STATE_LABELS[state] })),
];
const KIND_OPTIONS = [
  { value: ALL, label: 'All kinds' },
  ...MAIL_KINDS.map((kind) => ({ value: kind, label: MAIL_KIND_LABELS[kind] })),
];

const MAIL_NAMES = ['mail', 'mails'] as const;

/** Monitoring › Mail: the outbox with filters, sort and pages in the URL; retry, cancel, test. */
export function MailList() {
  const [params, update] = useMailParams();
  const [retried, setRetried] = useState<RetriedMail | null>(null);
  const mail = useMail(params, retried);
  const retry = useRetryMail();
  const cancel = useCancelMail();
  const sendTest = useSendTestMail();
  const [cancelling, setCancelling] = useState<OutboxMail | null>(null);
  // Under a state filter a mail leaves the list when it moves on (cancelled, retried, sent):
  // focus in its row, or a dialog it opened, goes to the next mail's.
  const { attach: tableRef, finalFocus: afterRemoval } = useRemovedRowFocus();
  const meta = mail.data?.meta;

  const lastPage = meta?.totalPages ?? 0;
  useEffect(() => {
    if (!mail.isPlaceholderData && lastPage > 0 && params.page > lastPage) {
      update({ page: lastPage }, { replace: true });
    }
  }, [mail.isPlaceholderData, lastPage, params.page, update]);

  const sort = (column: MailSortColumn) => {
    const toggled = params.sortDirection === 'ASC' ? 'DESC' : 'ASC';
    update({
      sortBy: column,
      sortDirection: column === params.sortBy ? toggled : 'DESC',
      page: 1,
    });
  };

  const retryMail = (item: OutboxMail) => {
    if (retry.isPending) return;
    retry.mutate(item.id, {
      onSuccess: (now) => {
        setRetried({ id: now.id, attempts: now.attempts });
        toast.success(MAIL_MESSAGES.retried);
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  };

  const confirmCancel = () => {
    if (!cancelling || cancel.isPending) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => toast.success(MAIL_MESSAGES.cancelled),
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setCancelling(null),
    });
  };

  const sendTestMail = () => {
    if (sendTest.isPending) return;
    sendTest.mutate(undefined, {
      onSuccess: () => toast.success(MAIL_MESSAGES.testQueued),
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  };

  let result = '';
  if (meta && !mail.isFetching) {
    const pages = Math.max(meta.totalPages, 1);
    result =
      meta.totalItems === 0
        ? 'No mail found'
        : `${countLabel(meta.totalItems, MAIL_NAMES)}, page ${Math.min(params.page, pages)} of ${pages}`;
  }
  const filtered = Boolean(params.state || params.kind);

  return (
    <div className="flex flex-col gap-4">
      <LiveStatus message={result} />
      <div className="flex flex-wrap items-end gap-4">
        <Dropdown
          label="State"
          options={STATE_OPTIONS}
          value={params.state || ALL}
          onChange={(state) => update({ state: state === ALL ? '' : state, page: 1 })}
          className="w-44"
        />
        <Dropdown
          label="Kind"
          options={KIND_OPTIONS}
          value={params.kind || ALL}
          onChange={(kind) => update({ kind: kind === ALL ? '' : kind, page: 1 })}
          className="w-44"
        />
        <Button
          variant="secondary"
          className="ml-auto"
          isLoading={sendTest.isPending}
          onClick={sendTestMail}
        >
          <SendIcon />
          Send a test mail
        </Button>
      </div>
      <section
        aria-label="Mail"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
      >
        {mail.isError && !mail.data ? (
          <div role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
            <p className="text-slate-800">
              The mail could not be loaded. {getErrorMessage(mail.error)}
            </p>
            <Button variant="secondary" onClick={() => void mail.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <MailTable
              mails={mail.data?.data ?? []}
              sortBy={params.sortBy}
              sortDirection={params.sortDirection}
              onSort={sort}
              onRetry={retryMail}
              onCancel={setCancelling}
              retrying={retry.isPending ? (retry.variables ?? null) : null}
              isLoading={mail.isPending}
              isFetching={mail.isFetching}
              tableRef={tableRef}
              empty={
                <>
                  <p className="font-semibold">No mail found</p>
                  <p className="mt-1 text-slate-600">
                    {filtered
                      ? 'No mail matches these filters.'
                      : 'No mail has been queued yet. Send a test mail to try the mail server.'}
                  </p>
                </>
              }
            />
            {meta && (
              <Pagination
                page={params.page}
                totalPages={meta.totalPages}
                totalItems={meta.totalItems}
                pageSize={params.limitPerPage}
                pageSizes={PAGE_SIZES}
                itemNames={MAIL_NAMES}
                onPageChange={(page) => update({ page })}
                onPageSizeChange={(limitPerPage) => update({ limitPerPage, page: 1 })}
              />
            )}
          </>
        )}
      </section>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title="Cancel mail"
        description={
          cancelling
            ? `The ${MAIL_KIND_LABELS[cancelling.kind].toLowerCase()} to ${cancelling.recipient} will not be sent. It stays in the list as failed.`
            : ''
        }
        confirmLabel="Cancel mail"
        cancelLabel="Keep it"
        onConfirm={confirmCancel}
        isLoading={cancel.isPending}
        destructive
        finalFocus={afterRemoval}
      />
    </div>
  );
}
