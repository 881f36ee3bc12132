import { SECURITY_MESSAGES, type User } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { apiError, answer, findToast } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { serveLockedAccounts, serveUserList } from '../testing/users-api.js';
import { ADMIN, renderUserList } from '../testing/users-page.js';

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
const names = () => rows().map((row) => within(row).getAllByRole('cell')[1]?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name });
const pageLabel = () => screen.getByText(/^Page \d+ of \d+$/);
const combobox = (name: string) => screen.getByRole('combobox', { name });
/** The row that shows `email`. */
const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;
/** The cell of `email`'s row under the column `column` (the row's first cell is its checkbox). */
function cellOf(email: string, column: string) {
  const columns = within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  return within(rowOf(email)).getAllByRole('cell')[columns.indexOf(column) + 1] as HTMLElement;
}
/** The list's default view, as the URL holds it: newest first, 10 a page. */
const DEFAULT_VIEW = { page: '1', limitPerPage: '10', sortBy: 'createdAt', sortDirection: 'DESC' };
/** What the site asks GET /users for the default view: inactive users too. */
const DEFAULT_QUERY = { ...DEFAULT_VIEW, includeInactive: 'true' };
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const urlQuery = (router: ReturnType<typeof renderApp>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('user management list', () => {
  it('shows each user in a row of the table', async () => {
    renderUserList([ALICE, PENDING]);
    expect(await screen.findByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
    await screen.findByText('alice@example.com');

    expect(
      within(screen.getByRole('table', { name: 'Users' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Full name',
      'Email',
      'Role',
      'Status',
      'Record date',
      'Last sign-in',
      'Invitation',
      '2-step',
    ]);
    const [pending, alice] = rows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    // Newest first by default; the first cell holds the row's checkbox.
    // The 2-step column says whether two-step sign-in is on (issue 15).
    expect(pending).toEqual([
      '',
      'N-',
      'newcomer@example.com',
      'Contractor',
      'Pending',
      'May 6, 2025',
      'Never',
      '-',
      'Off',
    ]);
    expect(alice).toEqual([
      '',
      'AAlice Smith',
      'alice@example.com',
      'Project manager',
      'Active',
      'Mar 4, 2025',
      'Never',
      '-',
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
    const { queries } = renderUserList([ALICE]);
    await screen.findByText('alice@example.com');
    expect(queries).toEqual([DEFAULT_QUERY]);
    expect(header('Record date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Full name')).not.toHaveAttribute('aria-sort');
  });

  it('shows the view a URL describes, and puts every change back into the URL', async () => {
    const { queries, user, router } = renderUserList(
      crowd(),
      '/users?search=person&page=2&limitPerPage=20&sortBy=email&sortDirection=ASC',
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
    const { queries } = renderUserList(
      [ALICE],
      '/users?page=-3&limitPerPage=7&sortBy=password&sortDirection=sideways',
    );
    await screen.findByText('alice@example.com');
    expect(queries[0]).toMatchObject(DEFAULT_VIEW);
  });

  it('searches once typing pauses, from the first page', async () => {
    const { queries, user, router } = renderUserList([ALICE, PENDING, ...crowd()], '/users?page=2');
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
    const { router } = renderUserList([ALICE, PENDING]);
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
    renderUserList([ALICE], '/users?search=zebra');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('No users found')).toBeVisible();
    // Also read out by screen readers, from a polite live region.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No users found'));
    expect(screen.getByText('Nobody’s name or email contains “zebra”.')).toBeVisible();
    expect(pageLabel()).toHaveTextContent('Page 1 of 1');
  });

  it('sorts by a column, then the other way on a second press', async () => {
    const { queries, user, router } = renderUserList(crowd());
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
    const { queries, user } = renderUserList(crowd());
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
    const { router } = renderUserList(crowd(), '/users?page=9');
    await waitFor(() => expect(pageLabel()).toHaveTextContent('Page 3 of 3'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');
  });

  it('opens a user from a click on the row, or Enter on its name link', async () => {
    answer('get', `/users/${ALICE.id}`, () => Response.json({ data: ALICE }));
    answer('get', `/users/${PENDING.id}`, () => Response.json({ data: PENDING }));
    const { user, router } = renderUserList([ALICE, PENDING]);

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

describe('user list filters', () => {
  // Never signed in, created 200 days ago: dormant for 90 days, not for 300.
  const FAY = createUser({
    fullName: 'Fay Finance',
    email: 'fay@example.com',
    position: 'finance',
    status: 'inactive',
    createdAt: daysAgo(200),
    lastSignInAt: null,
  });
  const FRED = createUser({
    fullName: 'Fred Finance',
    email: 'fred@example.com',
    position: 'finance',
    status: 'active',
    createdAt: daysAgo(100),
    lastSignInAt: daysAgo(1),
  });

  it('shows the filters a URL describes, and asks the server for them', async () => {
    const { queries } = renderUserList(
      [ALICE, PENDING, FAY, FRED],
      '/users?position=finance&status=inactive&dormantDays=30',
    );
    await screen.findByText('fay@example.com');

    expect(queries[0]).toEqual({
      position: 'finance',
      status: 'inactive',
      dormantDays: '30',
      ...DEFAULT_QUERY,
    });
    expect(combobox('Role')).toHaveTextContent('Finance');
    expect(combobox('Status')).toHaveTextContent('Inactive');
    expect(combobox('Sign-in')).toHaveTextContent('No sign-in for N days');
    expect(screen.getByRole('spinbutton', { name: 'Days without sign-in' })).toHaveValue(30);
    expect(names()).toEqual(['FFay Finance']);
  });

  it('puts each filter into the URL from the first page, and Clear filters takes them out', async () => {
    const { queries, user, router } = renderUserList(
      [ALICE, PENDING, FAY, FRED, ...crowd()],
      '/users?page=2',
    );
    await screen.findByText(/^Page 2 of/);
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    expect(clear).toHaveAttribute('aria-disabled', 'true');

    await user.click(combobox('Role'));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await waitFor(() => expect(names()).toEqual(['FFred Finance', 'FFay Finance']));
    expect(urlQuery(router)).toMatchObject({ position: 'finance', page: '1' });
    expect(queries.at(-1)).toMatchObject({ position: 'finance', page: '1' });
    // The result is still read out.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('2 users, page 1 of 1'),
    );
    expect(clear).not.toHaveAttribute('aria-disabled');

    await user.click(combobox('Sign-in'));
    await user.click(await screen.findByRole('option', { name: 'Never signed in' }));
    await waitFor(() => expect(names()).toEqual(['FFay Finance']));
    expect(urlQuery(router)).toMatchObject({ position: 'finance', neverSignedIn: 'true' });
    expect(queries.at(-1)).toMatchObject({ neverSignedIn: 'true' });
    expect(screen.queryByRole('spinbutton', { name: 'Days without sign-in' })).toBeNull();

    await user.click(combobox('Sign-in'));
    await user.click(await screen.findByRole('option', { name: 'No sign-in for N days' }));
    await waitFor(() => expect(urlQuery(router).dormantDays).toBe('90'));
    expect(urlQuery(router)).not.toHaveProperty('neverSignedIn');
    const days = screen.getByRole('spinbutton', { name: 'Days without sign-in' });
    expect(days).toHaveValue(90);
    await waitFor(() => expect(names()).toEqual(['FFay Finance']));

    // A number out of range says so and asks nothing.
    await user.clear(days);
    await user.type(days, '0');
    expect(await screen.findByText('Enter a whole number of days from 1 to 3650.')).toBeVisible();
    expect(urlQuery(router).dormantDays).toBe('90');
    await user.clear(days);
    await user.type(days, '300');
    await waitFor(() => expect(urlQuery(router).dormantDays).toBe('300'));
    const table = screen.getByRole('table', { name: 'Users' });
    expect(await within(table).findByText('No users found')).toBeVisible();
    expect(within(table).getByText('No user matches these filters.')).toBeVisible();
    expect(queries.at(-1)).toMatchObject({ position: 'finance', dormantDays: '300' });

    await user.click(clear);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('29 users, page 1 of 3'),
    );
    expect(urlQuery(router)).toEqual(DEFAULT_VIEW);
    expect(combobox('Role')).toHaveTextContent('All roles');
    expect(combobox('Sign-in')).toHaveTextContent('Any');
    // Disabled now, it keeps focus.
    expect(clear).toHaveAttribute('aria-disabled', 'true');
    expect(clear).toHaveFocus();
  });

  it('falls back to no filter for values a URL gets wrong', async () => {
    const { queries } = renderUserList(
      [ALICE],
      '/users?position=boss&status=gone&neverSignedIn=maybe&dormantDays=0',
    );
    await screen.findByText('alice@example.com');
    expect(queries[0]).toEqual(DEFAULT_QUERY);
    expect(combobox('Role')).toHaveTextContent('All roles');
    expect(combobox('Status')).toHaveTextContent('All statuses');
  });
});

describe('sign-ins and invitations', () => {
  const SAM = createUser({
    fullName: 'Sam Signed',
    email: 'sam@example.com',
    createdAt: '2025-01-01T09:00:00.000Z',
    lastSignInAt: '2025-06-07T08:00:00.000Z',
  });
  const EVE = createUser({
    fullName: 'Eve Expired',
    email: 'eve@example.com',
    status: 'pending',
    createdAt: '2025-04-01T09:00:00.000Z',
    invitedBy: { id: ADMIN.id, fullName: 'Ada Admin' },
    invitation: {
      sentAt: '2025-04-01T09:00:00.000Z',
      expiresAt: '2025-04-08T09:00:00.000Z',
      expired: true,
    },
  });
  const FINN = createUser({
    fullName: 'Finn Fresh',
    email: 'finn@example.com',
    status: 'pending',
    createdAt: '2025-04-02T09:00:00.000Z',
    invitedBy: { id: ADMIN.id, fullName: 'Ada Admin' },
    invitation: {
      sentAt: '2025-04-10T09:00:00.000Z',
      expiresAt: '2025-04-17T09:00:00.000Z',
      expired: false,
    },
  });

  it('shows the last sign-in, or Never, and sorts by it', async () => {
    const { queries, user } = renderUserList([SAM, EVE, FINN]);
    await screen.findByText('sam@example.com');
    expect(cellOf('sam@example.com', 'Last sign-in')).toHaveTextContent(/^Jun 7, 2025$/);
    expect(cellOf('eve@example.com', 'Last sign-in')).toHaveTextContent(/^Never$/);

    await user.click(screen.getByRole('button', { name: 'Last sign-in' }));
    await waitFor(() => expect(header('Last sign-in')).toHaveAttribute('aria-sort', 'ascending'));
    expect(queries.at(-1)).toMatchObject({ sortBy: 'lastSignInAt', sortDirection: 'ASC' });
    // Accounts that never signed in come first going up.
    await waitFor(() => expect(names().at(-1)).toBe('SSam Signed'));
  });

  it("shows a pending user's invitation: sent, by whom, expiry, and Expired once it has", async () => {
    renderUserList([SAM, EVE, FINN]);
    await screen.findByText('eve@example.com');

    const expired = cellOf('eve@example.com', 'Invitation');
    expect(expired).toHaveTextContent('Sent Apr 1, 2025 by Ada Admin');
    expect(within(expired).getByText('Expired')).toBeVisible();
    expect(expired).toHaveTextContent('Expired Apr 8, 2025');

    const fresh = cellOf('finn@example.com', 'Invitation');
    expect(fresh).toHaveTextContent('Sent Apr 10, 2025 by Ada Admin');
    expect(fresh).toHaveTextContent('Expires Apr 17, 2025');
    expect(within(fresh).queryByText('Expired')).toBeNull();

    expect(cellOf('sam@example.com', 'Invitation')).toHaveTextContent(/^-$/);
  });
});

describe('locked accounts', () => {
  it('marks a locked account and unlocks it after asking', async () => {
    let locked = ['ALICE@example.com'];
    const lockQueries = serveLockedAccounts(() => locked);
    const unlocks = answer('post', '/monitoring/security/locked-accounts/unlock', () => {
      locked = [];
      return HttpResponse.json({ data: null });
    });
    const { queries: listQueries, user } = renderUserList([ALICE, PENDING]);
    await screen.findByText('alice@example.com');

    // Locks are per email, in any letter case.
    expect(await within(rowOf('alice@example.com')).findByText('Locked')).toBeVisible();
    expect(within(rowOf('newcomer@example.com')).queryByText('Locked')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Unlock/ })).toHaveLength(1);
    const unlock = screen.getByRole('button', { name: 'Unlock alice@example.com' });

    // Keep locked does nothing.
    await user.click(unlock);
    let dialog = await screen.findByRole('alertdialog', { name: 'Unlock account' });
    expect(dialog).toHaveAccessibleDescription(
      'alice@example.com will be able to sign in again at once. The unlock is recorded in the audit trail.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep locked' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(unlock).toHaveFocus();
    expect(unlocks).toEqual([]);

    await user.click(unlock);
    dialog = await screen.findByRole('alertdialog', { name: 'Unlock account' });
    const listCalls = listQueries.length;
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await findToast(SECURITY_MESSAGES.unlocked('alice@example.com'))).toBeVisible();
    expect(unlocks.map((call) => call.body)).toEqual([{ email: 'alice@example.com' }]);
    await waitFor(() => expect(screen.queryByText('Locked')).not.toBeInTheDocument());
    expect(lockQueries.length).toBeGreaterThan(1);
    expect(listQueries.length).toBeGreaterThan(listCalls);
    // The Unlock button went with the lock: focus is on the user's name, not on the page.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Alice Smith' })).toHaveFocus());
  });
});

describe('CSV export', () => {
  it('downloads the users the search and filters match, in the list order, every page', async () => {
    const exports = answer(
      'get',
      '/users/export.csv',
      () =>
        new HttpResponse('\uFEFFFull name,Email\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    );
    // jsdom has no object URLs and does not download: both are stood in for.
    const createObjectURL = vi.fn(() => 'blob:users');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    try {
      const { user } = renderUserList(
        [ALICE, PENDING],
        '/users?search=ali&status=active&neverSignedIn=true&sortBy=email&sortDirection=ASC&limitPerPage=20',
      );
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(exports).toHaveLength(1);
      expect(Object.fromEntries(exports[0]!.url.searchParams)).toEqual({
        search: 'ali',
        status: 'active',
        neverSignedIn: 'true',
        includeInactive: 'true',
        sortBy: 'email',
        sortDirection: 'ASC',
      });
      expect(exports[0]!.headers.get('Authorization')).toBe('Bearer access-token');
      expect(downloads).toEqual([expect.stringMatching(/^users-\d{4}-\d{2}-\d{2}\.csv$/)]);
      expect(createObjectURL).toHaveBeenCalledTimes(1);
    } finally {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('says when the export fails', async () => {
    const exports = answer('get', '/users/export.csv', () =>
      apiError(500, 'Something went wrong on our side.'),
    );
    const { user } = renderUserList([ALICE]);
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    // The refusal's JSON body is read from the download's bytes: the toast has its message.
    expect(await findToast('Something went wrong on our side.')).toBeVisible();
    expect(exports).toHaveLength(1);
  });
});
