import {
  ALERT_CHANNEL_KIND_LABELS,
  ALERT_CHANNEL_MESSAGES,
  POSITION_LABELS,
  WEBHOOK_DELIVERY_STATE_LABELS,
  WEBHOOK_FORMAT_LABELS,
  type AlertChannel,
  type CreatedAlertChannel,
} from '@staff-admin/shared';
import { PlusIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { OneTimeSecretDialog } from '../../../components/ui/one-time-secret-dialog.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useDeleteAlertChannel } from '../api/delete-alert-channel.js';
import { useAlertChannels } from '../api/get-alert-channels.js';
import { useTestAlertChannel } from '../api/test-alert-channel.js';
import { AlertChannelDialog } from './alert-channels-dialog.js';
import { AlertChannelDeliveries } from './alert-channels-deliveries.js';

/** Where a channel sends: a webhook's host, or the people and roles a mail goes to. */
function sendsTo(channel: AlertChannel): string {
  if (channel.url) {
    try {
      return new URL(channel.url).host;
    } catch {
      return channel.url;
    }
  }
  const roles = channel.recipients?.roles.map((role) => POSITION_LABELS[role]) ?? [];
  const people = channel.recipients?.userIds.length ?? 0;
  return [...roles, ...(people > 0 ? [people === 1 ? '1 person' : `${people} people`] : [])].join(
    ', ',
  );
}

/** Monitoring › Alerts › Channels: where alerts go; add, edit, delete, test, and a webhook's log. */
export function AlertChannels() {
  const channels = useAlertChannels();
  const test = useTestAlertChannel();
  const remove = useDeleteAlertChannel();
  const [editing, setEditing] = useState<AlertChannel | null>(null);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedAlertChannel | null>(null);
  const [deleting, setDeleting] = useState<AlertChannel | null>(null);
  const [logOf, setLogOf] = useState<AlertChannel | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const rowFocus = useRemovedRowFocus();

  const sendTest = (channel: AlertChannel) => {
    if (test.isPending) return;
    test.mutate(channel.id, {
      onSuccess: () => toast.success(ALERT_CHANNEL_MESSAGES.testQueued),
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  };

  const confirmDelete = () => {
    if (!deleting || remove.isPending) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(ALERT_CHANNEL_MESSAGES.deleted),
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  const columns: Column<AlertChannel>[] = [
    { header: 'Name', cell: (channel) => channel.name, className: 'font-medium text-slate-900' },
    { header: 'Kind', cell: (channel) => ALERT_CHANNEL_KIND_LABELS[channel.kind] },
    {
      header: 'Format',
      cell: (channel) => (channel.format ? WEBHOOK_FORMAT_LABELS[channel.format] : '—'),
    },
    { header: 'Sends to', cell: sendsTo },
    {
      header: 'Last delivery',
      cell: (channel) =>
        channel.lastDelivery ? (
          <span>
            {WEBHOOK_DELIVERY_STATE_LABELS[channel.lastDelivery.state]}
            {channel.lastDelivery.statusCode !== null
              ? ` (HTTP ${channel.lastDelivery.statusCode})`
              : ''}
            , <DateTime value={channel.lastDelivery.at} />
          </span>
        ) : (
          '—'
        ),
    },
    {
      header: 'Actions',
      cell: (channel) => (
        <div className="flex flex-wrap gap-2">
          <Button
            size="small"
            variant="secondary"
            aria-label={`Send a test through ${channel.name}`}
            isLoading={test.isPending && test.variables === channel.id}
            onClick={() => sendTest(channel)}
          >
            Send a test
          </Button>
          {channel.kind === 'webhook' && (
            <Button
              size="small"
              variant="secondary"
              aria-label={`Deliveries of ${channel.name}`}
              onClick={() => setLogOf(channel)}
            >
              Deliveries
            </Button>
          )}
          <Button
            size="small"
            variant="secondary"
            aria-label={`Edit ${channel.name}`}
            onClick={() => setEditing(channel)}
          >
            Edit
          </Button>
          <Button
            size="small"
            variant="secondary"
            destructive
            aria-label={`Delete ${channel.name}`}
            onClick={() => setDeleting(channel)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button ref={addButton} onClick={() => setAdding(true)}>
          <PlusIcon />
          Add channel
        </Button>
      </div>
      {channels.isError ? (
        <LoadError
          what="The alert channels could not be loaded."
          error={channels.error}
          onRetry={() => channels.refetch()}
        />
      ) : (
        <DataTable
          caption="Alert channels"
          columns={columns}
          rows={channels.data ?? []}
          minWidth="min-w-[900px]"
          loading={channels.isPending ? 'Loading alert channels…' : false}
          emptyTitle="No alert channels yet"
          empty="Add an email or webhook channel to be told when something needs you."
          rowFocus={rowFocus}
        />
      )}
      <AlertChannelDialog
        channel={editing}
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
        onCreated={(channel) => {
          if (channel.secret) setCreated(channel);
        }}
      />
      <OneTimeSecretDialog
        secret={created?.secret ?? null}
        title="Webhook signing secret"
        description={ALERT_CHANNEL_MESSAGES.secretOnce}
        label={created ? `Signing secret of “${created.name}”` : 'Signing secret'}
        copyLabel="Copy secret"
        copied="The signing secret has been copied."
        onClose={() => setCreated(null)}
        finalFocus={() => addButton.current}
      />
      <AlertChannelDeliveries channel={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete channel"
        finalFocus={rowFocus.finalFocus}
        description={
          deleting
            ? `“${deleting.name}” and its delivery log will be deleted. Alert rules stop sending to it.`
            : ''
        }
        confirmLabel="Delete channel"
        onConfirm={confirmDelete}
        isLoading={remove.isPending}
        destructive
      />
    </div>
  );
}
