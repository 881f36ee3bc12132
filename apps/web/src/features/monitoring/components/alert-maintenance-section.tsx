import {
  ALERT_MESSAGES,
  maintenanceWindowBodySchema,
  RECORD_DATE_FORMAT,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
} from '@staff-admin/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import {
  REMOVABLE_ROW_CLASS,
  removableRowProps,
  useRemovedRowFocus,
} from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { bodyResolver, registerTrimmed, setServerFieldErrors, useForm } from '../../../lib/form.js';
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

interface MaintenanceFields {
  startsAt: string;
  endsAt: string;
  reason: string;
  ruleIds: string[];
}

const EMPTY_WINDOW: MaintenanceFields = { startsAt: '', endsAt: '', reason: '', ruleIds: [] };

/** Alerts › Maintenance windows: while one lasts, the rules it names (or every rule) tell nobody. */
export function AlertMaintenanceSection() {
  const windows = useMaintenanceWindows();
  const rules = useAlertRules();
  const add = useAddMaintenanceWindow();
  const remove = useDeleteMaintenanceWindow();
  const [deleting, setDeleting] = useState<MaintenanceWindow | null>(null);
  // A deleted window's Delete button had focus: it goes to the next window, else the previous.
  const { attach: listRef, finalFocus } = useRemovedRowFocus();
  const form = useForm<MaintenanceFields, unknown, MaintenanceWindowBody>({
    // The times are the browser's own, sent as ISO times.
    resolver: bodyResolver(maintenanceWindowBodySchema, (fields) => ({
      ...fields,
      startsAt: toIso(fields.startsAt),
      endsAt: toIso(fields.endsAt),
    })),
    defaultValues: EMPTY_WINDOW,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const ruleName = (id: string) => rules.data?.find((rule) => rule.id === id)?.name ?? id;

  const submit = handleSubmit((body) => {
    if (add.isPending) return;
    add.mutate(body, {
      onSuccess: () => {
        toast.success(ALERT_MESSAGES.windowAdded);
        reset(EMPTY_WINDOW);
      },
      onError: (error) => {
        setServerFieldErrors(form, error, ['startsAt', 'endsAt', 'reason']);
        if (!isApiError(error) || !error.errors) toast.error(getErrorMessage(error));
      },
    });
  });

  return (
    <SectionCard
      title="Maintenance windows"
      description="While a window lasts, incidents are still recorded but nobody is told."
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <Input
            label="Starts"
            type="datetime-local"
            error={errors.startsAt?.message}
            {...register('startsAt')}
          />
          <Input
            label="Ends"
            type="datetime-local"
            error={errors.endsAt?.message}
            {...register('endsAt')}
          />
          <Input
            label="Reason"
            error={errors.reason?.message}
            {...registerTrimmed(form, 'reason')}
          />
        </div>
        {rules.data && rules.data.length > 0 && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-900">
              Rules to mute (none ticked: every rule)
            </legend>
            {rules.data.map((rule) => (
              <label key={rule.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  value={rule.id}
                  className="size-4 accent-blue-700"
                  {...register('ruleIds')}
                />
                {rule.name}
              </label>
            ))}
          </fieldset>
        )}
        <div>
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
      {windows.data && (
        <ul
          ref={listRef}
          aria-label="Maintenance windows"
          className="flex flex-col gap-2 focus:outline-2 focus:outline-offset-2 focus:outline-blue-600"
        >
          {windows.data.length === 0 && <li className="text-slate-600">No maintenance planned.</li>}
          {windows.data.map((window) => (
            <li
              key={window.id}
              {...removableRowProps(window.id)}
              className={`flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3 ${REMOVABLE_ROW_CLASS}`}
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
                destructive
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
        finalFocus={finalFocus}
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
