import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { createProject, detailOf, serveProject } from '../testing/budgeting-api.js';
import { createRevision } from '../testing/detail-builders.js';

const FINANCE = createUser({ position: 'finance' });
const gbp = (amount: number) => ({ amount, currency: 'GBP' });

describe('project detail states', () => {
  it('shows a spinner until the project arrives', async () => {
    const project = createProject({ code: 'ACME-WEB', name: 'Website' });
    serveProject(detailOf(project));
    const held = gate();
    answer('get', `/projects/${project.id}`, async () => {
      await held.opened;
      return HttpResponse.json({ data: detailOf(project) });
    });
    renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    expect(await screen.findByText('Loading the project…')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Key figures' })).not.toBeInTheDocument();
    held.open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ACME-WEB · Website' }),
    ).toBeVisible();
    // The page under the title is drawn at a deferred priority, just after.
    expect(await screen.findByRole('region', { name: 'Key figures' })).toBeVisible();
    expect(screen.queryByText('Loading the project…')).not.toBeInTheDocument();
  });

  it('says why a project could not be loaded', async () => {
    answer('get', '/projects/p-1', () => apiError(500, 'The database is unavailable.'));
    answer('get', '/projects/p-1/budget-revisions', () => HttpResponse.json({ data: [] }));
    renderApp('/financial/projects/p-1', { user: FINANCE });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The project could not be loaded. The database is unavailable.',
    );
    expect(screen.queryByRole('button', { name: 'Edit project' })).not.toBeInTheDocument();
  });

  it('shows every key figure, the burn bar in words, and the project’s facts', async () => {
    const project = createProject({
      client: 'Globex',
      status: 'archived',
      startDate: '2026-02-01',
      endDate: '2026-11-30',
      budget: gbp(1_000_000),
      actual: gbp(850_050),
      remaining: gbp(149_950),
      percentUsed: 85.0005,
      forecast: gbp(1_200_000),
    });
    serveProject(detailOf(project));
    renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    const figure = (name: string) =>
      within(figures).getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(figure('Budget')).toHaveTextContent('£10,000.00');
    expect(figure('Actual')).toHaveTextContent('£8,500.50');
    expect(figure('Remaining')).toHaveTextContent('£1,499.50');
    expect(figure('Forecast at end')).toHaveTextContent('£12,000.00');
    expect(within(figures).getByRole('meter', { name: 'Budget used' })).toHaveAttribute(
      'aria-valuetext',
      '85.0 %, Near budget',
    );
    expect(figures).toHaveTextContent(
      'Globex · Archived · Owner Fran Finance · Feb 1, 2026 to Nov 30, 2026',
    );
  });

  it('shows a dash for a forecast it cannot make, and over budget in words', async () => {
    const project = createProject({
      endDate: null,
      budget: gbp(100_000),
      actual: gbp(120_000),
      remaining: gbp(-20_000),
      percentUsed: 120,
      forecast: null,
    });
    serveProject(detailOf(project));
    renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(
      within(figures).getByText('Forecast at end', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent(/^-$/);
    expect(
      within(figures).getByText('Remaining', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('-£200.00');
    expect(within(figures).getByRole('meter', { name: 'Budget used' })).toHaveAttribute(
      'aria-valuetext',
      '120.0 %, Over budget',
    );
    expect(figures).toHaveTextContent('to no end date');
  });

  it('gives the burn-up a text alternative: each month’s cost, running total and budget then', async () => {
    const project = createProject({ budget: gbp(1_500_000) });
    serveProject(
      detailOf(project, [
        { month: '2026-03', amount: gbp(400_000) },
        { month: '2026-04', amount: gbp(500_000) },
        { month: '2026-05', amount: gbp(300_000) },
      ]),
    );
    // Newest first, as the API answers: £10,000 from January, £15,000 from 12 April.
    answer('get', `/projects/${project.id}/budget-revisions`, () =>
      HttpResponse.json({
        data: [
          createRevision({ amount: gbp(1_500_000), createdAt: '2026-04-12T10:00:00.000Z' }),
          createRevision({ amount: gbp(1_000_000), createdAt: '2026-01-01T09:00:00.000Z' }),
        ],
      }),
    );
    renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    const chart = await screen.findByRole('figure', { name: 'Burn-up chart' });
    expect(chart).toHaveAccessibleDescription(
      'Cumulative cost (solid) against the budget (dashed), by month; the numbers are in the table below.',
    );
    const table = screen.getByRole('table', { name: 'Cost by month' });
    const cells = (month: string) =>
      within(within(table).getByRole('row', { name: new RegExp(month) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    await waitFor(() => expect(cells('2026-04')[2]).toBe('£15,000.00'));
    expect(cells('2026-03').slice(0, 3)).toEqual(['£4,000.00', '£4,000.00', '£10,000.00']);
    expect(cells('2026-04').slice(0, 3)).toEqual(['£5,000.00', '£9,000.00', '£15,000.00']);
    expect(cells('2026-05').slice(0, 3)).toEqual(['£3,000.00', '£12,000.00', '£15,000.00']);
    expect(
      within(table).getByRole('meter', { name: 'Budget used by the end of 2026-03' }),
    ).toHaveAttribute('aria-valuetext', '40.0 %');
  });

  it('draws no chart for a project without costs', async () => {
    const project = createProject({ actual: gbp(0), costCount: 0 });
    serveProject(detailOf(project));
    renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    expect(await screen.findByRole('region', { name: 'Key figures' })).toBeVisible();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Cost by month' })).not.toBeInTheDocument();
  });

  it('keeps the tab in the URL and moves between tabs with the arrow keys', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    answer('get', '/cost-rates', () => HttpResponse.json({ data: [] }));
    const { user, router } = renderApp(`/financial/projects/${project.id}?tab=budget`, {
      user: FINANCE,
    });
    const budgetTab = await screen.findByRole('tab', { name: 'Budget history' });
    expect(budgetTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Budget history' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Revise budget' })).toBeVisible();

    await user.click(budgetTab);
    await user.keyboard('{ArrowRight}');
    const ratesTab = screen.getByRole('tab', { name: 'Cost rates' });
    await waitFor(() => expect(ratesTab).toHaveAttribute('aria-selected', 'true'));
    expect(ratesTab).toHaveFocus();
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('rates');
    expect(await screen.findByText('No cost rates in GBP yet.')).toBeVisible();
  });

  it('after the tabs, Tab goes to the panel’s first button, or to the Imports panel itself', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    answer('get', `/projects/${project.id}/import-batches`, () => HttpResponse.json({ data: [] }));
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('tab', { name: 'Costs' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add cost' })).toHaveFocus();

    await user.click(screen.getByRole('tab', { name: 'Imports' }));
    expect(await screen.findByText('Nothing has been imported into this project.')).toBeVisible();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Imports' })).toHaveFocus();
  });

  it('opens the Costs tab for a tab the URL does not know', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    renderApp(`/financial/projects/${project.id}?tab=nonsense`, { user: FINANCE });
    expect(await screen.findByRole('tab', { name: 'Costs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('No costs yet: add one or import a CSV file.')).toBeVisible();
  });
});
