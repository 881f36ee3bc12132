import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { HttpResponse } from 'msw';
import { queryClient } from '../../../lib/query-client.js';
import { ERROR_GROUPS_KEY } from '../api/get-error-groups.js';
import { createErrorGroup, serveErrorGroups } from '../testing/monitoring-api.js';

const ADMIN = createUser({ position: 'admin' });

const rows = () =>
  within(screen.getByRole('table', { name: 'Error groups' }))
    .getAllByRole('row')
    .slice(1);

describe('error group list', () => {
  it('is under the area’s navigation, its Errors entry marked', async () => {
    serveErrorGroups([]);
    renderApp('/monitoring/errors', { user: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Errors' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Monitoring' });
    expect(within(nav).getByRole('link', { name: 'Errors' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows a spinner while the first page loads', async () => {
    const held = gate();
    answer('get', '/monitoring/error-groups', async () => {
      await held.opened;
      return HttpResponse.json({
        data: [],
        meta: { currentPage: 1, itemsPerPage: 10, totalItems: 0, totalPages: 0 },
      });
    });
    renderApp('/monitoring/errors', { user: ADMIN });
    expect(await screen.findByText('Loading errors…')).toBeVisible();
    held.open();
    expect(
      await screen.findByText('Nothing has gone wrong on the server or in the site yet.'),
    ).toBeVisible();
  });

  it('says so when nothing has gone wrong', async () => {
    serveErrorGroups([]);
    renderApp('/monitoring/errors', { user: ADMIN });
    expect(
      await screen.findByText('Nothing has gone wrong on the server or in the site yet.'),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('No errors found');
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    answer('get', '/monitoring/error-groups', () => apiError(500, 'Database is down'));
    const { user } = renderApp('/monitoring/errors', { user: ADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The errors could not be loaded. Database is down');

    const group = createErrorGroup({ title: 'TypeError: back again' });
    serveErrorGroups([group]);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'TypeError: back again' })).toBeVisible();
  });

  it('shows each group in a row, with its status, counts and link', async () => {
    const regressed = createErrorGroup({
      title: 'Error: Profile could not be read',
      source: 'server',
      type: 'Error',
      regressed: true,
      count: 12,
      usersAffected: 4,
    });
    const ignored = createErrorGroup({ title: 'TypeError: noise', status: 'ignored' });
    serveErrorGroups([regressed, ignored]);
    renderApp('/monitoring/errors', { user: ADMIN });
    await screen.findByRole('link', { name: 'Error: Profile could not be read' });

    const cells = rows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );
    expect(cells[0]).toEqual([
      'Error: Profile could not be read',
      'Server',
      'UnresolvedRegressed',
      '20/11/2026 at 09:00 AM',
      '22/11/2026 at 10:30 AM',
      '12',
      '4',
    ]);
    expect(cells[1]?.slice(1, 3)).toEqual(['Browser', 'Ignored']);
    expect(screen.getByRole('link', { name: 'Error: Profile could not be read' })).toHaveAttribute(
      'href',
      `/monitoring/errors/${regressed.id}`,
    );
    expect(screen.getByRole('status')).toHaveTextContent('2 error groups, page 1 of 1');
  });

  it('keeps filters and sort in the URL and asks the server for them', async () => {
    const queries = serveErrorGroups([createErrorGroup({ status: 'resolved' })]);
    const { router, user } = renderApp('/monitoring/errors?status=resolved&source=bogus', {
      user: ADMIN,
    });
    await screen.findByRole('table', { name: 'Error groups' });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: 'resolved' }));
    expect(queries.at(-1)).not.toHaveProperty('source');

    await user.click(screen.getByRole('button', { name: 'Count' }));
    await waitFor(() =>
      expect(router.state.location.search).toContain('sortBy=count&sortDirection=DESC'),
    );
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ sortBy: 'count' }));
    expect(screen.getByRole('columnheader', { name: 'Count' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('resolves the selected groups at once', async () => {
    const first = createErrorGroup({ title: 'Error: first' });
    const second = createErrorGroup({ title: 'Error: second' });
    serveErrorGroups([first, second]);
    const calls = answer('post', '/monitoring/error-groups/bulk-resolve', () =>
      HttpResponse.json({ data: { resolved: 2 } }),
    );
    const { user } = renderApp('/monitoring/errors', { user: ADMIN });
    await screen.findByRole('link', { name: 'Error: first' });

    const resolve = screen.getByRole('button', { name: 'Resolve selected' });
    expect(resolve).toHaveAttribute('aria-disabled', 'true');
    await user.click(
      screen.getByRole('checkbox', { name: 'Select every error group on this page' }),
    );
    await user.click(screen.getByRole('button', { name: 'Resolve selected (2)' }));

    expect(await findToast('2 error groups resolved.')).toBeVisible();
    expect(calls[0]?.body).toEqual({ ids: [first.id, second.id] });
    expect(screen.getByRole('checkbox', { name: 'Select Error: first' })).not.toBeChecked();
  });

  it('hands focus in a group that leaves the list to the next group, else the previous, else the table', async () => {
    const groups = ['first', 'second', 'third'].map((name) =>
      createErrorGroup({ title: `Error: ${name}` }),
    );
    let listed = [...groups];
    serveErrorGroups(() => listed);
    const { user } = renderApp('/monitoring/errors?status=unresolved', { user: ADMIN });
    await screen.findByRole('link', { name: 'Error: first' });
    // Resolved elsewhere (another admin, the group's page) while the filter shows unresolved ones:
    // the list, loaded again, no longer has it.
    const leaves = async (index: number) => {
      listed = listed.filter((group) => group !== groups[index]);
      await act(() => queryClient.invalidateQueries({ queryKey: ERROR_GROUPS_KEY }));
    };

    await user.click(screen.getByRole('checkbox', { name: 'Select Error: second' }));
    await leaves(1);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Select Error: third' })).toHaveFocus(),
    );
    await leaves(2);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Select Error: first' })).toHaveFocus(),
    );
    await leaves(0);
    await waitFor(() =>
      expect(screen.getByText('Error groups', { selector: 'caption' })).toHaveFocus(),
    );
  });

  it('tells a finance user they have no access', async () => {
    renderApp('/monitoring/errors', { user: createUser({ position: 'finance' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeVisible();
  });
});
