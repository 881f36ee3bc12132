import type { AlertRule, Incident, Project } from '@staff-admin/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { NO_ORIGIN } from '../../src/modules/audit/index.js';
import { budgetingClient, gbp } from '../budgeting/client.js';
import { createTestApp, createUser, loginTokens, type TestApp, type TestUser } from '../helpers.js';
import { alertClient, pass, RecordingDelivery } from './alert-client.js';

/**
 * Alert rules, end to end (issue 37, docs/alerts.md › Rules, incidents and noise control): each
 * kind fires once and resolves once, noise control with the injected clock, and who may do what.
 * The app's notices are recorded by a delivery passed to the app (the channels' own tests show
 * them leaving as mail and signed webhooks).
 */

const MINUTE = 60_000;
let t: TestApp;
let admin: TestUser;
let adminToken: string;
let financeToken: string;
const delivery = new RecordingDelivery();
const channel = delivery.addChannel(newId());
const budgetChannel = delivery.addChannel(newId(), { budget: true });
const alerts = alertClient(
  () => t,
  () => adminToken,
);
const asFinance = alertClient(
  () => t,
  () => financeToken,
);
const budgeting = budgetingClient(
  () => t,
  () => adminToken,
);

beforeAll(async () => {
  t = await createTestApp({
    alertDelivery: delivery,
    // The app's own timer stays out of the way: every pass here is the test's.
    env: { ALERTS_EVALUATION_INTERVAL: '86400', ACCESS_TOKEN_TTL: '1d' },
  });
  // Inside the projects' year, so that forecasts have days left to run.
  t.clock.set(Date.parse('2026-06-15T12:00:00Z'));
  admin = await createUser(t, { position: 'admin' });
  adminToken = (await loginTokens(t, admin)).access_token;
  const finance = await createUser(t, { position: 'finance' });
  financeToken = (await loginTokens(t, finance)).access_token;
});
afterAll(() => t.close());
// Each test watches with its own rules; later tests' events must not fire earlier rules.
afterEach(async () => {
  await t.db.updateTable('alert_rules').set({ enabled: 0 }).execute();
});

const noticesOf = (rule: AlertRule) =>
  delivery.notices.filter(({ notice }) => notice.rule.id === rule.id).map(({ notice }) => notice);
const typesOf = (rule: AlertRule) => noticesOf(rule).map((notice) => notice.type);
const incidentsOf = async (rule: AlertRule, query = '?limitPerPage=100'): Promise<Incident[]> =>
  (await alerts.incidents(query)).filter((incident) => incident.rule.id === rule.id);

/** A rule made a moment ago, and the clock a moment later (its window starts at its creation). */
async function newRule(body: Record<string, unknown>): Promise<AlertRule> {
  const rule = await alerts.addRule({ channelIds: [channel], ...body });
  t.clock.advance(1_000);
  return rule;
}

let reportCount = 0;
/** Letters only: numbers in a message are normalised away by the grouping. */
const word = (n: number) =>
  n.toString(26).replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)));
/** A browser error report; a new message makes a new error group. */
async function reportError(message = `Alert test crash ${word(++reportCount + 100)}`) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/monitoring/error-reports',
    payload: { kind: 'error', type: 'TypeError', message, url: '/alerts' },
  });
  expect(response.statusCode).toBe(202);
  const group = await t.db
    .selectFrom('error_groups')
    .select(['id', 'status'])
    .where('title', 'like', `%${message}%`)
    .executeTakeFirstOrThrow(() => new Error(`no group titled ${message}`));
  return group.id;
}

async function setGroupStatus(id: string, status: 'resolved' | 'unresolved') {
  await alerts.ok('PATCH', `/monitoring/error-groups/${id}`, { status });
}

async function giveUpMail() {
  const now = toIso(t.clock.now());
  await t.db
    .insertInto('mail_outbox')
    .values({
      id: newId(),
      user_id: null,
      template: 'test',
      recipient: 'nobody@example.com',
      subject: 'Never sent',
      body: null,
      created_at: now,
      next_attempt_at: now,
      last_error: '550 no such mailbox',
      claim_id: null,
      claimed_until: null,
      sent_at: null,
      logged_at: null,
      link_token_id: null,
      failed_at: now,
    })
    .execute();
}

