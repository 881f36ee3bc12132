import { BUDGETING_MESSAGES as M, DATE_FIELD_MESSAGES } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { createProject, detailOf, serveProject, serveProjects } from '../testing/budgeting-api.js';

// The budgeting fields' pickers and dates (issue 33): focus goes to the first invalid field in
// reading order whatever its kind, and dates are typed and shown dd/mm/yyyy but sent as ISO.

const FINANCE = createUser({ position: 'finance' });

async function openAddRate() {
  const project = createProject();
  serveProject(detailOf(project));
  answer('get', '/cost-rates', () => HttpResponse.json({ data: [] }));
  const calls = answer('post', '/cost-rates', () => HttpResponse.json({ data: {} }));
  const view = renderApp(`/financial/projects/${project.id}?tab=rates`, { user: FINANCE });
  await view.user.click(await screen.findByRole('button', { name: 'Add cost rate' }));
  return { ...view, calls, dialog: await screen.findByRole('dialog', { name: 'Add cost rate' }) };
}

describe('Add cost rate', () => {
  it('focuses the Person picker first when submitted empty', async () => {
    const { user, dialog, calls } = await openAddRate();
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    const person = within(dialog).getByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(person).toHaveFocus());
    expect(person).toHaveAttribute('aria-invalid', 'true');
    expect(person).toHaveAccessibleDescription(M.personRequired);
    expect(within(dialog).getByLabelText('Valid from')).toHaveAccessibleDescription(
      expect.stringContaining(DATE_FIELD_MESSAGES.day),
    );
    expect(calls).toHaveLength(0);
  });

  it('takes the day as dd/mm/yyyy and sends it as ISO', async () => {
    const { user, dialog, calls } = await openAddRate();
    await user.click(within(dialog).getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: /Wes Worker/ }));
    await user.type(within(dialog).getByLabelText('Hourly rate (GBP)'), '45');
    const validFrom = within(dialog).getByLabelText('Valid from');
    expect(validFrom).toHaveAccessibleDescription('dd/mm/yyyy');

    await user.type(validFrom, '31/06/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(validFrom).toHaveFocus());
    expect(validFrom).toHaveAccessibleDescription(expect.stringContaining(DATE_FIELD_MESSAGES.day));
    expect(calls).toHaveLength(0);

    await user.clear(validFrom);
    await user.type(validFrom, '1/6/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      userId: 'u1',
      rate: { amount: 4500, currency: 'GBP' },
      validFrom: '2026-06-01',
    });
  });
});

describe('Person picker', () => {
  it('searches the server, so that someone past the first page of people can be chosen', async () => {
    const { user, dialog } = await openAddRate();
    // The first page (no search) lists Wes only; Zed is found by a search.
    const searches = answer('get', '/budgeting/people', ({ url }) =>
      HttpResponse.json({
        data:
          url.searchParams.get('search') === 'zed'
            ? [{ id: 'u9', fullName: 'Zed Zulu', email: 'zed@example.com' }]
            : [{ id: 'u1', fullName: 'Wes Worker', email: 'wes@example.com' }],
      }),
    );
    const person = within(dialog).getByRole('combobox', { name: 'Person' });
    await user.click(person);
    await user.keyboard('zed');
    expect(await screen.findByRole('option', { name: 'Zed Zulu (zed@example.com)' })).toBeVisible();
    expect(searches.map((call) => call.url.searchParams.get('search'))).toContain('zed');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(person).toHaveFocus());
    expect(person).toHaveTextContent('Zed Zulu (zed@example.com)');
    // Back on the first page of people, the chosen one keeps their name.
    await waitFor(() => expect(searches.at(-1)!.url.searchParams.get('search')).toBeNull());
    expect(person).toHaveTextContent('Zed Zulu (zed@example.com)');
  });

  it('names the owner an edited project has, though the first page of people lacks them', async () => {
    const owner = { id: 'u9', fullName: 'Zed Zulu', email: 'zed@example.com' };
    const project = createProject({ owner });
    serveProject(detailOf(project));
    answer('get', '/cost-rates', () => HttpResponse.json({ data: [] }));
    const { user } = renderApp(`/financial/projects/${project.id}?tab=rates`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Edit project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Owner' })).toHaveTextContent(
        'Zed Zulu (zed@example.com)',
      ),
    );
  });
});

describe('New project', () => {
  it('focuses the Owner picker when it is the first field left out', async () => {
    serveProjects([]);
    answer('get', '/budgeting/people', () =>
      HttpResponse.json({ data: [{ id: 'u1', fullName: 'Fran Finance', email: 'f@x.com' }] }),
    );
    // Refused, so that the dialog stays: what was sent is what this test is about.
    const calls = answer('post', '/projects', () =>
      apiError(409, M.codeTaken, { code: M.codeTaken }),
    );
    const { user } = renderApp('/financial/projects', { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await user.type(within(dialog).getByLabelText('Code'), 'ACME-WEB');
    await user.type(within(dialog).getByLabelText('Name'), 'Website');
    await user.type(within(dialog).getByLabelText('Client'), 'Acme');
    await user.type(within(dialog).getByLabelText('Start date'), '01/02/2026');
    await user.type(within(dialog).getByLabelText('End date (optional)'), '31/01/2026');
    await user.type(within(dialog).getByLabelText('Budget'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));

    const owner = within(dialog).getByRole('combobox', { name: 'Owner' });
    await waitFor(() => expect(owner).toHaveFocus());
    expect(owner).toHaveAccessibleDescription(M.ownerRequired);
    expect(within(dialog).getByText(M.endBeforeStart)).toBeVisible();

    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    const end = within(dialog).getByLabelText('End date (optional)');
    await user.clear(end);
    await user.type(end, '31/12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({
      ownerId: 'u1',
      startDate: '2026-02-01',
      endDate: '2026-12-31',
    });
    const code = within(dialog).getByLabelText('Code');
    await waitFor(() => expect(code).toHaveAccessibleDescription(`e.g. ACME-WEB ${M.codeTaken}`));
  });
});

describe('Edit project', () => {
  it('shows the project’s dates as dd/mm/yyyy', async () => {
    const project = createProject({ startDate: '2026-01-05', endDate: '2026-12-31' });
    serveProject(detailOf(project));
    answer('get', '/cost-rates', () => HttpResponse.json({ data: [] }));
    const { user } = renderApp(`/financial/projects/${project.id}?tab=rates`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Edit project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('05/01/2026');
    expect(within(dialog).getByLabelText('End date (optional)')).toHaveValue('31/12/2026');
  });
});

describe('Costs filters', () => {
  it('apply a day once it is typed in full, and show the URL’s as dd/mm/yyyy', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    const { user, router } = renderApp(`/financial/projects/${project.id}?to=2026-06-30`, {
      user: FINANCE,
    });
    const to = await screen.findByRole('textbox', { name: 'To' });
    expect(to).toHaveValue('30/06/2026');
    const from = screen.getByRole('textbox', { name: 'From' });
    await user.type(from, '1/5/202');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBeNull();
    await user.type(from, '6');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-05-01'),
    );
    expect(from).toHaveValue('1/5/2026');
    await user.tab();
    expect(from).toHaveValue('01/05/2026');

    await user.clear(to);
    await user.type(to, '31/06/2026');
    await user.tab();
    expect(to).toHaveAccessibleDescription(`dd/mm/yyyy ${DATE_FIELD_MESSAGES.day}`);
    // Cleared, the filter went; the day that does not exist never came.
    expect(new URLSearchParams(router.state.location.search).get('to')).toBeNull();
  });
});
