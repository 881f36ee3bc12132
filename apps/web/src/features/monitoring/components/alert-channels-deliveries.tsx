import { WEBHOOK_DELIVERY_STATE_LABELS, type AlertChannel } from '@staff-admin/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useAlertChannelDeliveries } from '../api/get-alert-channels.js';

/** A webhook channel's delivery log: each delivery, newest first, with every attempt. */
export function AlertChannelDeliveries({
  channel,
  onClose,
}: {
  channel: AlertChannel | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const log = useAlertChannelDeliveries(channel?.id ?? null, page);
  const deliveries = log.data?.data ?? [];
  const totalPages = log.data?.meta.totalPages ?? 0;
  return (
    <Dialog
      open={channel !== null}
      onOpenChange={(open) => {
        if (!open) {
          setPage(1);
          onClose();
        }
      }}
      title={channel ? `Deliveries of “${channel.name}”` : 'Deliveries'}
    >
      <div className="mt-6 flex flex-col gap-4">
        {log.isPending ? (
          <Spinner text="Loading deliveries…" />
        ) : log.isError ? (
          <LoadError
            what="The deliveries could not be loaded."
            error={log.error}
            onRetry={() => log.refetch()}
          />
        ) : deliveries.length === 0 ? (
          <p className="text-slate-700">Nothing has been sent through this channel yet.</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Deliveries, newest first">
            {deliveries.map((delivery) => (
              <li key={delivery.id} className="rounded-lg border border-slate-200 p-3">
                <p className="font-medium text-slate-900">
                  {delivery.type}: {WEBHOOK_DELIVERY_STATE_LABELS[delivery.state]}
                </p>
                <p className="text-sm text-slate-600">
                  Queued <DateTime value={delivery.createdAt} />
                </p>
                <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-800">
                  {delivery.attempts.map((attempt, index) => (
                    <li key={attempt.at + String(index)}>
                      Attempt {index + 1}: <DateTime value={attempt.at} />,{' '}
                      {attempt.statusCode === null ? 'no answer' : `HTTP ${attempt.statusCode}`},{' '}
                      {attempt.durationMs} ms{attempt.error ? ` (${attempt.error})` : ''}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {totalPages > 1 && (
            <>
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setPage((current) => current - 1)}
              >
                Newer
              </Button>
              <Button
                variant="secondary"
                disabled={page >= totalPages}
                onClick={() => setPage((current) => current + 1)}
              >
                Older
              </Button>
            </>
          )}
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    </Dialog>
  );
}
