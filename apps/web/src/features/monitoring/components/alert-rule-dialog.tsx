import {
  ALERT_MESSAGES,
  ALERT_HEALTH_CHECK_LABELS,
  ALERT_HEALTH_CHECKS,
  ALERT_RULE_KIND_LABELS,
  ALERT_RULE_KINDS,
  alertRuleBodySchema,
  BUDGET_ALERT_KINDS,
  type AlertHealthCheck,
  type AlertRule,
  type AlertRuleBody,
  type AlertRuleKind,
} from '@staff-admin/shared';
import { useId, type ReactElement } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { Input } from '../../../components/ui/input.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { bodyResolver, registerTrimmed, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import {
  useAlertChannelOptions,
  useAlertProjectOptions,
  useSaveAlertRule,
} from '../api/get-alert-rules.js';

const ALL_PROJECTS = 'all';

/** The form's fields as typed (numbers as text until they are checked). */
interface Draft {
  kind: AlertRuleKind;
  name: string;
  channelIds: string[];
  cooldownMinutes: string;
  repeatEveryMinutes: string;
  occurrences: string;
  lockouts: string;
  minutes: string;
  check: AlertHealthCheck;
  percents: string;
  projectId: string;
}

const draftOf = (rule: AlertRule | null, kinds: readonly AlertRuleKind[]): Draft => {
  const settings = (rule ?? {}) as Partial<Record<string, unknown>>;
  const text = (value: unknown, fallback = '') =>
    value === undefined || value === null ? fallback : String(value);
  return {
    kind: rule?.kind ?? kinds[0]!,
    name: rule?.name ?? '',
    channelIds: rule?.channelIds ?? [],
    cooldownMinutes: text(rule?.cooldownMinutes, '10'),
    repeatEveryMinutes: text(rule?.repeatEveryMinutes),
    occurrences: text(settings.occurrences, '10'),
    lockouts: text(settings.lockouts, '5'),
    minutes: text(settings.minutes, '5'),
    check: (settings.check as AlertHealthCheck | undefined) ?? 'database',
    percents: Array.isArray(settings.percents) ? settings.percents.join(', ') : '80, 100',
    projectId: text(settings.projectId, ALL_PROJECTS),
  };
};

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The draft as the API's body: only the kind's own settings. */
function bodyOf(draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    kind: draft.kind,
    name: draft.name,
    channelIds: draft.channelIds,
    cooldownMinutes: number(draft.cooldownMinutes),
    repeatEveryMinutes:
      draft.repeatEveryMinutes.trim() === '' ? null : number(draft.repeatEveryMinutes),
  };
  const project = draft.projectId === ALL_PROJECTS ? {} : { projectId: draft.projectId };
  switch (draft.kind) {
    case 'error_spike':
      return { ...body, occurrences: number(draft.occurrences), minutes: number(draft.minutes) };
    case 'lockout_spike':
      return { ...body, lockouts: number(draft.lockouts), minutes: number(draft.minutes) };
    case 'health_check_failing':
      return { ...body, check: draft.check, minutes: number(draft.minutes) };
    case 'budget_threshold':
      return {
        ...body,
        percents: draft.percents
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map(Number),
        ...project,
      };
    case 'budget_forecast_over':
      return { ...body, ...project };
    default:
      return body;
  }
}

interface AlertRuleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rule being edited; null to add one. */
  rule: AlertRule | null;
  /** Finance: the budget kinds only. */
  budgetOnly?: boolean;
}

