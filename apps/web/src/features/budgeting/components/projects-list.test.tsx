import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { createProject, projectsPage, serveProjects } from '../testing/budgeting-api.js';

const FINANCE = createUser({ position: 'finance' });

const rows = () =>
  within(screen.getByRole('table', { name: 'Projects' }))
    .getAllByRole('row')
    .slice(1);

describe('project list', () => {
  it('shows each project with its figures, burn bar and the totals', async () => {
    serveProjects([
      createProject({ code: 'ACME-WEB' }),
      createProject({
        code: 'ACME-APP',
        budget: { amount: 100_000, currency: 'GBP' },
        actual: { amount: 85_000, currency: 'GBP' },
        remaining: { amount: 15_000, currency: 'GBP' },
        percentUsed: 85,
      }),
      createProject({
        code: 'ACME-OPS',
        actual: { amount: 1_200_000, currency: 'GBP' },
        remaining: { amount: -200_000, currency: 'GBP' },
        percentUsed: 120,
      }),
    ]);
    renderApp('/financial/projects', { user: FINANCE });
    expect(await screen.findByRole('link', { name: 'ACME-WEB' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/financial\/projects\//),
    );
    expect(rows()[0]).toHaveTextContent('£10,000.00');
    const meters = screen.getAllByRole('meter', { name: 'Budget used' });
    expect(meters.map((meter) => meter.getAttribute('aria-valuetext'))).toEqual([
      '25.0 %',
      '85.0 %, Near budget',
      '120.0 %, Over budget',
    ]);
    const total = rows().at(-1)!;
    expect(total).toHaveTextContent('Total (GBP)');
    expect(total).toHaveTextContent('£21,000.00');
    expect(screen.getByRole('status')).toHaveTextContent('3 projects, page 1 of 1');
  });

  it('shows no total across currencies, and says which', async () => {
    serveProjects([
      createProject(),
      createProject({
        currency: 'JPY',
        budget: { amount: 5000, currency: 'JPY' },
        actual: { amount: 0, currency: 'JPY' },
        remaining: { amount: 5000, currency: 'JPY' },
        forecast: null,
      }),
    ]);
    renderApp('/financial/projects', { user: FINANCE });
    expect(
      await screen.findByText(
        'Totals are not shown: the projects use several currencies (GBP, JPY).',
      ),
    ).toBeVisible();
    expect(rows()[1]).toHaveTextContent('JP¥5,000');
  });

  it('keeps filters and sort in the URL and sends them', async () => {
    const queries = serveProjects([]);
    const { user, router } = renderApp('/financial/projects?status=archived', { user: FINANCE });
    expect(await screen.findByText('No project matches these filters.')).toBeVisible();
    expect(queries.at(-1)).toMatchObject({ status: 'archived', sortBy: 'code' });
    await user.click(screen.getByRole('button', { name: /Budget/ }));
    expect(router.state.location.search).toContain('sortBy=budget');
    expect(queries.at(-1)).toMatchObject({ sortBy: 'budget', sortDirection: 'ASC' });
  });

  it('shows a spinner while the first page loads, then the empty list', async () => {
    const held = gate();
    answer('get', '/projects', async () => {
      await held.opened;
      return HttpResponse.json(projectsPage([]));
    });
    renderApp('/financial/projects', { user: FINANCE });
    expect(await screen.findByText('Loading projects…')).toBeVisible();
    held.open();
    expect(await screen.findByText('Create the first project with its budget.')).toBeVisible();
  });

  it('says when the list cannot be loaded', async () => {
    answer('get', '/projects', () => apiError(500, 'Database is down'));
    renderApp('/financial/projects', { user: FINANCE });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The projects could not be loaded. Database is down',
    );
  });

  it('shows a server field error on the New project form', async () => {
    serveProjects([]);
    answer('get', '/budgeting/people', () =>
      HttpResponse.json({ data: [{ id: 'u1', fullName: 'Fran Finance', email: 'f@x.com' }] }),
    );
    answer('post', '/projects', () =>
      apiError(409, 'This project code is already used.', {
        code: 'This project code is already used.',
      }),
    );
    const { user } = renderApp('/financial/projects', { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByText('Please enter a project code.')).toBeVisible();
    expect(within(dialog).getByText('Please enter an amount.')).toBeVisible();
  });
});
