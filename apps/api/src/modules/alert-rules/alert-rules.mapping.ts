import {
  ALERT_HEALTH_CHECK_LABELS,
  type AlertHealthCheck,
  type AlertRule,
  type AlertRuleBody,
  type AlertRuleKind,
  type Incident,
  type IncidentSubject,
  type MaintenanceWindow,
} from '@staff-admin/shared';
import type {
  AlertIncidentRow,
  AlertRuleRow,
  MaintenanceWindowRow,
} from './alert-rules.repository.js';

/** The site's page of an incident (the notice's link, after APP_URL). */
export const incidentPath = (id: string) => `/monitoring/alerts/incidents/${id}`;

const COMMON_FIELDS = new Set([
  'kind',
  'name',
  'channelIds',
  'enabled',
  'cooldownMinutes',
  'repeatEveryMinutes',
]);

/** A rule's settings: the body's fields beyond those every kind has. */
export function settingsOf(body: AlertRuleBody): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !COMMON_FIELDS.has(key)));
}

export function toRule(row: AlertRuleRow): AlertRule {
  return {
    ...(JSON.parse(row.settings) as Record<string, unknown>),
    id: row.id,
    kind: row.kind as AlertRuleKind,
    name: row.name,
    channelIds: JSON.parse(row.channel_ids) as string[],
    enabled: Boolean(Number(row.enabled)),
    cooldownMinutes: row.cooldown_minutes,
    repeatEveryMinutes: row.repeat_every_minutes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } as AlertRule;
}

/** The rule as a POST body again (what a PATCH is merged into). */
export function bodyOf(rule: AlertRule): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...body } = rule;
  return body;
}

/** What an incident is about, and the site's page for it, from its kind and subject key. */
export function subjectOf(
  kind: string,
  subjectKey: string,
  data: Record<string, unknown>,
): IncidentSubject {
  const label = typeof data.label === 'string' ? data.label : subjectKey;
  switch (kind) {
    case 'new_error_group':
    case 'error_regression':
      return {
        type: 'error_group',
        id: subjectKey,
        label,
        path: `/monitoring/errors/${subjectKey}`,
      };
    case 'error_spike':
      return { type: 'errors', id: null, label, path: '/monitoring/errors' };
    case 'health_check_failing':
      return {
        type: 'health_check',
        id: subjectKey,
        label: ALERT_HEALTH_CHECK_LABELS[subjectKey as AlertHealthCheck] ?? subjectKey,
        path: '/monitoring',
      };
    case 'mail_given_up':
      return { type: 'mail', id: null, label, path: '/monitoring/mail?state=failed' };
    case 'lockout_spike':
      return { type: 'lockouts', id: null, label, path: '/monitoring/security' };
    default: {
      const projectId = subjectKey.split(':')[0]!;
      return { type: 'project', id: projectId, label, path: `/financial/projects/${projectId}` };
    }
  }
}

export function stateOf(row: Pick<AlertIncidentRow, 'resolved_at' | 'acknowledged_at'>) {
  if (row.resolved_at) return 'resolved' as const;
  return row.acknowledged_at ? ('acknowledged' as const) : ('open' as const);
}

export function toIncident(row: AlertIncidentRow): Incident {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  return {
    id: row.id,
    rule: { id: row.rule_id, name: row.rule_name, kind: row.kind as AlertRuleKind },
    subjectKey: row.subject_key,
    subject: subjectOf(row.kind, row.subject_key, data),
    summary: row.summary,
    state: stateOf(row),
    count: row.count,
    openedAt: row.opened_at,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy: row.acknowledged_by
      ? { id: row.acknowledged_by, fullName: row.acknowledged_by_name }
      : null,
    resolvedAt: row.resolved_at,
    lastNotifiedAt: row.last_notified_at,
    path: incidentPath(row.id),
  };
}

export function toWindow(row: MaintenanceWindowRow): MaintenanceWindow {
  return {
    id: row.id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    reason: row.reason,
    ruleIds: JSON.parse(row.rule_ids) as string[],
    createdAt: row.created_at,
    createdBy: row.created_by ? { id: row.created_by, fullName: row.created_by_name } : null,
  };
}
