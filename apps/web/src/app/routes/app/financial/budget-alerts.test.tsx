import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAlertRule,
  createIncident,
  serveAlerts,
} from '../../../../features/monitoring/testing/alerts-api.js';
import { createUser } from '../../../../testing/data.js';
import { answer, apiError } from '../../../../testing/http.js';
import { renderApp } from '../../../../testing/render-app.js';

const FINANCE = createUser({ position: 'finance' });

beforeAll(async () => {
  await import('./budget-alerts.js');
}, 60_000);

describe('Budgeting › Budget alerts', () => {
  it('lists budget rules and budget incidents, reached from the Budgeting navigation', async () => {
    const rule = createAlertRule({
      kind: 'budget_threshold',
      name: 'Budget watch',
      percents: [80, 100],
    } as never);
    const incident = createIncident({
      rule: { id: rule.id, name: rule.name, kind: 'budget_threshold' },
      summary: 'P-1 Website has used 82% of its budget (threshold 80%)',
    });
    serveAlerts({ rules: [rule], incidents: [incident] });
    renderApp('/financial/alerts', { user: FINANCE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Budget alerts' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Budgeting' });
    expect(within(nav).getByRole('link', { name: 'Budget alerts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('cell', { name: 'Budget watch' })).toBeVisible();
    expect(await screen.findByRole('link', { name: incident.summary })).toHaveAttribute(
      'href',
      incident.path,
    );
    // No kind filter: finance has only the budget kinds.
    expect(screen.queryByRole('combobox', { name: 'Kind' })).toBeNull();
  });

  it('offers only the budget kinds when adding a rule', async () => {
    serveAlerts();
    answer('get', '/projects', () =>
      HttpResponse.json({
        data: [{ id: 'p1', code: 'P-1', name: 'Website' }],
        meta: { currentPage: 1, itemsPerPage: 100, totalItems: 1, totalPages: 1 },
      }),
    );
    const posts = answer('post', '/monitoring/alert-rules', ({ body }) =>
      HttpResponse.json({ data: createAlertRule(body as object) }, { status: 201 }),
    );
    const { user } = renderApp('/financial/alerts', { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    const options = within(await screen.findByRole('listbox', { name: 'Kind' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Budget threshold', 'Forecast over budget']);
    await user.click(screen.getByRole('option', { name: 'Budget threshold' }));
    await user.type(within(dialog).getByLabelText('Name'), 'Website budget');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({ kind: 'budget_threshold', percents: [80, 100] });
  });

  it('says when the rules cannot be loaded', async () => {
    serveAlerts();
    answer('get', '/monitoring/alert-rules', () => apiError(500, 'Database is down'));
    renderApp('/financial/alerts', { user: FINANCE });
    expect(
      await screen.findByText(/The rules could not be loaded. Database is down/),
    ).toBeVisible();
  });
});