const lockOut = () =>
  t.services.audit.record({ action: 'auth.locked_out', origin: NO_ORIGIN, details: {} });

describe('the passes of one process', () => {
  it('run one after another: a pass asked for while another runs waits for it, then runs', async () => {
    await newRule({ kind: 'mail_given_up', name: 'Passes' });
    const [first, second] = await Promise.all([
      t.app.alertEvaluator.evaluate(),
      t.app.alertEvaluator.evaluate(),
    ]);
    expect([first.ran, second.ran]).toEqual([true, true]);
  });
});

describe('each kind fires once and resolves once', () => {
  it('new_error_group: one incident per new group, resolved with the group', async () => {
    const rule = await newRule({ kind: 'new_error_group', name: 'New errors' });
    const groupId = await reportError('Alert test crash first');
    await reportError();
    expect((await pass(t)).opened).toBeGreaterThanOrEqual(2);
    const incidents = await incidentsOf(rule);
    expect(incidents).toHaveLength(2);
    const incident = incidents.find((i) => i.subjectKey === groupId)!;
    expect(incident).toMatchObject({
      state: 'open',
      subject: { type: 'error_group', id: groupId, path: `/monitoring/errors/${groupId}` },
      path: `/monitoring/alerts/incidents/${incident.id}`,
    });
    const fired = noticesOf(rule).find((notice) => notice.incidentId === incident.id)!;
    expect(fired).toMatchObject({
      type: 'new_error_group.fired',
      rule: { id: rule.id, name: 'New errors' },
      link: `${t.config.appUrl}/monitoring/alerts/incidents/${incident.id}`,
      data: { errorGroup: { id: groupId }, count: 1 },
    });

    // The same group again: grouped into the open incident with its count, no new notice.
    t.clock.advance(MINUTE);
    await reportError('Alert test crash first');
    await pass(t);
    expect(typesOf(rule)).toEqual(['new_error_group.fired', 'new_error_group.fired']);
    expect((await alerts.incident(incident.id)).count).toBe(2);

    await setGroupStatus(groupId, 'resolved');
    t.clock.advance(MINUTE);
    await pass(t);
    await pass(t);
    expect(delivery.types(incident.id)).toEqual([
      'new_error_group.fired',
      'new_error_group.resolved',
    ]);
    const resolved = await alerts.incident(incident.id);
    expect(resolved.state).toBe('resolved');
    expect(resolved.timeline.map((event) => event.type)).toEqual([
      'opened',
      'notified',
      'resolved',
      'notified',
    ]);
  });

  it('error_regression: a resolved group that comes back', async () => {
    const groupId = await reportError('Alert test crash comes back');
    await setGroupStatus(groupId, 'resolved');
    const rule = await newRule({ kind: 'error_regression', name: 'Regressions' });
    await pass(t);
    expect(typesOf(rule)).toEqual([]);

    await reportError('Alert test crash comes back');
    t.clock.advance(MINUTE);
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual(['error_regression.fired']);
    const [incident] = await incidentsOf(rule);
    expect(incident).toMatchObject({ subjectKey: groupId, state: 'open' });

    await setGroupStatus(groupId, 'resolved');
    t.clock.advance(MINUTE);
    await pass(t);
    expect(typesOf(rule)).toEqual(['error_regression.fired', 'error_regression.resolved']);
  });

  it('error_spike: N occurrences in M minutes, over when the window has passed', async () => {
    // The earlier tests' occurrences are out of the window.
    t.clock.advance(10 * MINUTE);
    const rule = await newRule({
      kind: 'error_spike',
      name: 'Spike',
      occurrences: 3,
      minutes: 5,
    });
    await reportError();
    await reportError();
    await pass(t);
    expect(typesOf(rule)).toEqual([]);
    await reportError();
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual(['error_spike.fired']);
    expect(noticesOf(rule)[0]!.data).toMatchObject({ occurrences: 3, minutes: 5 });
    t.clock.advance(6 * MINUTE);
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual(['error_spike.fired', 'error_spike.resolved']);
    expect(await incidentsOf(rule, '?state=resolved')).toHaveLength(1);
  });

  it('health_check_failing: told once the check has failed for the minutes, and when it is back', async () => {
    const rule = await newRule({
      kind: 'health_check_failing',
      name: 'Retention',
      check: 'retention',
      minutes: 2,
    });
    const setRetention = (at: number) =>
      t.db
        .insertInto('job_leases')
        .values({
          name: 'retention',
          holder: null,
          leased_until: null,
          last_finished_at: toIso(at),
        })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet({ last_finished_at: toIso(at) }),
        )
        .execute();
    await setRetention(t.clock.now() - 3 * 24 * 60 * MINUTE);
    await pass(t);
    t.clock.advance(MINUTE);
    await pass(t);
    expect(typesOf(rule)).toEqual([]);
    t.clock.advance(MINUTE);
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual(['health_check_failing.fired']);
    const [incident] = await incidentsOf(rule);
    expect(incident!.subject).toMatchObject({
      type: 'health_check',
      id: 'retention',
      label: 'Retention job',
      path: '/monitoring',
    });

    await setRetention(t.clock.now());
    t.clock.advance(MINUTE);
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual(['health_check_failing.fired', 'health_check_failing.resolved']);
  });

  it('mail_given_up: grouped while open, resolved by acknowledging', async () => {
    const rule = await newRule({ kind: 'mail_given_up', name: 'Mail', cooldownMinutes: 10 });
    await giveUpMail();
    await pass(t);
    expect(typesOf(rule)).toEqual(['mail_given_up.fired']);
    const [incident] = await incidentsOf(rule);
    expect(incident!.count).toBe(1);

    // Two more within the cooldown: one incident, count 3, no new message.
    t.clock.advance(MINUTE);
    await giveUpMail();
    await giveUpMail();
    await pass(t);
    expect(typesOf(rule)).toEqual(['mail_given_up.fired']);
    expect((await alerts.incident(incident!.id)).count).toBe(3);

    // After the cooldown, the next burst is told, with the count so far.
    t.clock.advance(10 * MINUTE);
    await giveUpMail();
    await pass(t);
    expect(typesOf(rule)).toEqual(['mail_given_up.fired', 'mail_given_up.fired']);
    expect(noticesOf(rule)[1]!.data.count).toBe(4);

    const acknowledged = await alerts.acknowledge(incident!.id);
    expect(acknowledged).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: { id: admin.id, fullName: admin.fullName },
    });
    t.clock.advance(MINUTE);
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual([
      'mail_given_up.fired',
      'mail_given_up.fired',
      'mail_given_up.resolved',
    ]);
    const timeline = (await alerts.incident(incident!.id)).timeline;
    expect(timeline.find((event) => event.type === 'acknowledged')?.by?.id).toBe(admin.id);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('actor_id')
      .where('action', '=', 'incident.acknowledged')
      .where('target_id', '=', incident!.id)
      .execute();
    expect(audit).toEqual([{ actor_id: admin.id }]);
  });

  it('lockout_spike: from the audit trail', async () => {
    const rule = await newRule({
      kind: 'lockout_spike',
      name: 'Lockouts',
      lockouts: 2,
      minutes: 10,
    });
    await lockOut();
    await pass(t);
    expect(typesOf(rule)).toEqual([]);
    await lockOut();
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual(['lockout_spike.fired']);
    t.clock.advance(11 * MINUTE);
    await pass(t);
    expect(typesOf(rule)).toEqual(['lockout_spike.fired', 'lockout_spike.resolved']);
  });
});

