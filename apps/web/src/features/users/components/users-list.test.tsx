import type { User } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { apiError, answer } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { serveUserList } from '../testing/users-api.js';

const ADMIN = createUser({ position: 'admin', fullName: 'Ada Admin', email: 'ada@example.com' });

const ALICE = createUser({
  fullName: 'Alice Smith',
  email: 'alice@example.com',
  position: 'project_manager',
  status: 'active',
  createdAt: '2025-03-04T09:05:00.000Z',
  twoStepEnabled: true,
});
const PENDING = createUser({
  fullName: null,
  email: 'newcomer@example.com',
  position: 'contractor',
  status: 'pending',
  createdAt: '2025-05-06T09:05:00.000Z',
});

/** 25 users named "Person 01" … "Person 25", created a day apart. */
const crowd = (): User[] =>
  Array.from({ length: 25 }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    return createUser({
      fullName: `Person ${n}`,
      email: `person${n}@example.com`,
      createdAt: `2025-01-${n}T10:00:00.000Z`,
    });
  });

const rows = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1);
const names = () => rows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name });
const pageLabel = () => screen.getByText(/^Page \d+ of \d+$/);

describe('user management list', () => {
  it('shows each user in a row of the table', async () => {
    serveUserList([ALICE, PENDING]);
    renderApp('/users', { user: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
    await screen.findByText('alice@example.com');

    expect(
      within(screen.getByRole('table', { name: 'Users' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Full name', 'Email', 'Role', 'Status', 'Record date', '2-step']);
    const [pending, alice] = rows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    // Newest first by default.
    // The 2-step column says whether two-step sign-in is on (issue 15).
    expect(pending).toEqual([
      'N-',
      'newcomer@example.com',
      'Contractor',
      'Pending',
      'May 6, 2025',
      'Off',
    ]);
    expect(alice).toEqual([
      'AAlice Smith',
      'alice@example.com',
      'Project manager',
      'Active',
      'Mar 4, 2025',
      'On',
    ]);
    expect(screen.getByRole('link', { name: 'Alice Smith' })).toHaveAttribute(
      'href',
      `/users/${ALICE.id}`,
    );
    expect(screen.getByRole('link', { name: 'newcomer@example.com' })).toHaveTextContent('-');
    expect(screen.getByText('2 users')).toBeVisible();
  });

  it('asks for inactive users too, newest first, 10 a page', async () => {
    const queries = serveUserList([ALICE]);
    renderApp('/users', { user: ADMIN });
    await screen.findByText('alice@example.com');
    expect(queries).toEqual([
      {
        page: '1',
        limitPerPage: '10',
        sortBy: 'createdAt',
        sortDirection: 'DESC',
        includeInactive: 'true',
      },
    ]);
    expect(header('Record date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Full name')).not.toHaveAttribute('aria-sort');
  });

  it('shows the view a URL describes, and puts every change back into the URL', async () => {
    const queries = serveUserList(crowd());
    const { user, router } = renderApp(
      '/users?search=person&page=2&limitPerPage=20&sortBy=email&sortDirection=ASC',
      { user: ADMIN },
    );
    await screen.findByText('person21@example.com');

    expect(queries[0]).toEqual({
      search: 'person',
      page: '2',
      limitPerPage: '20',
      sortBy: 'email',
      sortDirection: 'ASC',
      includeInactive: 'true',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('person');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('20');
    expect(header('Email')).toHaveAttribute('aria-sort', 'ascending');
    expect(pageLabel()).toHaveTextContent('Page 2 of 2');
    expect(names()).toEqual(['PPerson 21', 'PPerson 22', 'PPerson 23', 'PPerson 24', 'PPerson 25']);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pageLabel()).toHaveTextContent('Page 1 of 2'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      search: 'person',
      page: '1',
      limitPerPage: '20',
      sortBy: 'email',
      sortDirection: 'ASC',
    });

    // Back shows the previous view again.
    await router.navigate(-1);
    await waitFor(() => expect(pageLabel()).toHaveTextContent('Page 2 of 2'));
  });

  it('falls back to the defaults for values a URL gets wrong', async () => {
    const queries = serveUserList([ALICE]);
    renderApp('/users?page=-3&limitPerPage=7&sortBy=password&sortDirection=sideways', {
      user: ADMIN,
    });
    await screen.findByText('alice@example.com');
    expect(queries[0]).toMatchObject({
      page: '1',
      limitPerPage: '10',
      sortBy: 'createdAt',
      sortDirection: 'DESC',
    });
  });

  it('searches once typing pauses, from the first page', async () => {
    const queries = serveUserList([ALICE, PENDING, ...crowd()]);
    const { user, router } = renderApp('/users?page=2', { user: ADMIN });
    await screen.findByText(/^Page 2 of/);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alice');
    expect(queries.map((query) => query.search)).toEqual([undefined]);

    await waitFor(() => expect(names()).toEqual(['AAlice Smith']));
    // One request for the whole word, none for the letters on the way.
    expect(queries.map((query) => query.search)).toEqual([undefined, 'alice']);
    expect(queries[1]?.page).toBe('1');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('alice');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('1');
  });

  it('follows the URL when Back undoes a search', async () => {
    serveUserList([ALICE, PENDING]);
    const { router } = renderApp('/users', { user: ADMIN });
    await screen.findByText('alice@example.com');
    await router.navigate('/users?search=newcomer');
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('newcomer'),
    );
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
    expect(await screen.findByText('alice@example.com')).toBeVisible();
  });

  it('says when no user matches', async () => {
    serveUserList([ALICE]);
    renderApp('/users?search=zebra', { user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('No users found')).toBeVisible();
    // Also read out by screen readers, from a polite live region.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No users found'));
    expect(screen.getByText('Nobody’s name or email contains “zebra”.')).toBeVisible();
    expect(pageLabel()).toHaveTextContent('Page 1 of 1');
  });

  it('sorts by a column, then the other way on a second press', async () => {
    const queries = serveUserList(crowd());
    const { user, router } = renderApp('/users', { user: ADMIN });
    await screen.findByText('person25@example.com');

    await user.click(screen.getByRole('button', { name: 'Full name' }));
    await waitFor(() => expect(header('Full name')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Record date')).not.toHaveAttribute('aria-sort');
    await waitFor(() => expect(names()[0]).toBe('PPerson 01'));
    expect(queries.at(-1)).toMatchObject({ sortBy: 'fullName', sortDirection: 'ASC', page: '1' });

    await user.click(screen.getByRole('button', { name: 'Full name' }));
    await waitFor(() => expect(header('Full name')).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(names()[0]).toBe('PPerson 25'));
    expect(new URLSearchParams(router.state.location.search).get('sortDirection')).toBe('DESC');

    for (const [column, sortBy] of [
      ['Role', 'position'],
      ['Status', 'status'],
      ['Email', 'email'],
      ['Record date', 'createdAt'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: column }));
      await waitFor(() => expect(queries.at(-1)).toMatchObject({ sortBy, sortDirection: 'ASC' }));
    }
  });

  it('pages through the list and changes the page size', async () => {
    const queries = serveUserList(crowd());
    const { user } = renderApp('/users', { user: ADMIN });
    await screen.findByText('person25@example.com');
    expect(pageLabel()).toHaveTextContent('Page 1 of 3');
    expect(screen.getByText('25 users')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageLabel()).toHaveTextContent('Page 3 of 3'));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('25 users, page 3 of 3'),
    );
    expect(names()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    expect(queries.map((query) => query.page)).toEqual(['1', '2', '3']);

    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '10',
      '20',
      '50',
      '100',
    ]);
    await user.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() => expect(pageLabel()).toHaveTextContent('Page 1 of 2'));
    expect(names()).toHaveLength(20);
    expect(queries.at(-1)).toMatchObject({ page: '1', limitPerPage: '20' });
  });

  it('goes to the last page when the URL asks for one past the end', async () => {
    serveUserList(crowd());
    const { router } = renderApp('/users?page=9', { user: ADMIN });
    await waitFor(() => expect(pageLabel()).toHaveTextContent('Page 3 of 3'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');
  });

  it('opens a user from a click on the row, or Enter on its name link', async () => {
    serveUserList([ALICE, PENDING]);
    answer('get', `/users/${ALICE.id}`, () => Response.json({ data: ALICE }));
    answer('get', `/users/${PENDING.id}`, () => Response.json({ data: PENDING }));
    const { user, router } = renderApp('/users', { user: ADMIN });

    await user.click(await screen.findByText('alice@example.com'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${ALICE.id}`));
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Alice Smith');

    await router.navigate(-1);
    await screen.findByText('newcomer@example.com');
    // One tab stop per row: its name, a link named by the full name (or the email without one).
    for (const row of rows()) {
      expect(row).not.toHaveAttribute('tabindex');
      expect(within(row).getAllByRole('link')).toHaveLength(1);
    }
    const link = screen.getByRole('link', { name: 'newcomer@example.com' });
    expect(screen.getByRole('link', { name: 'Alice Smith' })).toBeInTheDocument();
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${PENDING.id}`));
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    // (A 4xx answer is not retried, so the test does not wait for a retry.)
    const calls = answer('get', '/users', () => apiError(403, 'You are not allowed to do this'));
    const { user } = renderApp('/users', { user: ADMIN });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The users could not be loaded. You are not allowed to do this',
    );
    serveUserList([ALICE]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('alice@example.com')).toBeVisible();
    expect(calls).toHaveLength(1);
  });
});
