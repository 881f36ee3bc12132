import type { User } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { gate } from '../../../testing/http.js';
import { doneFor, serveBulk } from '../testing/users-api.js';
import { renderUserList } from '../testing/users-page.js';

/**
 * The selection toolbar and the bulk run it starts, while focus stays on the control used
 * (issue 33, item 13): what a screen reader hears (the polite live region, role status, of the
 * toolbar or the dialog), and where the focused control is.
 */

const people = (count: number): User[] =>
  Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(3, '0');
    return createUser({
      fullName: `Person ${n}`,
      email: `person${n}@example.com`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
    });
  });

const toolbar = () => screen.getByRole('region', { name: 'Selected users' });
const announced = (container: HTMLElement) => within(container).getByRole('status');

describe('announcements of selection counts', () => {
  it('says each new count, and when every user that matches is selected', async () => {
    const { user } = renderUserList(people(25));
    await screen.findByText('person025@example.com');

    // The toolbar appears with the first selection: its region is heard all the same.
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 025' }));
    await waitFor(() => expect(announced(toolbar())).toHaveTextContent(/^1 user selected$/));

    await user.click(screen.getByRole('checkbox', { name: 'Select every user on this page' }));
    await waitFor(() => expect(announced(toolbar())).toHaveTextContent(/^10 users selected$/));

    await user.click(screen.getByRole('button', { name: 'Select all 25 users that match' }));
    await waitFor(() =>
      expect(announced(toolbar())).toHaveTextContent(/^25 users selected, every one that matches$/),
    );
  });
});

describe('the toolbar’s arrival', () => {
  it('keeps the ticked checkbox in view, though the toolbar pushes the table down', async () => {
    const { user } = renderUserList(people(3));
    const box = await screen.findByRole('checkbox', { name: 'Select Person 003' });
    const scrolled = vi.spyOn(box, 'scrollIntoView');
    await user.click(box);
    await screen.findByRole('region', { name: 'Selected users' });
    expect(box).toHaveFocus();
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
  });
});

describe('announcements of bulk progress', () => {
  it('says how far the run has got while focus is on Stop', async () => {
    const users = people(150);
    const held = gate();
    serveBulk(users, doneFor(users), (call) => (call === 1 ? held.opened : undefined));
    const { user } = renderUserList(
      users,
      '/users?limitPerPage=100&sortBy=email&sortDirection=ASC',
    );
    await screen.findByText('person001@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Select every user on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 150 users that match' }));

    await user.click(within(toolbar()).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate 150 users' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    // The first 100 are done, the second call is held: focus is on Stop, the region speaks.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stop' })).toHaveFocus());
    await waitFor(() =>
      expect(announced(dialog)).toHaveTextContent(/^Deactivating users: 100 of 150$/),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() =>
      expect(announced(dialog)).toHaveTextContent(
        /^Deactivating users: stopping after this batch$/,
      ),
    );
    held.open();
    expect(await screen.findByRole('dialog', { name: 'Results' })).toBeVisible();
  });
});