describe('budget alerts', () => {
  const costOf = (projectId: string, amount: number) =>
    budgeting.ok('POST', `/projects/${projectId}/costs`, {
      category: 'software',
      date: '2026-06-01',
      description: 'Licence',
      amount: gbp(amount),
    });

  it('budget_threshold fires once at 80 %, once at 100 %, not again for the same crossing', async () => {
    const project = await budgeting.newProject(admin.id);
    const rule = await newRule({
      kind: 'budget_threshold',
      name: 'Budget',
      projectId: project.id,
      channelIds: [budgetChannel],
    });
    expect(rule).toMatchObject({ percents: [80, 100], projectId: project.id });
    await costOf(project.id, 700_000);
    await pass(t);
    expect(typesOf(rule)).toEqual([]);

    await costOf(project.id, 100_000);
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual(['budget_threshold.fired']);
    expect(noticesOf(rule)[0]!.data).toMatchObject({
      threshold: 80,
      project: { id: project.id, percentUsed: 80 },
    });

    await costOf(project.id, 10_000);
    await pass(t);
    expect(typesOf(rule)).toEqual(['budget_threshold.fired']);

    await costOf(project.id, 190_000);
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual(['budget_threshold.fired', 'budget_threshold.fired']);
    expect(noticesOf(rule)[1]!.data).toMatchObject({ threshold: 100 });
    const incidents = await incidentsOf(rule);
    expect(incidents.map((i) => i.subjectKey).sort()).toEqual([
      `${project.id}:100`,
      `${project.id}:80`,
    ]);
    expect(incidents[0]!.subject).toMatchObject({
      type: 'project',
      id: project.id,
      path: `/financial/projects/${project.id}`,
    });

    // A bigger budget: both thresholds are below again, and resolved.
    await budgeting.ok('POST', `/projects/${project.id}/budget-revisions`, {
      amount: gbp(10_000_000),
      reason: 'More work',
    });
    await pass(t);
    expect(typesOf(rule).filter((type) => type === 'budget_threshold.resolved')).toHaveLength(2);

    // Crossing 80 % of the new budget is a new crossing: told again (after the rule's cooldown).
    t.clock.advance(11 * MINUTE);
    await costOf(project.id, 7_000_000);
    await pass(t);
    expect(typesOf(rule).filter((type) => type === 'budget_threshold.fired')).toHaveLength(3);
  });

  it('budget_forecast_over fires when the straight line ends over budget', async () => {
    const project: Project = await budgeting.newProject(admin.id);
    const rule = await newRule({
      kind: 'budget_forecast_over',
      name: 'Forecast',
      projectId: project.id,
    });
    await costOf(project.id, 400_000);
    await pass(t);
    expect(typesOf(rule)).toEqual([]);
    // Half the year gone, 60 % spent: forecast about 120 %.
    await costOf(project.id, 200_000);
    await pass(t);
    await pass(t);
    expect(typesOf(rule)).toEqual(['budget_forecast_over.fired']);
    await budgeting.ok('POST', `/projects/${project.id}/budget-revisions`, {
      amount: gbp(5_000_000),
      reason: 'More work',
    });
    await pass(t);
    expect(typesOf(rule)).toEqual(['budget_forecast_over.fired', 'budget_forecast_over.resolved']);
  });
});

