import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../testing/data.js';
import { answer, apiError, findToast, gate } from '../../../../testing/http.js';
import { renderApp } from '../../../../testing/render-app.js';
import {
  createAlertRule,
  createIncident,
  serveAlerts,
} from '../../../../features/monitoring/testing/alerts-api.js';

const ADMIN = createUser({ position: 'admin' });

// The screens' chunks load once before the first test (a cold load can outlast a query's wait).
beforeAll(async () => {
  await import('./alerts.js');
  await import('./alert-incident.js');
}, 60_000);

describe('Monitoring › Alerts', () => {
  it('is reached from the area’s navigation', async () => {
    serveAlerts();
    renderApp('/monitoring/alerts', { user: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Monitoring' });
    expect(within(nav).getByRole('link', { name: 'Alerts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows spinners while loading, then says there is nothing yet', async () => {
    const held = gate();
    answer('get', '/monitoring/alert-rules', async () => {
      await held.opened;
      return HttpResponse.json({ data: [] });
    });
    answer('get', '/monitoring/incidents', async () => {
      await held.opened;
      return HttpResponse.json({
        data: [],
        meta: { currentPage: 1, itemsPerPage: 10, totalItems: 0, totalPages: 0 },
      });
    });
    answer('get', '/monitoring/maintenance-windows', () => HttpResponse.json({ data: [] }));
    renderApp('/monitoring/alerts', { user: ADMIN });
    expect(await screen.findByText('Loading rules…')).toBeVisible();
    expect(screen.getByText('Loading incidents…')).toBeVisible();
    held.open();
    expect(await screen.findByText(/No rules yet/)).toBeVisible();
    expect(await screen.findByText('No incident yet: no rule has fired.')).toBeVisible();
    expect(screen.getByText('No maintenance planned.')).toBeVisible();
  });

  it('says when the rules cannot be loaded, and tries again', async () => {
    serveAlerts();
    answer('get', '/monitoring/alert-rules', () => apiError(500, 'Database is down'));
    const { user } = renderApp('/monitoring/alerts', { user: ADMIN });
    const alert = await screen.findByText(/The rules could not be loaded. Database is down/);
    answer('get', '/monitoring/alert-rules', () =>
      HttpResponse.json({ data: [createAlertRule({ name: 'Back again' })] }),
    );
    await user.click(
      within(alert.closest('[role="alert"]')!).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByRole('cell', { name: 'Back again' })).toBeVisible();
  });

  it('adds a rule whose fields follow its kind', async () => {
    serveAlerts();
    const posts = answer('post', '/monitoring/alert-rules', ({ body }) =>
      HttpResponse.json({ data: createAlertRule(body as object) }, { status: 201 }),
    );
    const { user } = renderApp('/monitoring/alerts', { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    expect(within(dialog).queryByLabelText('Within minutes')).toBeNull();
    await user.type(within(dialog).getByLabelText('Name'), 'Too many errors');
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Error spike' }));
    const occurrences = within(dialog).getByLabelText('Occurrences (at least)');
    await user.clear(occurrences);
    await user.type(occurrences, '25');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Ops mail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({
      kind: 'error_spike',
      name: 'Too many errors',
      occurrences: 25,
      minutes: 5,
      repeatEveryMinutes: null,
    });
    expect((posts[0]!.body as { channelIds: string[] }).channelIds).toHaveLength(1);
    expect(await findToast('The rule was added.')).toBeVisible();
  });

  it('refuses a rule without a name, next to the field', async () => {
    serveAlerts();
    const posts = answer('post', '/monitoring/alert-rules');
    const { user } = renderApp('/monitoring/alerts', { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a name.'),
    );
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    // A wrong number further down takes focus once the name is there.
    await user.type(within(dialog).getByLabelText('Name'), 'Slow');
    await user.clear(within(dialog).getByLabelText('Cooldown (minutes)'));
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Cooldown (minutes)')).toHaveFocus());
    expect(posts).toHaveLength(0);
  });

  it('turns a rule off with its switch', async () => {
    const rule = createAlertRule({ name: 'Regressions', kind: 'error_regression' });
    serveAlerts({ rules: [rule] });
    const patches = answer('patch', `/monitoring/alert-rules/${rule.id}`, () =>
      HttpResponse.json({ data: { ...rule, enabled: false } }),
    );
    const { user } = renderApp('/monitoring/alerts', { user: ADMIN });
    const toggle = await screen.findByRole('switch', { name: 'Regressions on' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({ enabled: false });
    expect(await findToast('Regressions is off.')).toBeVisible();
  });

  it('deletes a rule after asking, and focus goes to the next rule', async () => {
    const rule = createAlertRule({ name: 'Old rule' });
    const next = createAlertRule({ name: 'Newer rule' });
    serveAlerts({ rules: [rule, next] });
    const deletes = answer('delete', `/monitoring/alert-rules/${rule.id}`, () => {
      answer('get', '/monitoring/alert-rules', () => HttpResponse.json({ data: [next] }));
      return new HttpResponse(null, { status: 204 });
    });
    const { user } = renderApp('/monitoring/alerts', { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Delete Old rule' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete rule' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Old rule' })).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Newer rule on' })).toHaveFocus(),
    );
  });

  it('lists incidents with the state filter in the URL, each linking to its page', async () => {
    const open = createIncident({ summary: 'Database has not passed for 2 minutes' });
    const resolved = createIncident({ summary: 'Old spike', state: 'resolved' });
    const queries = serveAlerts({ incidents: [open, resolved] });
    const { router } = renderApp('/monitoring/alerts?state=open', { user: ADMIN });
    const link = await screen.findByRole('link', { name: open.summary });
    expect(link).toHaveAttribute('href', open.path);
    expect(screen.queryByText('Old spike')).toBeNull();
    expect(queries.at(-1)!.url.searchParams.get('state')).toBe('open');
    expect(router.state.location.search).toContain('state=open');
  });

  it('adds a maintenance window that mutes the rules ticked', async () => {
    const rule = createAlertRule({ name: 'Database down' });
    serveAlerts({ rules: [rule, createAlertRule({ name: 'Error spike' })] });
    const posts = answer('post', '/monitoring/maintenance-windows', ({ body }) =>
      HttpResponse.json(
        { data: { id: 'w', ruleIds: [], createdAt: '', createdBy: null, ...(body as object) } },
        { status: 201 },
      ),
    );
    const { user } = renderApp('/monitoring/alerts', { user: ADMIN });
    await user.type(await screen.findByLabelText('Starts'), '2026-12-01T10:00');
    await user.type(screen.getByLabelText('Ends'), '2026-12-01T12:00');
    await user.type(screen.getByLabelText('Reason'), '  Database upgrade ');
    const mute = screen.getByRole('group', { name: 'Rules to mute (none ticked: every rule)' });
    await user.click(within(mute).getByRole('checkbox', { name: 'Database down' }));
    await user.click(screen.getByRole('button', { name: 'Add window' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({
      startsAt: new Date('2026-12-01T10:00').toISOString(),
      endsAt: new Date('2026-12-01T12:00').toISOString(),
      reason: 'Database upgrade',
      ruleIds: [rule.id],
    });
    expect(await findToast('The maintenance window was added.')).toBeVisible();
    expect(screen.getByLabelText('Reason')).toHaveValue('');
  });

  it('refuses an incomplete window, focus on its first wrong field', async () => {
    serveAlerts();
    const posts = answer('post', '/monitoring/maintenance-windows');
    const { user } = renderApp('/monitoring/alerts', { user: ADMIN });
    await user.type(await screen.findByLabelText('Reason'), 'Upgrade');
    await user.click(screen.getByRole('button', { name: 'Add window' }));
    const starts = screen.getByLabelText('Starts');
    await waitFor(() => expect(starts).toHaveFocus());
    expect(starts).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Reason')).not.toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);
  });

  it('deletes a window, and focus goes to the next one, then to the list', async () => {
    const window = (id: string, reason: string) => ({
      id,
      reason,
      startsAt: '2026-12-01T10:00:00.000Z',
      endsAt: '2026-12-01T12:00:00.000Z',
      ruleIds: [],
      createdAt: '2026-11-20T09:00:00.000Z',
      createdBy: null,
    });
    const first = window('10000000-0000-4000-8000-000000000001', 'Upgrade');
    const second = window('10000000-0000-4000-8000-000000000002', 'Move');
    serveAlerts({ windows: [first, second] });
    const removing = (gone: string, left: (typeof first)[]) =>
      answer('delete', `/monitoring/maintenance-windows/${gone}`, () => {
        answer('get', '/monitoring/maintenance-windows', () => HttpResponse.json({ data: left }));
        return new HttpResponse(null, { status: 204 });
      });
    removing(first.id, [second]);
    removing(second.id, []);
    const { user } = renderApp('/monitoring/alerts', { user: ADMIN });
    const remove = async (reason: string) => {
      await user.click(await screen.findByRole('button', { name: `Delete the window ${reason}` }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete maintenance window' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete window' }));
    };
    await remove('Upgrade');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete the window Move' })).toHaveFocus(),
    );
    await remove('Move');
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Maintenance windows' })).toHaveFocus(),
    );
    expect(screen.getByText('No maintenance planned.')).toBeVisible();
  });
});

describe('incident page', () => {
  it('shows a spinner, then the incident with its subject and timeline', async () => {
    const incident = createIncident();
    const held = gate();
    answer('get', `/monitoring/incidents/${incident.id}`, async () => {
      await held.opened;
      return HttpResponse.json({ data: incident });
    });
    renderApp(incident.path, { user: ADMIN });
    expect(await screen.findByText('Loading incident…')).toBeVisible();
    held.open();
    expect(await screen.findByRole('heading', { level: 1, name: incident.summary })).toBeVisible();
    expect(screen.getByRole('link', { name: incident.subject.label })).toHaveAttribute(
      'href',
      incident.subject.path,
    );
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says when the incident does not exist', async () => {
    const incident = createIncident();
    answer('get', `/monitoring/incidents/${incident.id}`, () => apiError(404, 'No such incident.'));
    renderApp(incident.path, { user: ADMIN });
    expect(await screen.findByRole('alert')).toHaveTextContent('This incident does not exist.');
  });

  it('says when the incident cannot be loaded', async () => {
    const incident = createIncident();
    answer('get', `/monitoring/incidents/${incident.id}`, () => apiError(500, 'Database is down'));
    renderApp(incident.path, { user: ADMIN });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The incident could not be loaded. Database is down',
    );
  });

  it('acknowledges', async () => {
    const incident = createIncident();
    answer('get', `/monitoring/incidents/${incident.id}`, () =>
      HttpResponse.json({ data: incident }),
    );
    const posts = answer('post', `/monitoring/incidents/${incident.id}/acknowledge`, () =>
      HttpResponse.json({
        data: {
          ...incident,
          state: 'acknowledged',
          acknowledgedAt: '2026-11-22T10:05:00.000Z',
          acknowledgedBy: { id: ADMIN.id, fullName: ADMIN.fullName },
          timeline: [
            ...incident.timeline,
            {
              type: 'acknowledged',
              at: '2026-11-22T10:05:00.000Z',
              by: { id: ADMIN.id, fullName: ADMIN.fullName },
              detail: null,
            },
          ],
        },
      }),
    );
    const { user } = renderApp(incident.path, { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Acknowledged' })).toBeVisible();
    expect(screen.getByText(new RegExp(`by ${ADMIN.fullName}`))).toBeVisible();
  });
});