/** "Add rule" / "Edit rule": the fields change with the kind. */
export function AlertRuleDialog({
  open,
  onOpenChange,
  rule,
  budgetOnly = false,
}: AlertRuleDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? 'Edit rule' : 'Add rule'}
      description="What to watch, whom to tell, and how often."
    >
      {open && <RuleForm rule={rule} budgetOnly={budgetOnly} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function RuleForm({
  rule,
  budgetOnly,
  onDone,
}: {
  rule: AlertRule | null;
  budgetOnly: boolean;
  onDone: () => void;
}) {
  const kinds: readonly AlertRuleKind[] = budgetOnly ? BUDGET_ALERT_KINDS : ALERT_RULE_KINDS;
  const form = useForm<Draft, unknown, AlertRuleBody>({
    resolver: bodyResolver(alertRuleBodySchema, bodyOf),
    defaultValues: draftOf(rule, kinds),
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const save = useSaveAlertRule();
  const channels = useAlertChannelOptions();
  const kind = useWatch({ control, name: 'kind' });
  const budget = (BUDGET_ALERT_KINDS as readonly string[]).includes(kind);
  const projects = useAlertProjectOptions(budget);
  const channelsLabel = useId();

  const submit = handleSubmit((body) => {
    if (save.isPending) return;
    const { kind: _kind, ...changes } = body;
    save.mutate(rule ? { id: rule.id, body: changes } : { body }, {
      onSuccess: () => {
        toast.success(rule ? ALERT_MESSAGES.ruleSaved : ALERT_MESSAGES.ruleAdded);
        onDone();
      },
      onError: (error) => {
        if (!isApiError(error) || !error.errors) return toast.error(getErrorMessage(error));
        for (const [path, message] of Object.entries(error.errors)) {
          const field = path.split('.')[0] as keyof Draft;
          setError(field, { type: 'server', message }, { shouldFocus: true });
        }
      },
    });
  });

  const numberField = (key: 'occurrences' | 'lockouts' | 'minutes', label: string) => (
    <Input
      label={label}
      inputMode="numeric"
      error={errors[key]?.message}
      {...registerTrimmed(form, key)}
    />
  );
  const dropdown = <K extends 'kind' | 'check' | 'projectId'>(
    name: K,
    render: (value: Draft[K], onChange: (value: Draft[K]) => void) => ReactElement,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => render(field.value, field.onChange)}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 flex flex-col gap-5">
      <Input
        label="Name"
        error={errors.name?.message}
        autoComplete="off"
        {...registerTrimmed(form, 'name')}
      />
      {dropdown('kind', (value, onChange) => (
        <Dropdown
          label="Kind"
          options={kinds.map((option) => ({
            value: option,
            label: ALERT_RULE_KIND_LABELS[option],
          }))}
          value={value}
          onChange={onChange}
          disabled={rule !== null}
          description={rule ? "A rule's kind cannot be changed." : undefined}
          error={errors.kind?.message}
        />
      ))}
      {kind === 'error_spike' && (
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField('occurrences', 'Occurrences (at least)')}
          {numberField('minutes', 'Within minutes')}
        </div>
      )}
      {kind === 'lockout_spike' && (
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField('lockouts', 'Lockouts (at least)')}
          {numberField('minutes', 'Within minutes')}
        </div>
      )}
      {kind === 'health_check_failing' && (
        <div className="grid gap-4 sm:grid-cols-2">
          {dropdown('check', (value, onChange) => (
            <Dropdown
              label="Health check"
              options={ALERT_HEALTH_CHECKS.map((check) => ({
                value: check,
                label: ALERT_HEALTH_CHECK_LABELS[check],
              }))}
              value={value}
              onChange={onChange}
              error={errors.check?.message}
            />
          ))}
          {numberField('minutes', 'Failing for minutes')}
        </div>
      )}
      {budget &&
        dropdown('projectId', (value, onChange) => (
          <Dropdown
            label="Project"
            options={[
              { value: ALL_PROJECTS, label: 'All projects' },
              ...(projects.data ?? []).map((project) => ({
                value: project.id,
                label: `${project.code} ${project.name}`,
              })),
            ]}
            value={value}
            onChange={onChange}
            error={errors.projectId?.message}
          />
        ))}
      {kind === 'budget_threshold' && (
        <Input
          label="Thresholds (% of budget)"
          hint="Separated by commas, e.g. 80, 100"
          error={errors.percents?.message}
          {...registerTrimmed(form, 'percents')}
        />
      )}
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.channelIds ? `${channelsLabel}-error` : undefined}
      >
        <legend id={channelsLabel} className="text-sm font-medium text-slate-900">
          Channels
        </legend>
        {channels.isPending && <p className="text-sm text-slate-600">Loading channels…</p>}
        {channels.isError && (
          <p className="text-sm text-slate-600">The channels could not be loaded.</p>
        )}
        {channels.data?.length === 0 && (
          <p className="text-sm text-slate-600">No channels yet: incidents are only recorded.</p>
        )}
        {channels.data?.map((channel) => (
          <label key={channel.id} className="flex items-center gap-2 text-slate-900">
            <input
              type="checkbox"
              value={channel.id}
              aria-invalid={errors.channelIds ? true : undefined}
              {...register('channelIds')}
            />
            {channel.name}
          </label>
        ))}
        {errors.channelIds && (
          <p id={`${channelsLabel}-error`} role="alert" className="text-sm text-red-700">
            {errors.channelIds.message}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Cooldown (minutes)"
          inputMode="numeric"
          error={errors.cooldownMinutes?.message}
          {...registerTrimmed(form, 'cooldownMinutes')}
        />
        <Input
          label="Repeat every (minutes)"
          hint="Empty: tell once"
          inputMode="numeric"
          error={errors.repeatEveryMinutes?.message}
          {...registerTrimmed(form, 'repeatEveryMinutes')}
        />
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" type="button" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={save.isPending}>
          {rule ? 'Save rule' : 'Add rule'}
        </Button>
      </div>
    </form>
  );
}
