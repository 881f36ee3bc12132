import type { AlertRule, CreatedAlertChannel } from '@staff-admin/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import type { AlertNotice } from '../../src/modules/alert-channels/index.js';
import { budgetingClient, gbp } from '../budgeting/client.js';
import { createTestApp, createUser, loginTokens, type TestApp, type TestUser } from '../helpers.js';
import { FAST_MAIL_ENV, startSmtpServer, type TestSmtpServer } from '../smtp.js';
import { alertClient, pass } from './alert-client.js';
import { startReceiver, webhookHeaders, type TestReceiver } from './receiver.js';

/**
 * Issue 37's "done when", through the real pieces: a new error group, a health check down for 2
 * minutes and a project passing 80 % each reach an admin by mail (read from a real SMTP server)
 * and by a signed webhook (a real receiver; the signature checked with the Standard Webhooks
 * library), exactly once, within the rule's delay; and each sends its resolved message.
 */

const MINUTE = 60_000;
let t: TestApp;
let smtp: TestSmtpServer;
let receiver: TestReceiver;
let admin: TestUser;
let adminToken: string;
let webhook: CreatedAlertChannel;
let channelIds: string[];
const alerts = alertClient(
  () => t,
  () => adminToken,
);
const budgeting = budgetingClient(
  () => t,
  () => adminToken,
);

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver();
  t = await createTestApp({
    // The app's own timer stays out of the way: every pass here is the test's.
    env: {
      SMTP_URL: smtp.url,
      ...FAST_MAIL_ENV,
      ALERTS_EVALUATION_INTERVAL: '86400',
      ACCESS_TOKEN_TTL: '1d',
    },
  });
  // Inside the projects' year.
  t.clock.set(Date.parse('2026-06-15T12:00:00Z'));
  admin = await createUser(t, { position: 'admin' });
  adminToken = (await loginTokens(t, admin)).access_token;
  const mail = await alerts.ok<CreatedAlertChannel>('POST', '/monitoring/alert-channels', {
    kind: 'email',
    name: 'Admins by mail',
    recipients: { roles: ['admin'] },
  });
  webhook = await alerts.ok<CreatedAlertChannel>('POST', '/monitoring/alert-channels', {
    kind: 'webhook',
    name: 'Ops hook',
    url: receiver.url,
  });
  channelIds = [mail.id, webhook.id];
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
  await receiver.stop();
});

/** A rule on both channels, made a moment ago (its window starts at its creation). */
async function newRule(body: Record<string, unknown>): Promise<AlertRule> {
  const rule = await alerts.addRule({ channelIds, ...body });
  t.clock.advance(1_000);
  return rule;
}

/**
 * The notices of a rule the receiver got, each checked against its signature first, at the time
 * the test's clock says it is (the library refuses a timestamp 5 minutes away from its "now").
 */
function webhooksOf(rule: AlertRule): AlertNotice[] {
  const verifier = new Webhook(webhook.secret!);
  vi.useFakeTimers({ toFake: ['Date'], now: t.clock.now() });
  try {
    return receiver.received
      .map(({ headers, body }) => verifier.verify(body, webhookHeaders(headers)) as AlertNotice)
      .filter((notice) => notice.rule.id === rule.id);
  } finally {
    vi.useRealTimers();
  }
}

let mailsSoFar = 0;
/**
 * Lets the webhook outbox send what is due and waits for the admin's next `count` mails; then
 * what this rule sent so far: its webhooks' types and its mails.
 */
async function told(rule: AlertRule, count: number) {
  await t.app.webhookWorker.nextPass();
  mailsSoFar += count;
  await smtp.waitForMail(admin.email, { nth: mailsSoFar });
  return {
    webhooks: webhooksOf(rule).map((notice) => notice.type),
    mails: smtp.mailsTo(admin.email).filter((mail) => mail.text.includes(rule.name)),
  };
}

describe('an admin is told once, by mail and signed webhook, and told when it is over', () => {
  it('a new error group', async () => {
    const rule = await newRule({ kind: 'new_error_group', name: 'New errors in the site' });
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/monitoring/error-reports',
      payload: { kind: 'error', type: 'TypeError', message: 'Done when crash', url: '/users' },
    });
    expect(report.statusCode).toBe(202);
    await pass(t);
    await pass(t);
    const fired = await told(rule, 1);
    expect(fired.webhooks).toEqual(['new_error_group.fired']);
    expect(fired.mails).toHaveLength(1);
    const [notice] = webhooksOf(rule);
    expect(notice!.summary).toContain('Done when crash');
    expect(notice!.link).toMatch(/\/monitoring\/alerts\/incidents\/[0-9a-f-]{36}$/);
    expect(fired.mails[0]!.text).toContain(notice!.link);

    const group = await t.db
      .selectFrom('error_groups')
      .select('id')
      .where('title', 'like', '%Done when crash%')
      .executeTakeFirstOrThrow();
    await alerts.ok('PATCH', `/monitoring/error-groups/${group.id}`, { status: 'resolved' });
    await pass(t);
    await pass(t);
    const over = await told(rule, 1);
    expect(over.webhooks).toEqual(['new_error_group.fired', 'new_error_group.resolved']);
    expect(over.mails).toHaveLength(2);
  });

  it('a health check down for 2 minutes', async () => {
    const rule = await newRule({
      kind: 'health_check_failing',
      name: 'Retention job down',
      check: 'retention',
      minutes: 2,
    });
    const retentionFinishedAt = (at: number) =>
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
    // The retention job last ran three days ago: its check fails from now on.
    await retentionFinishedAt(t.clock.now() - 3 * 24 * 60 * MINUTE);
    await pass(t);
    t.clock.advance(MINUTE);
    await pass(t);
    await t.app.webhookWorker.nextPass();
    expect(webhooksOf(rule)).toEqual([]);

    t.clock.advance(MINUTE);
    await pass(t);
    await pass(t);
    const fired = await told(rule, 1);
    expect(fired.webhooks).toEqual(['health_check_failing.fired']);
    expect(fired.mails).toHaveLength(1);

    await retentionFinishedAt(t.clock.now());
    t.clock.advance(MINUTE);
    await pass(t);
    await pass(t);
    const over = await told(rule, 1);
    expect(over.webhooks).toEqual(['health_check_failing.fired', 'health_check_failing.resolved']);
    expect(over.mails).toHaveLength(2);
  });

  it('a project passing 80 % of its budget', async () => {
    const project = await budgeting.newProject(admin.id);
    const rule = await newRule({
      kind: 'budget_threshold',
      name: 'Budget use',
      projectId: project.id,
      percents: [80],
    });
    const cost = (amount: number) =>
      budgeting.ok<{ id: string }>('POST', `/projects/${project.id}/costs`, {
        category: 'software',
        date: '2026-06-01',
        description: 'Licence',
        amount: gbp(amount),
      });
    await cost(700_000);
    const crossing = await cost(150_000);
    await pass(t);
    await pass(t);
    const fired = await told(rule, 1);
    expect(fired.webhooks).toEqual(['budget_threshold.fired']);
    expect(fired.mails).toHaveLength(1);
    expect(webhooksOf(rule)[0]!.data).toMatchObject({
      threshold: 80,
      project: { id: project.id, percentUsed: 85 },
    });

    expect((await budgeting.call('DELETE', `/costs/${crossing.id}`)).statusCode).toBe(204);
    await pass(t);
    await pass(t);
    const over = await told(rule, 1);
    expect(over.webhooks).toEqual(['budget_threshold.fired', 'budget_threshold.resolved']);
    expect(over.mails).toHaveLength(2);
  });
});
