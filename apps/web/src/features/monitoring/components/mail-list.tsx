import { MAIL_KIND_LABELS, MAIL_MESSAGES, type OutboxMail } from '@staff-admin/shared';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { ChoiceFilter } from '../../../components/ui/filter-dropdown.js';
import { ListResults } from '../../../components/ui/list-results.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { useListParams } from '../../../lib/list-params.js';
import { toast } from '../../../lib/toast.js';
import { useCancelMail } from '../api/cancel-mail.js';
import { MAIL_LIST, useMail, type RetriedMail } from '../api/get-mail.js';
import { useRetryMail } from '../api/retry-mail.js';
import { useSendTestMail } from '../api/send-test-mail.js';
import { MailTable } from './mail-table.js';

const MAIL_NAMES = ['mail', 'mails'] as const;

/** Monitoring › Mail: the outbox with filters, sort and pages in the URL; retry, cancel, test. */
export function MailList() {
  const [params, , list] = useListParams(MAIL_LIST);
  const [retried, setRetried] = useState<RetriedMail | null>(null);
  const mail = useMail(params, retried);
  const retry = useRetryMail();
  const cancel = useCancelMail();
  const sendTest = useSendTestMail();
  const [cancelling, setCancelling] = useState<OutboxMail | null>(null);
  // Under a state filter a mail leaves the list when it moves on (cancelled, retried, sent):
  // focus in its row, or a dialog it opened, goes to the next mail's.
  const rowFocus = useRemovedRowFocus();

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

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <ChoiceFilter list={list} name="state" label="State" allLabel="All states" />
        <ChoiceFilter list={list} name="kind" label="Kind" allLabel="All kinds" />
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
      <ListResults label="Mail" itemNames={MAIL_NAMES} query={mail} list={list} what="mail">
        <MailTable
          mails={mail.data?.data ?? []}
          state={{
            query: mail,
            sort: list.sort,
            rowFocus,
            empty: MAIL_LIST.isFiltered(params)
              ? 'No mail matches these filters.'
              : 'No mail has been queued yet. Send a test mail to try the mail server.',
          }}
          onRetry={retryMail}
          onCancel={setCancelling}
          retrying={retry.isPending ? (retry.variables ?? null) : null}
        />
      </ListResults>
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
        finalFocus={rowFocus.finalFocus}
      />
    </div>
  );
}
