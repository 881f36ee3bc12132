import {
  ALERT_MESSAGES,
  ALERT_HEALTH_CHECK_LABELS,
  ALERT_RULE_KIND_LABELS,
  type AlertHealthCheck,
  type AlertRule,
} from '@staff-admin/shared';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useAlertRules, useDeleteAlertRule, useSaveAlertRule } from '../api/get-alert-rules.js';
import { AlertRuleDialog } from './alert-rule-dialog.js';

/** The rule's settings in a few words. */
export function ruleSettings(rule: AlertRule): string {
  const repeat = rule.repeatEveryMinutes ? `, repeat every ${rule.repeatEveryMinutes} min` : '';
  const base = `cooldown ${rule.cooldownMinutes} min${repeat}`;
  switch (rule.kind) {
    case 'error_spike':
      return `${rule.occurrences} occurrences in ${rule.minutes} min; ${base}`;
    case 'lockout_spike':
      return `${rule.lockouts} lockouts in ${rule.minutes} min; ${base}`;
    case 'health_check_failing':
      return `${ALERT_HEALTH_CHECK_LABELS[rule.check as AlertHealthCheck]} failing ${rule.minutes} min; ${base}`;
    case 'budget_threshold':
      return `${rule.percents.map((percent) => `${percent} %`).join(', ')}${rule.projectId ? '' : ', all projects'}; ${base}`;
    case 'budget_forecast_over':
      return `${rule.projectId ? 'one project' : 'all projects'}; ${base}`;
    default:
      return base;
  }
}

/** Alerts › Rules: the list, "Add rule", on/off, edit and delete. */
export function AlertRulesSection({ budgetOnly = false }: { budgetOnly?: boolean }) {
  const rules = useAlertRules();
  const save = useSaveAlertRule();
  const remove = useDeleteAlertRule();
  const [editing, setEditing] = useState<AlertRule | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const rowFocus = useRemovedRowFocus();

  const toggle = (rule: AlertRule) => {
    if (save.isPending) return;
    save.mutate(
      { id: rule.id, body: { enabled: !rule.enabled } },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.enabled ? ALERT_MESSAGES.ruleOn(saved.name) : ALERT_MESSAGES.ruleOff(saved.name),
          ),
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting || remove.isPending) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(ALERT_MESSAGES.ruleDeleted),
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  const columns: Column<AlertRule>[] = [
    { header: 'Name', cell: (rule) => rule.name, className: 'font-medium text-slate-900' },
    { header: 'Kind', cell: (rule) => ALERT_RULE_KIND_LABELS[rule.kind] },
    { header: 'Settings', cell: ruleSettings },
    {
      header: 'On',
      cell: (rule) => (
        <button
          type="button"
          role="switch"
          aria-checked={rule.enabled}
          aria-label={`${rule.name} on`}
          onClick={() => toggle(rule)}
          className={
            rule.enabled
              ? 'h-6 w-11 rounded-full bg-emerald-600 p-0.5 text-left'
              : 'h-6 w-11 rounded-full bg-slate-300 p-0.5 text-left'
          }
        >
          <span
            className={
              rule.enabled
                ? 'block size-5 translate-x-5 rounded-full bg-white'
                : 'block size-5 rounded-full bg-white'
            }
          />
        </button>
      ),
    },
    {
      header: 'Actions',
      cell: (rule) => (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="small"
            aria-label={`Edit ${rule.name}`}
            onClick={() => {
              setAdding(false);
              setEditing(rule);
            }}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            size="small"
            destructive
            aria-label={`Delete ${rule.name}`}
            onClick={() => setDeleting(rule)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <SectionCard
      title="Rules"
      description={
        budgetOnly
          ? 'Budget thresholds and forecasts: who is told when a project nears or passes its budget.'
          : 'What is watched, and who is told when it happens.'
      }
    >
      <div>
        <Button
          onClick={() => {
            setEditing(null);
            setAdding(true);
          }}
        >
          <PlusIcon />
          Add rule
        </Button>
      </div>
      {rules.isError ? (
        <LoadError
          what="The rules could not be loaded."
          error={rules.error}
          onRetry={() => rules.refetch()}
        />
      ) : (
        <DataTable
          caption="Alert rules"
          columns={columns}
          rows={rules.data ?? []}
          minWidth="min-w-[720px]"
          loading={rules.isPending ? 'Loading rules…' : false}
          emptyTitle="No rules yet"
          empty="Add one to be told when something needs you."
          rowFocus={rowFocus}
          compact
        />
      )}
      <AlertRuleDialog
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
        rule={editing}
        budgetOnly={budgetOnly}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete rule"
        finalFocus={rowFocus.finalFocus}
        description={
          deleting
            ? `${deleting.name} and its incidents will be deleted. To keep them, turn it off.`
            : ''
        }
        confirmLabel="Delete rule"
        onConfirm={confirmDelete}
        isLoading={remove.isPending}
        destructive
      />
    </SectionCard>
  );
}