describe('noise control', () => {
  it('repeats every N minutes until acknowledged', async () => {
    const rule = await newRule({
      kind: 'lockout_spike',
      name: 'Repeat',
      lockouts: 1,
      minutes: 600,
      repeatEveryMinutes: 30,
    });
    await lockOut();
    await pass(t);
    t.clock.advance(29 * MINUTE);
    await pass(t);
    expect(typesOf(rule)).toEqual(['lockout_spike.fired']);
    t.clock.advance(MINUTE);
    await pass(t);
    expect(typesOf(rule)).toEqual(['lockout_spike.fired', 'lockout_spike.fired']);
    const [incident] = await incidentsOf(rule);
    await alerts.acknowledge(incident!.id);
    t.clock.advance(60 * MINUTE);
    await pass(t);
    expect(typesOf(rule)).toHaveLength(2);
    expect((await alerts.incident(incident!.id)).state).toBe('acknowledged');
  });

  it('a condition that comes back within the cooldown is recorded, not told', async () => {
    const rule = await newRule({
      kind: 'lockout_spike',
      name: 'Flapping',
      lockouts: 1,
      minutes: 1,
      cooldownMinutes: 30,
    });
    await lockOut();
    await pass(t);
    t.clock.advance(2 * MINUTE);
    await pass(t);
    expect(typesOf(rule)).toEqual(['lockout_spike.fired', 'lockout_spike.resolved']);
    await lockOut();
    await pass(t);
    const incidents = await incidentsOf(rule);
    expect(incidents).toHaveLength(2);
    expect(typesOf(rule)).toHaveLength(2);
    const second = await alerts.incident(incidents[0]!.id);
    expect(second.timeline.map((event) => [event.type, event.detail])).toContainEqual([
      'muted',
      'cooldown',
    ]);
  });

  it('maintenance windows mute a rule: recorded, told after the window if still open', async () => {
    const rule = await newRule({ kind: 'lockout_spike', name: 'Muted', lockouts: 1, minutes: 600 });
    const other = await newRule({ kind: 'mail_given_up', name: 'Not muted' });
    const now = t.clock.now();
    const window = await alerts.ok<{ id: string; ruleIds: string[] }>(
      'POST',
      '/monitoring/maintenance-windows',
      {
        startsAt: toIso(now - MINUTE),
        endsAt: toIso(now + 30 * MINUTE),
        reason: 'Database upgrade',
        ruleIds: [rule.id],
      },
    );
    expect(window.ruleIds).toEqual([rule.id]);
    await lockOut();
    await giveUpMail();
    await pass(t);
    expect(typesOf(rule)).toEqual([]);
    expect(typesOf(other)).toEqual(['mail_given_up.fired']);
    const [incident] = await incidentsOf(rule);
    expect(incident).toMatchObject({ state: 'open', lastNotifiedAt: null });

    const between = await t.app.services.repositories.alertRules.windowsBetween(
      toIso(now),
      toIso(now + MINUTE),
    );
    expect(between).toHaveLength(1);

    t.clock.advance(31 * MINUTE);
    await pass(t);
    expect(typesOf(rule)).toEqual(['lockout_spike.fired']);

    const removed = await alerts.call('DELETE', `/monitoring/maintenance-windows/${window.id}`);
    expect(removed.statusCode).toBe(204);
  });
});

