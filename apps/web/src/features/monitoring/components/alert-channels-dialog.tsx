import {
  ALERT_CHANNEL_KIND_LABELS,
  ALERT_CHANNEL_KINDS,
  ALERT_CHANNEL_MESSAGES,
  POSITION_LABELS,
  POSITIONS,
  WEBHOOK_FORMAT_LABELS,
  WEBHOOK_FORMATS,
  type AlertChannel,
  type AlertChannelKind,
  type CreatedAlertChannel,
  type Position,
  type WebhookFormat,
} from '@staff-admin/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { Input } from '../../../components/ui/input.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useCreateAlertChannel, useUpdateAlertChannel } from '../api/save-alert-channel.js';

type FieldErrors = Partial<Record<'name' | 'url' | 'recipients', string>>;

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

function ChannelForm({ channel, open, onOpenChange, onCreated }: AlertChannelDialogProps) {
  const create = useCreateAlertChannel();
  const update = useUpdateAlertChannel();
  const [kind, setKind] = useState<AlertChannelKind>(channel?.kind ?? 'webhook');
  const [name, setName] = useState(channel?.name ?? '');
  const [url, setUrl] = useState(channel?.url ?? '');
  const [format, setFormat] = useState<WebhookFormat>(channel?.format ?? 'standard');
  const [roles, setRoles] = useState<Position[]>(channel?.recipients?.roles ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const rolesId = useId();
  const pending = create.isPending || update.isPending;

  const check = (): FieldErrors => {
    const found: FieldErrors = {};
    if (name.trim() === '') found.name = ALERT_CHANNEL_MESSAGES.nameRequired;
    if (kind === 'webhook' && url.trim() === '') found.url = ALERT_CHANNEL_MESSAGES.urlRequired;
    const keptUserIds = channel?.recipients?.userIds.length ?? 0;
    if (kind === 'email' && roles.length + keptUserIds === 0) {
      found.recipients = ALERT_CHANNEL_MESSAGES.recipientsRequired;
    }
    return found;
  };

  const refused = (error: unknown) => {
    if (isApiError(error) && error.errors) {
      setErrors({
        name: error.errors.name,
        url: error.errors.url,
        recipients:
          error.errors.recipients ??
          error.errors['recipients.userIds'] ??
          error.errors['recipients.roles.0'],
      });
    }
    toast.error(getErrorMessage(error));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const recipients = { userIds: channel?.recipients?.userIds ?? [], roles };
    if (channel) {
      update.mutate(
        {
          id: channel.id,
          changes:
            kind === 'webhook'
              ? { name: name.trim(), url: url.trim(), format }
              : { name: name.trim(), recipients },
        },
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
      kind === 'webhook'
        ? { kind, name: name.trim(), url: url.trim(), format }
        : { kind, name: name.trim(), recipients },
      {
        onSuccess: (created) => {
          toast.success(ALERT_CHANNEL_MESSAGES.created);
          onOpenChange(false);
          onCreated(created);
        },
        onError: refused,
      },
    );
  };

  const toggleRole = (role: Position, on: boolean) =>
    setRoles((current) =>
      on ? [...current, role] : current.filter((candidate) => candidate !== role),
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      preventClose={pending}
      title={channel ? `Edit “${channel.name}”` : 'Add channel'}
    >
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        {!channel && (
          <Dropdown label="Kind" options={KIND_OPTIONS} value={kind} onChange={setKind} />
        )}
        <Input
          label="Name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        {kind === 'webhook' ? (
          <>
            <Input
              label="URL"
              type="url"
              inputMode="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              description="An http:// or https:// address on the internet. Each request is signed (Standard Webhooks)."
              error={errors.url}
            />
            <Dropdown label="Format" options={FORMAT_OPTIONS} value={format} onChange={setFormat} />
          </>
        ) : (
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.recipients ? `${rolesId}-error` : undefined}
          >
            <legend className="text-sm font-medium text-slate-900">Send to everyone who is</legend>
            {POSITIONS.map((role) => (
              <label key={role} className="flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 accent-blue-700"
                  checked={roles.includes(role)}
                  onChange={(event) => toggleRole(role, event.target.checked)}
                />
                {POSITION_LABELS[role]}
              </label>
            ))}
            {errors.recipients && (
              <p id={`${rolesId}-error`} role="alert" className="text-sm text-red-700">
                {errors.recipients}
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
