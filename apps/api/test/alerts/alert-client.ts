import type { AlertRule, Incident, IncidentDetail } from '@staff-admin/shared';
import { expect } from 'vitest';
import type { AlertDelivery, AlertNotice } from '../../src/modules/alert-channels/index.js';
import type { EvaluationReport } from '../../src/modules/alert-rules/index.js';
import { bearer, type TestApp } from '../helpers.js';

/**
 * Where the app's alert notices go in these tests: each delivered notice with its channels. The
 * channels it knows are usable (finance only those marked for budgets); any other id is refused,
 * as the channels module refuses an unknown one.
 */
export class RecordingDelivery implements AlertDelivery {
  readonly notices: { channelIds: readonly string[]; notice: AlertNotice }[] = [];
  readonly channels = new Map<string, { budget: boolean }>();

  addChannel(id: string, { budget = false } = {}): string {
    this.channels.set(id, { budget });
    return id;
  }

  async deliver(channelIds: readonly string[], notice: AlertNotice): Promise<void> {
    this.notices.push({ channelIds, notice });
  }

  async unusable(channelIds: readonly string[], actor: { role: string }): Promise<string[]> {
    return channelIds.filter((id) => {
      const channel = this.channels.get(id);
      return !channel || (actor.role !== 'admin' && !channel.budget);
    });
  }

  /** The notices' types, in order, for one incident or all. */
  types(incidentId?: string): string[] {
    return this.notices
      .filter(({ notice }) => !incidentId || notice.incidentId === incidentId)
      .map(({ notice }) => notice.type);
  }
}

/**
 * One evaluation pass that ran: a pass the app's own timer is making is waited for first (the
 * evaluator runs one process's passes one after another), so nothing else holds the lease.
 */
export async function pass(t: TestApp): Promise<EvaluationReport> {
  const report = await t.app.alertEvaluator.evaluate();
  expect(report.ran, 'the alert evaluation lease was held').toBe(true);
  return report;
}

/** Alert calls as one signed-in user. */
export function alertClient(t: () => TestApp, token: () => string) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t().app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(token()),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  async function ok<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
    const response = await call(method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ data: T }>().data;
  }
  return {
    call,
    ok,
    addRule: (body: Record<string, unknown>) =>
      ok<AlertRule>('POST', '/monitoring/alert-rules', { channelIds: [], ...body }),
    incidents: async (query = '') =>
      (
        await call('GET', `/monitoring/incidents${query}`).then((response) => {
          expect(response.statusCode, response.body).toBe(200);
          return response.json<{ data: Incident[]; meta: { totalItems: number } }>();
        })
      ).data,
    incident: (id: string) => ok<IncidentDetail>('GET', `/monitoring/incidents/${id}`),
    acknowledge: (id: string) =>
      ok<IncidentDetail>('POST', `/monitoring/incidents/${id}/acknowledge`),
  };
}
