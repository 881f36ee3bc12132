import {
  ALERT_MESSAGES,
  maintenanceWindowBodySchema,
  RECORD_DATE_FORMAT,
  type MaintenanceWindow,
} from '@staff-admin/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useAlertRules } from '../api/get-alert-rules.js';
import {
  useAddMaintenanceWindow,
  useDeleteMaintenanceWindow,
  useMaintenanceWindows,
} from '../api/get-maintenance-windows.js';

/** A `datetime-local` value (the browser's own time) as an ISO time; '' when empty or unreadable. */
const toIso = (local: string) => {
  const time = Date.parse(local);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
};

/** Alerts › Maintenance windows: while one lasts, the rules it names tell nobody. */
export function AlertMaintenanceSection() {
  const windows = useMaintenanceWindows();
  const rules = useAlertRules();
  const add = useAddMaintenanceWindow();
  const remove = useDeleteMaintenanceWindow();
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<MaintenanceWindow | null>(null);
  const ruleName = (id: string) => rules.data?.find((rule) => rule.id === id)?.name ?? id;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const body = { startsAt: toIso(startsAt), endsAt: toIso(endsAt), reason, ruleIds: [] };
    const parsed = maintenanceWindowBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0] ?? 'reason')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(ALERT_MESSAGES.windowAdded);
        setStartsAt('');
        setEndsAt('');
        setReason('');
      },
      onError: (error) => {
        if (isApiError(error) && error.errors) setErrors(error.errors);
        else toast.error(getErrorMessage(error));
      },
    });
  };

  return (
    <SectionCard
      title="Maintenance windows"
      description="While a window lasts, incidents are still recorded but nobody is told."
    >
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Input
          label="Starts"
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          error={errors.startsAt}
        />
        <Input
          label="Ends"
          type="datetime-local"
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={errors.endsAt}
        />
        <Input
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
        />
        <div className="flex items-end">
          <Button type="submit" isLoading={add.isPending}>
            Add window
          </Button>
        </div>
      </form>
      {windows.isPending && <Spinner text="Loading maintenance windows…" />}
      {windows.isError && (
        <LoadError
          what="The maintenance windows could not be loaded."
          error={windows.error}
          onRetry={() => windows.refetch()}
        />
      )}
      {windows.data?.length === 0 && <p className="text-slate-600">No maintenance planned.</p>}
      {windows.data && windows.data.length > 0 && (
        <ul aria-label="Maintenance windows" className="flex flex-col gap-2">
          {windows.data.map((window) => (
            <li
              key={window.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3"
            >
              <span>
                <DateTime value={window.startsAt} pattern={RECORD_DATE_FORMAT} /> to{' '}
                <DateTime value={window.endsAt} pattern={RECORD_DATE_FORMAT} />: {window.reason} (
                {window.ruleIds.length === 0
                  ? 'all rules'
                  : window.ruleIds.map(ruleName).join(', ')}
                )
              </span>
              <Button
                variant="secondary"
                size="small"
                aria-label={`Delete the window ${window.reason}`}
                onClick={() => setDeleting(window)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete maintenance window"
        description={deleting ? `The window "${deleting.reason}" will be deleted.` : ''}
        confirmLabel="Delete window"
        onConfirm={() => {
          if (!deleting || remove.isPending) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(ALERT_MESSAGES.windowDeleted),
            onError: (error) => toast.error(getErrorMessage(error)),
            onSettled: () => setDeleting(null),
          });
        }}
        isLoading={remove.isPending}
        destructive
      />
    </SectionCard>
  );
}
