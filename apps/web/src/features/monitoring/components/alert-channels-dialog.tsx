import {
  ALERT_CHANNEL_KIND_LABELS,
  ALERT_CHANNEL_KINDS,
  ALERT_CHANNEL_LIMITS,
  ALERT_CHANNEL_MESSAGES,
  POSITION_LABELS,
  POSITIONS,
  WEBHOOK_FORMAT_LABELS,
  WEBHOOK_FORMATS,
  type AlertChannel,
  type AlertChannelKind,
  createAlertChannelSchema,
  type CreateAlertChannelInput,
  type CreatedAlertChannel,
  type Position,
  type WebhookFormat,
} from '@staff-admin/shared';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { Input } from '../../../components/ui/input.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { bodyResolver, registerTrimmed, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useCreateAlertChannel, useUpdateAlertChannel } from '../api/save-alert-channel.js';

interface AlertChannelDialogProps {
  /** The channel to edit; null: a new one. */
  channel: AlertChannel | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A new channel was added (a webhook's answer carries its secret, this once). */
  onCreated: (created: CreatedAlertChannel) => void;
}

const KIND_OPTIONS = ALERT_CHANNEL_KINDS.map((value) => ({
  value,
  label: ALERT_CHANNEL_KIND_LABELS[value],
}));
const FORMAT_OPTIONS = WEBHOOK_FORMATS.map((value) => ({
  value,
  label: WEBHOOK_FORMAT_LABELS[value],
}));

/** Add or edit a channel: kind (new ones only), name, and a webhook's URL and format or a mail's roles. */
export function AlertChannelDialog(props: AlertChannelDialogProps) {
  // A new form each time it opens, filled from the channel it edits.
  return props.open ? <ChannelForm key={props.channel?.id ?? 'new'} {...props} /> : null;
}

interface ChannelFields {
  kind: AlertChannelKind;
  name: string;
  url: string;
  format: WebhookFormat;
  roles: Position[];
}

/** The API's field for each of its paths: a mail's recipients are the roles ticked here. */
const fieldOf = (path: readonly PropertyKey[]) =>
  path[0] === 'recipients' ? 'roles' : String(path[0] ?? 'name');

function ChannelForm({ channel, open, onOpenChange, onCreated }: AlertChannelDialogProps) {
  const create = useCreateAlertChannel();
  const update = useUpdateAlertChannel();
  // People named by the API stay on the channel: the screen edits its roles only.
  const keptUserIds = channel?.recipients?.userIds ?? [];
  const form = useForm<ChannelFields, unknown, CreateAlertChannelInput>({
    // Judged by the API's own rule for a new channel; an edit sends the same fields but the kind.
    resolver: bodyResolver(
      createAlertChannelSchema,
      ({ kind, name, url, format, roles }) =>
        kind === 'webhook'
          ? { kind, name, url, format }
          : { kind, name, recipients: { userIds: keptUserIds, roles } },
      fieldOf,
    ),
    defaultValues: {
      kind: channel?.kind ?? 'webhook',
      name: channel?.name ?? '',
      url: channel?.url ?? '',
      format: channel?.format ?? 'standard',
      roles: channel?.recipients?.roles ?? [],
    },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const kind = useWatch({ control, name: 'kind' });
  const rolesId = useId();
  const pending = create.isPending || update.isPending;

  const refused = (error: unknown) => {
    if (isApiError(error) && error.errors) {
      for (const [path, message] of Object.entries(error.errors)) {
        const field = fieldOf(path.split('.')) as keyof ChannelFields;
        if (field !== 'kind') setError(field, { type: 'server', message }, { shouldFocus: true });
      }
    }
    toast.error(getErrorMessage(error));
  };

  const submit = handleSubmit(({ kind: newKind, ...changes }) => {
    if (pending) return;
    if (channel) {
      update.mutate(
        { id: channel.id, changes },
        {
          onSuccess: () => {
            toast.success(ALERT_CHANNEL_MESSAGES.updated);
            onOpenChange(false);
          },
          onError: refused,
        },
      );
      return;
    }
    create.mutate(
      { kind: newKind, ...changes },
      {
        onSuccess: (created) => {
          toast.success(ALERT_CHANNEL_MESSAGES.created);
          onOpenChange(false);
          onCreated(created);
        },
        onError: refused,
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      preventClose={pending}
      title={channel ? `Edit “${channel.name}”` : 'Add channel'}
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-6 flex flex-col gap-4"
      >
        {!channel && (
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <Dropdown
                label="Kind"
                options={KIND_OPTIONS}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}
        <Input
          label="Name"
          maxLength={ALERT_CHANNEL_LIMITS.name}
          error={errors.name?.message}
          {...registerTrimmed(form, 'name')}
        />
        {kind === 'webhook' ? (
          <>
            <Input
              label="URL"
              type="url"
              inputMode="url"
              description="An http:// or https:// address on the internet. Each request is signed (Standard Webhooks)."
              error={errors.url?.message}
              {...registerTrimmed(form, 'url')}
            />
            <Controller
              control={control}
              name="format"
              render={({ field }) => (
                <Dropdown
                  label="Format"
                  options={FORMAT_OPTIONS}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </>
        ) : (
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.roles ? `${rolesId}-error` : undefined}
          >
            <legend className="text-sm font-medium text-slate-900">Send to everyone who is</legend>
            {POSITIONS.map((role) => (
              <label key={role} className="flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  value={role}
                  className="size-4 accent-blue-700"
                  aria-invalid={errors.roles ? true : undefined}
                  {...register('roles')}
                />
                {POSITION_LABELS[role]}
              </label>
            ))}
            {errors.roles && (
              <p id={`${rolesId}-error`} role="alert" className="text-sm text-red-700">
                {errors.roles.message}
              </p>
            )}
          </fieldset>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={pending}>
            {channel ? 'Save channel' : 'Add channel'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
