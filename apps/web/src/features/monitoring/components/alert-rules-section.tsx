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
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { Spinner } from '../../../components/ui/spinner.js';
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
      {rules.isPending && <Spinner text="Loading rules…" />}
      {rules.isError && (
        <LoadError
          what="The rules could not be loaded."
          error={rules.error}
          onRetry={() => rules.refetch()}
        />
      )}
      {rules.data?.length === 0 && (
        <p className="text-slate-600">No rules yet. Add one to be told when something needs you.</p>
      )}
      {rules.data && rules.data.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Alert rules</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Kind
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Settings
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  On
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.data.map((rule) => (
                <tr key={rule.id} className="border-b border-slate-100">
                  <td className="py-2 pr-4 font-medium text-slate-900">{rule.name}</td>
                  <td className="py-2 pr-4">{ALERT_RULE_KIND_LABELS[rule.kind]}</td>
                  <td className="py-2 pr-4 text-slate-700">{ruleSettings(rule)}</td>
                  <td className="py-2 pr-4">
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
                  </td>
                  <td className="flex gap-2 py-2">
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
                      aria-label={`Delete ${rule.name}`}
                      onClick={() => setDeleting(rule)}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
