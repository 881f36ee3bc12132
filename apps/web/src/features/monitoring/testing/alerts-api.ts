import type { AlertRule, Incident, IncidentDetail, MaintenanceWindow } from '@staff-admin/shared';
import { HttpResponse } from 'msw';
import { answer } from '../../../testing/http.js';
import { paginate } from '../../../testing/paginate.js';

let counter = 0;
const id = (prefix: string) => `${prefix}-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

export function createAlertRule(overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id: id('20000000'),
    kind: 'new_error_group',
    name: `Rule ${counter}`,
    channelIds: [],
    enabled: true,
    cooldownMinutes: 10,
    repeatEveryMinutes: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  } as AlertRule;
}

export function createIncident(overrides: Partial<IncidentDetail> = {}): IncidentDetail {
  const incidentId = overrides.id ?? id('30000000');
  return {
    id: incidentId,
    rule: { id: id('20000000'), name: 'New errors', kind: 'new_error_group' },
    subjectKey: 'group',
    subject: {
      type: 'error_group',
      id: 'group',
      label: 'TypeError: x is undefined',
      path: '/monitoring/errors/group',
    },
    summary: 'New error group: TypeError: x is undefined',
    state: 'open',
    count: 1,
    openedAt: '2026-11-22T10:00:00.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    lastNotifiedAt: '2026-11-22T10:00:00.000Z',
    path: `/monitoring/alerts/incidents/${incidentId}`,
    data: {},
    timeline: [
      { type: 'opened', at: '2026-11-22T10:00:00.000Z', by: null, detail: null },
      {
        type: 'notified',
        at: '2026-11-22T10:00:00.000Z',
        by: null,
        detail: 'new_error_group.fired (fired)',
      },
    ],
    ...overrides,
  };
}

/** Every call the Alerts screen makes, answered from these lists. */
export function serveAlerts({
  rules = [],
  incidents = [],
  windows = [],
}: { rules?: AlertRule[]; incidents?: Incident[]; windows?: MaintenanceWindow[] } = {}) {
  answer('get', '/monitoring/alert-rules', () => HttpResponse.json({ data: rules }));
  answer('get', '/monitoring/maintenance-windows', () => HttpResponse.json({ data: windows }));
  answer('get', '/monitoring/alert-channels', () =>
    HttpResponse.json({ data: [{ id: id('40000000'), name: 'Ops mail', kind: 'email' }] }),
  );
  return answer('get', '/monitoring/incidents', ({ url }) => {
    const state = url.searchParams.get('state');
    const matching = incidents.filter((incident) => !state || incident.state === state);
    return HttpResponse.json(paginate(matching, Number(url.searchParams.get('page') ?? 1), 10));
  });
}