describe('who may do what, and bad input', () => {
  it('finance manages budget rules only, with budget channels, and sees budget incidents only', async () => {
    const refused = await asFinance.call('POST', '/monitoring/alert-rules', {
      kind: 'new_error_group',
      name: 'Not mine',
      channelIds: [],
    });
    expect(refused.statusCode).toBe(403);
    const adminChannel = await asFinance.call('POST', '/monitoring/alert-rules', {
      kind: 'budget_threshold',
      name: 'Budget',
      channelIds: [channel],
    });
    expect(adminChannel.statusCode).toBe(400);
    expect(adminChannel.json()).toMatchObject({ errors: { channelIds: expect.any(String) } });
    const mine = await asFinance.addRule({
      kind: 'budget_threshold',
      name: 'Finance budget',
      channelIds: [budgetChannel],
      percents: [90],
    });
    expect(mine).toMatchObject({ percents: [90] });
    const rules = await asFinance.ok<AlertRule[]>('GET', '/monitoring/alert-rules');
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((rule) => rule.kind.startsWith('budget_'))).toBe(true);
    const incidents = await asFinance.incidents('?limitPerPage=100');
    expect(incidents.every((incident) => incident.rule.kind.startsWith('budget_'))).toBe(true);

    const adminRule = (await alerts.ok<AlertRule[]>('GET', '/monitoring/alert-rules')).find(
      (rule) => rule.kind === 'lockout_spike',
    )!;
    expect(
      (await asFinance.call('PATCH', `/monitoring/alert-rules/${adminRule.id}`, { name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await asFinance.call('GET', '/monitoring/maintenance-windows')).statusCode).toBe(403);

    const renamed = await asFinance.ok<AlertRule>('PATCH', `/monitoring/alert-rules/${mine.id}`, {
      name: 'Renamed',
      enabled: false,
    });
    expect(renamed).toMatchObject({ name: 'Renamed', enabled: false, percents: [90] });
    const deleted = await asFinance.call('DELETE', `/monitoring/alert-rules/${mine.id}`);
    expect(deleted.statusCode).toBe(204);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', mine.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audit.map((event) => event.action).sort()).toEqual([
      'alert_rule.created',
      'alert_rule.deleted',
      'alert_rule.updated',
    ]);
  });

  it.each([
    ['an unknown kind', { kind: 'sunspots', name: 'x', channelIds: [] }, 'kind'],
    [
      'a spike without minutes',
      { kind: 'error_spike', name: 'x', channelIds: [], occurrences: 3 },
      'minutes',
    ],
    [
      'an unknown check',
      { kind: 'health_check_failing', name: 'x', channelIds: [], check: 'moon', minutes: 2 },
      'check',
    ],
    ['no name', { kind: 'mail_given_up', name: ' ', channelIds: [] }, 'name'],
    [
      'repeated percents',
      { kind: 'budget_threshold', name: 'x', channelIds: [], percents: [80, 80] },
      'percents',
    ],
    [
      'an unknown channel',
      { kind: 'mail_given_up', name: 'x', channelIds: [newId()] },
      'channelIds',
    ],
    [
      'an unknown project',
      { kind: 'budget_forecast_over', name: 'x', channelIds: [], projectId: newId() },
      'projectId',
    ],
    [
      'a setting of another kind',
      { kind: 'mail_given_up', name: 'x', channelIds: [], minutes: 3 },
      null,
    ],
  ])('refuses %s with 400', async (_label, body, field) => {
    const response = await alerts.call('POST', '/monitoring/alert-rules', body);
    expect(response.statusCode, response.body).toBe(400);
    const json = response.json<{
      code: number;
      message: string;
      errors?: Record<string, string>;
    }>();
    expect(json.code).toBe(400);
    expect(json.message).toEqual(expect.any(String));
    if (field)
      expect(Object.keys(json.errors ?? {}).some((key) => key.startsWith(field))).toBe(true);
  });

  it('refuses a changed kind, bad settings on PATCH, bad windows and unknown ids', async () => {
    const rule = await newRule({ kind: 'error_spike', name: 'Spike', occurrences: 3, minutes: 5 });
    const kind = await alerts.call('PATCH', `/monitoring/alert-rules/${rule.id}`, {
      kind: 'mail_given_up',
    });
    expect(kind.statusCode).toBe(400);
    const minutes = await alerts.call('PATCH', `/monitoring/alert-rules/${rule.id}`, {
      minutes: 0,
    });
    expect(minutes.statusCode).toBe(400);
    expect(minutes.json()).toMatchObject({ errors: { minutes: expect.any(String) } });
    const changed = await alerts.ok<AlertRule>('PATCH', `/monitoring/alert-rules/${rule.id}`, {
      minutes: 15,
      repeatEveryMinutes: 60,
    });
    expect(changed).toMatchObject({ minutes: 15, occurrences: 3, repeatEveryMinutes: 60 });

    const backwards = await alerts.call('POST', '/monitoring/maintenance-windows', {
      startsAt: '2026-06-15T12:00:00Z',
      endsAt: '2026-06-15T11:00:00Z',
      reason: 'Oops',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ errors: { endsAt: expect.any(String) } });
    for (const [method, url] of [
      ['PATCH', '/monitoring/alert-rules/not-an-id'],
      ['DELETE', `/monitoring/alert-rules/${newId()}`],
      ['GET', `/monitoring/incidents/${newId()}`],
      ['POST', '/monitoring/incidents/nope/acknowledge'],
      ['DELETE', `/monitoring/maintenance-windows/${newId()}`],
    ] as const) {
      const response = await alerts.call(
        method,
        url,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const filter = await alerts.call('GET', '/monitoring/incidents?state=closed');
    expect(filter.statusCode).toBe(400);
  });
});
