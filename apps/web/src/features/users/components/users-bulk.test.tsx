import {
  BULK_USERS_MAX,
  MAIL_DELIVERY_MESSAGES,
  type BulkUsersInput,
  type User,
} from '@staff-admin/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { apiError, answer, gate, reauthenticationRequired } from '../../../testing/http.js';
import { queryClient } from '../../../lib/query-client.js';
import { USERS_LIST_KEY } from '../api/get-users.js';
import { doneFor, serveBulk } from '../testing/users-api.js';
import { renderUserList } from '../testing/users-page.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** `count` users named "Person 001"… (or `name` 001…), created a minute apart, with `overrides`. */
const people = (count: number, overrides: Partial<User> = {}, name = 'Person'): User[] =>
  Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(3, '0');
    return createUser({
      fullName: `${name} ${n}`,
      email: `${name.toLowerCase()}${n}@example.com`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
      ...overrides,
    });
  });

const toolbar = () => screen.getByRole('region', { name: 'Selected users' });
const selectPage = () => screen.getByRole('checkbox', { name: 'Select every user on this page' });
const bodies = (calls: { body: unknown }[]) => calls.map((call) => call.body as BulkUsersInput);

describe('selecting users', () => {
  it('selects rows, the page, then every user that matches without loading them', async () => {
    const { queries, user } = renderUserList(people(25));
    await screen.findByText('person025@example.com');
    expect(screen.queryByRole('region', { name: 'Selected users' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Person 025' }));
    expect(within(toolbar()).getByText('1 selected')).toBeVisible();
    expect(selectPage()).not.toBeChecked();
    expect(selectPage()).toHaveProperty('indeterminate', true);
    // Not offered before the whole page is selected.
    expect(screen.queryByRole('button', { name: /^Select all/ })).toBeNull();

    await user.click(selectPage());
    expect(within(toolbar()).getByText('10 selected')).toBeVisible();
    expect(selectPage()).toBeChecked();
    for (const box of screen.getAllByRole('checkbox', { name: /^Select Person/ })) {
      expect(box).toBeChecked();
    }

    await user.click(screen.getByRole('button', { name: 'Select all 25 users that match' }));
    expect(within(toolbar()).getByText('25 selected')).toBeVisible();
    expect(within(toolbar()).getByText('All 25 users that match are selected.')).toBeVisible();
    // The offer is gone: focus is on what took its place.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Clear selection' })).toHaveFocus(),
    );
    expect(queries).toHaveLength(1);

    // Every row of another page is selected too.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('person015@example.com');
    for (const box of screen.getAllByRole('checkbox', { name: /^Select Person/ })) {
      expect(box).toBeChecked();
    }
    // Unticking one row leaves "every match": what stays selected is this page, less that row.
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 015' }));
    expect(within(toolbar()).getByText('9 selected')).toBeVisible();
    expect(within(toolbar()).queryByText(/users that match are selected/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected users' })).toBeNull();
    expect(selectPage()).toHaveFocus();
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('starts afresh when the search or a filter changes', async () => {
    const { user, router } = renderUserList(people(3));
    await screen.findByText('person001@example.com');
    await user.click(selectPage());
    expect(within(toolbar()).getByText('3 selected')).toBeVisible();
    await router.navigate('/users?status=active');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected users' })).toBeNull(),
    );
  });
});

describe('bulk actions', () => {
  it('asks first, and a cancelled confirmation does nothing', async () => {
    const users = people(2);
    const calls = serveBulk(users, doneFor(users));
    const { user } = renderUserList(users);
    await screen.findByText('person001@example.com');
    await user.click(selectPage());

    const deleteButton = within(toolbar()).getByRole('button', { name: 'Delete' });
    await user.click(deleteButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 users' });
    expect(dialog).toHaveAccessibleDescription(/^2 users selected\. .*This cannot be undone\.$/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    expect(calls).toEqual([]);
    expect(within(toolbar()).getByText('2 selected')).toBeVisible();
    expect(deleteButton).toHaveFocus();
  });

  it('says a resent invitation went to the server log when SMTP_URL is unset', async () => {
    const [pending] = people(1, { status: 'pending' });
    serveBulk([pending!], doneFor([pending!]), undefined, () => 'log');
    const { user } = renderUserList([pending!]);
    await user.click(await screen.findByRole('checkbox', { name: `Select ${pending!.fullName}` }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Resend invitation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Resend invitations to 1 user' });
    await user.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    const results = await screen.findByRole('dialog', { name: 'Results' });
    expect(await within(results).findByText('1 new invitation sent.')).toBeVisible();
    expect(within(results).getByText(MAIL_DELIVERY_MESSAGES.logged)).toBeVisible();
  });

  it('puts focus on the table once a bulk delete has emptied the page, never on the body', async () => {
    const users = people(2);
    serveBulk(users, (id, input) => {
      // The server deletes the row: the list, loaded again, no longer has it.
      users.splice(
        users.findIndex((user) => user.id === id),
        1,
      );
      return doneFor(people(2))(id, input);
    });
    const { user } = renderUserList(users);
    await screen.findByText('person001@example.com');
    await user.click(selectPage());
    await user.click(within(toolbar()).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 users' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const results = await screen.findByRole('dialog', { name: 'Results' });
    await user.click(await within(results).findByRole('button', { name: 'Done' }));

    // The toolbar that opened the run went with the selection, and "Select every user on this
    // page" is unavailable on an empty page: the table's caption takes focus.
    const table = screen.getByRole('table', { name: 'Users' });
    await waitFor(() => expect(table.querySelector('caption')).toHaveFocus());
    expect(within(table).queryByRole('checkbox', { name: /^Select Person/ })).toBeNull();
  });

  it('hands focus in a row that leaves the list to the next row, else the previous one', async () => {
    const users = people(3);
    const { user } = renderUserList(users, '/users?sortBy=email&sortDirection=ASC');
    await screen.findByText('person001@example.com');
    // Deleted elsewhere (another admin, the user's page) while focus is in the row: the list,
    // loaded again, no longer has it.
    const leaves = async (index: number) => {
      users.splice(index, 1);
      await act(() => queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY }));
    };
    const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

    await user.click(box('Person 002'));
    await leaves(1);
    await waitFor(() => expect(box('Person 003')).toHaveFocus());
    await leaves(1);
    await waitFor(() => expect(box('Person 001')).toHaveFocus());
  });

  it('runs a large selection in chunks of 100, with a progress bar', async () => {
    const users = people(150);
    const held = gate();
    const calls = serveBulk(users, doneFor(users), (call) =>
      call === 1 ? held.opened : undefined,
    );
    const { queries, user } = renderUserList(
      users,
      '/users?limitPerPage=100&sortBy=email&sortDirection=ASC',
    );
    await screen.findByText('person001@example.com');
    await user.click(selectPage());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('person150@example.com');
    await user.click(selectPage());
    expect(within(toolbar()).getByText('150 selected')).toBeVisible();

    await user.click(within(toolbar()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate 150 users' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    // The first 100 are done; the second call is held.
    const bar = await within(dialog).findByRole('progressbar', { name: 'Deactivating users' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(bar).toHaveAttribute('aria-valuemax', '150');
    expect(bar).toHaveAttribute('aria-valuetext', '100 of 150');
    expect(within(dialog).getByText('100 of 150')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toHaveFocus();
    const listCalls = queries.length;
    held.open();

    const results = await screen.findByRole('dialog', { name: 'Results' });
    expect(await within(results).findByText('150 users deactivated.')).toHaveFocus();
    expect(bodies(calls).map((body) => [body.action, body.ids?.length, body.filter])).toEqual([
      ['deactivate', BULK_USERS_MAX, undefined],
      ['deactivate', 50, undefined],
    ]);
    expect(new Set(bodies(calls).flatMap((body) => body.ids))).toEqual(
      new Set(users.map((person) => person.id)),
    );
    // The list is loaded again and the selection is done with.
    expect(queries.length).toBeGreaterThan(listCalls);
    expect(screen.queryByRole('region', { name: 'Selected users', hidden: true })).toBeNull();

    await user.click(within(results).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(results).not.toBeInTheDocument());
    // The toolbar that opened the dialog is gone: focus goes to the page's checkbox.
    await waitFor(() => expect(selectPage()).toHaveFocus());
  });

  it('acts on every user that matches by following the cursor, never loading them', async () => {
    const pending = people(250, { status: 'pending' });
    const active = people(5, { status: 'active' }, 'Active');
    const held = gate();
    // The second call finds mail delivery delayed (issue 33, item 18): some emails wait.
    const calls = serveBulk(
      [...pending, ...active],
      doneFor(pending),
      (call) => (call === 2 ? held.opened : undefined),
      (call) => (call === 1 ? 'delayed' : 'working'),
    );
    const { queries, user } = renderUserList(
      [...pending, ...active],
      '/users?status=pending&limitPerPage=100',
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('250 users'));
    await user.click(selectPage());
    await user.click(screen.getByRole('button', { name: 'Select all 250 users that match' }));

    await user.click(within(toolbar()).getByRole('button', { name: 'Resend invitation' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Resend invitations to 250 users',
    });
    expect(dialog).toHaveAccessibleDescription(
      /^Every user that matches the search and filters: 250 users now\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));

    const bar = await within(dialog).findByRole('progressbar');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '200'));
    expect(bar).toHaveAttribute('aria-valuetext', '200 of 250');
    held.open();
    const results = await screen.findByRole('dialog', { name: 'Results' });
    expect(await within(results).findByText('250 new invitations queued.')).toBeVisible();
    expect(
      within(results).getByText(
        `${MAIL_DELIVERY_MESSAGES.invitationsQueued(250)} ${MAIL_DELIVERY_MESSAGES.delayedDetail}`,
      ),
    ).toBeVisible();
    expect(within(results).getByRole('link', { name: 'Open Monitoring › Mail' })).toHaveAttribute(
      'href',
      '/monitoring/mail',
    );

    const sorted = [...pending].sort((a, b) => a.id.localeCompare(b.id));
    expect(bodies(calls)).toEqual([
      {
        action: 'resendInvitation',
        filter: { includeInactive: true, status: 'pending' },
        limit: BULK_USERS_MAX,
      },
      {
        action: 'resendInvitation',
        filter: { includeInactive: true, status: 'pending' },
        limit: BULK_USERS_MAX,
        after: sorted[99]!.id,
      },
      {
        action: 'resendInvitation',
        filter: { includeInactive: true, status: 'pending' },
        limit: BULK_USERS_MAX,
        after: sorted[199]!.id,
      },
    ]);
    // The page only ever asked for pages of the list, never for every match.
    expect(queries.every((query) => query.limitPerPage === '100')).toBe(true);
  });

  it('deactivates the dormant users, says how many changed and shows them with their new status', async () => {
    const dormant = people(3, { status: 'active', lastSignInAt: daysAgo(200) }, 'Dormant');
    const recent = people(1, { status: 'active', lastSignInAt: daysAgo(2) }, 'Recent');
    // The server's change: the users it deactivates are inactive from then on.
    serveBulk([...dormant, ...recent], (id) => {
      const changed = dormant.find((person) => person.id === id)!;
      changed.status = 'inactive';
      return { email: changed.email, outcome: 'done', message: null };
    });
    const { user } = renderUserList([...dormant, ...recent], '/users?dormantDays=90');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 users'));
    await user.click(selectPage());
    await user.click(within(toolbar()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate 3 users' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    const results = await screen.findByRole('dialog', { name: 'Results' });
    await waitFor(() => expect(within(results).getByText('3 users deactivated.')).toHaveFocus());
    const changed = within(results).getByRole('region', { name: 'Changed (3)' });
    expect(changed).toHaveTextContent(
      'Those who still match the search and filters stay in the list, with their new status.',
    );
    expect(
      within(changed)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
        .sort(),
    ).toEqual(dormant.map((person) => `${person.email}: now Inactive`).sort());
    await user.click(within(results).getByRole('button', { name: 'Done' }));

    // Still dormant, so still listed: each with its new status.
    for (const person of dormant) {
      expect(screen.getByRole('row', { name: new RegExp(person.email) })).toHaveTextContent(
        'Inactive',
      );
    }
  });

  it('shows each row that was skipped or failed, with its email and why', async () => {
    const [done, skipped, failed, gone] = people(4);
    const users = [done!, skipped!, failed!, gone!];
    const calls = serveBulk(users, (id) => {
      if (id === skipped!.id)
        return { email: skipped!.email, outcome: 'skipped', message: 'Already inactive.' };
      if (id === failed!.id)
        return {
          email: failed!.email,
          outcome: 'failed',
          message: 'The last active admin cannot be deactivated.',
        };
      if (id === gone!.id) return { email: null, outcome: 'failed', message: 'User not found' };
      return { email: done!.email, outcome: 'done', message: null };
    });
    const { user } = renderUserList(users);
    await screen.findByText('person001@example.com');
    await user.click(selectPage());
    await user.click(within(toolbar()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate 4 users' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    const results = await screen.findByRole('dialog', { name: 'Results' });
    expect(
      await within(results).findByText('1 user deactivated. 1 skipped, 2 failed.'),
    ).toBeVisible();
    const failedList = within(results).getByRole('region', { name: 'Failed (2)' });
    expect(
      within(failedList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      // In the order sent (the page's, newest first). The server could not name a user it did
      // not find: the page still knows the email.
      `${gone!.email}: User not found`,
      `${failed!.email}: The last active admin cannot be deactivated.`,
    ]);
    const skippedList = within(results).getByRole('region', { name: 'Skipped (1)' });
    expect(within(skippedList).getByRole('listitem')).toHaveTextContent(
      `${skipped!.email}: Already inactive.`,
    );
    // The one done is listed with its new status.
    expect(within(results).getByRole('region', { name: 'Changed (1)' })).toHaveTextContent(
      `${done!.email}: now Inactive`,
    );
    expect(calls).toHaveLength(1);
  });

  it('says when a call fails, and what was not processed', async () => {
    const users = people(120);
    let call = 0;
    answer('post', '/users/bulk', ({ body }) => {
      call += 1;
      if (call === 2) return apiError(500, 'The server is busy. Please try again in a moment.');
      const { ids = [] } = body as BulkUsersInput;
      return Response.json({
        data: {
          results: ids.map((id) => ({ id, email: null, outcome: 'done', message: null })),
          next: null,
        },
      });
    });
    const { user } = renderUserList(users, '/users?limitPerPage=100');
    await screen.findByText('person120@example.com');
    await user.click(selectPage());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('person020@example.com');
    await user.click(selectPage());
    await user.click(within(toolbar()).getByRole('button', { name: 'End sessions' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'End the sessions of 120 users',
    });
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));

    const results = await screen.findByRole('dialog', { name: 'Results' });
    expect(await within(results).findByText('100 users signed out everywhere.')).toBeVisible();
    expect(within(results).getByRole('alert')).toHaveTextContent(
      'Stopped by an error: The server is busy. Please try again in a moment. 20 users not processed.',
    );
  });

  it('asks for the new role before changing roles', async () => {
    const users = people(1);
    const calls = serveBulk(users, doneFor(users));
    const { user } = renderUserList(users);
    await screen.findByText('person001@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 001' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the role of 1 user' });

    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByText('Please select role')).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: 'New role' })).toHaveFocus();
    expect(calls).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'New role' }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await screen.findByRole('dialog', { name: 'Results' });
    expect(bodies(calls)).toEqual([
      { action: 'changeRole', position: 'finance', ids: [users[0]!.id] },
    ]);
  });
});

describe('making users admins', () => {
  /** Two users chosen, "Change role" to Admin confirmed; POST /users/bulk wants a recent password. */
  async function makeAdmins() {
    const users = people(2);
    let confirmed = false;
    const calls = answer('post', '/users/bulk', ({ body }) => {
      if (!confirmed) return reauthenticationRequired();
      const { ids = [] } = body as BulkUsersInput;
      const results = ids.map((id) => ({ id, email: null, outcome: 'done', message: null }));
      return Response.json({ data: { results, next: null } });
    });
    const reauths = answer('post', '/auth/reauthenticate', () => {
      confirmed = true;
      return Response.json({ data: { reauthenticatedUntil: '2030-01-01T00:05:00.000Z' } });
    });
    const view = renderUserList(users);
    const { user } = view;
    await screen.findByText('person001@example.com');
    await user.click(selectPage());
    await user.click(within(toolbar()).getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the role of 2 users' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    return { ...view, users, calls, reauths, reauth };
  }

  it('asks for the password when the server wants it, then sends the same call again', async () => {
    const { user, users, calls, reauths, reauth } = await makeAdmins();
    const password = within(reauth).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'Secret-pass1');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));

    const results = await screen.findByRole('dialog', { name: 'Results' });
    const summary = await within(results).findByText('2 users given the role Admin.');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(reauths.map((call) => call.body)).toEqual([{ password: 'Secret-pass1' }]);
    // The refused call, then the same call again.
    const [refused, sent] = bodies(calls);
    expect(calls).toHaveLength(2);
    expect(sent).toEqual(refused);
    expect(sent).toMatchObject({ action: 'changeRole', position: 'admin' });
    expect(new Set(sent?.ids)).toEqual(new Set(users.map((item) => item.id)));
  });

  it('stops without changing anyone when the password prompt is closed', async () => {
    const { user, calls, reauths, reauth } = await makeAdmins();
    await user.click(within(reauth).getByRole('button', { name: 'Cancel' }));

    const results = await screen.findByRole('dialog', { name: 'Results' });
    expect(within(results).getByText('0 users given the role Admin.')).toBeVisible();
    expect(
      within(results).getByText('Stopped before the end: 2 users not processed.'),
    ).toBeVisible();
    expect(within(results).queryByRole('alert')).not.toBeInTheDocument();
    // Reading starts at the outcome, as after any run.
    await waitFor(() =>
      expect(within(results).getByText('0 users given the role Admin.')).toHaveFocus(),
    );
    expect(calls).toHaveLength(1);
    expect(reauths).toEqual([]);
  });
});

describe('reminders', () => {
  it('resends to every pending user whose newest invitation is more than N days old', async () => {
    const invited = (days: number) => ({
      status: 'pending' as const,
      createdAt: daysAgo(60),
      invitation: { sentAt: daysAgo(days), expiresAt: daysAgo(days - 7), expired: days > 7 },
    });
    const old = people(2, invited(30), 'Old');
    // Created long ago, but invited again yesterday: not reminded yet.
    const resent = people(1, invited(1), 'Resent');
    const active = people(1, { status: 'active', createdAt: daysAgo(60) }, 'Active');
    const everyone = [...old, ...resent, ...active];
    const calls = serveBulk(everyone, doneFor(everyone));
    const { queries, user } = renderUserList(everyone);
    await screen.findByText(old[0]!.email);

    const remind = screen.getByRole('button', { name: 'Remind pending users' });
    await user.click(remind);
    const dialog = await screen.findByRole('alertdialog', { name: 'Remind pending users' });
    expect(
      await within(dialog).findByText('2 pending users were invited more than 7 days ago.'),
    ).toBeVisible();
    expect(queries.at(-1)).toMatchObject({
      status: 'pending',
      invitedDays: '7',
      limitPerPage: '1',
    });

    const days = within(dialog).getByRole('spinbutton', { name: 'Days since the invitation' });
    await user.clear(days);
    await user.type(days, '45');
    expect(
      await within(dialog).findByText('No pending user was invited more than 45 days ago.'),
    ).toBeVisible();
    const send = within(dialog).getByRole('button', { name: 'Send reminders' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await user.click(send);
    expect(calls).toEqual([]);

    // One day, and its noun, agree (issue 33, item 15: "more than 1 days ago").
    await user.clear(days);
    await user.type(days, '1');
    expect(await within(dialog).findByText(/ were invited more than 1 day ago\.$/)).toBeVisible();

    await user.clear(days);
    await user.type(days, '14');
    expect(
      await within(dialog).findByText('2 pending users were invited more than 14 days ago.'),
    ).toBeVisible();
    await user.click(send);
    const results = await screen.findByRole('dialog', { name: 'Results' });
    // Mail goes out: sent, as the one-user resend says it.
    expect(await within(results).findByText('2 new invitations sent.')).toBeVisible();
    expect(within(results).queryByRole('link', { name: 'Open Monitoring › Mail' })).toBeNull();
    expect(bodies(calls)).toEqual([
      {
        action: 'resendInvitation',
        filter: { includeInactive: true, status: 'pending', invitedDays: 14 },
        limit: BULK_USERS_MAX,
      },
    ]);
    await user.click(within(results).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(remind).toHaveFocus());
  });
});
