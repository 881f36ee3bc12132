import type { User } from '@staff-admin/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveEditableUser, serveUserList } from '../../../features/users/testing/users-api.js';
import { createUser } from '../../../testing/data.js';
import { findToast } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';

const ADMIN = createUser({ fullName: 'Ada Admin', email: 'ada@example.com', position: 'admin' });
const MANAGED_REASON =
  "Managed by SSO: this role follows the company's sign-in and cannot be changed here.";

/** An admin opens `/users/{other.id}`; PATCH /users/{id} answers with the merged record. */
function renderOtherUser(overrides: Partial<User>) {
  const other = createUser({ fullName: 'Sam Sso', email: 'sam@acme.example', ...overrides });
  const patches = serveEditableUser(other);
  return { ...renderApp(`/users/${other.id}`, { user: ADMIN }), patches };
}

describe('users whose role follows the company sign-in', () => {
  it('are marked "Managed by SSO" in the list, the others not', async () => {
    serveUserList([
      createUser({ fullName: 'Sam Sso', position: 'finance', managedBySso: true }),
      createUser({ fullName: 'Pat Password', position: 'finance' }),
    ]);
    renderApp('/users', { user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Users' });
    const rowOf = async (name: string) =>
      (await within(table).findByRole('link', { name })).closest('tr') as HTMLElement;
    expect(within(await rowOf('Sam Sso')).getByText('Managed by SSO')).toBeInTheDocument();
    expect(within(await rowOf('Pat Password')).queryByText('Managed by SSO')).toBeNull();
  });

  it('have their role control off, saying why, and a save never sends the role', async () => {
    const { user, patches } = renderOtherUser({ position: 'finance', managedBySso: true });
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toBeDisabled();
    expect(role).toHaveAccessibleDescription(MANAGED_REASON);
    expect(screen.getByText('Managed by SSO')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to save changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, save' }));
    expect(await findToast('Your changes have been saved.')).toBeVisible();
    expect(patches.map((call) => call.body)).toEqual([{ fullName: 'Sam Sso Jr' }]);
  });

  it('leave the role control on for everyone else', async () => {
    renderOtherUser({ position: 'finance', managedBySso: false });
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toBeEnabled();
    expect(role).not.toHaveAccessibleDescription(MANAGED_REASON);
    expect(screen.queryByText('Managed by SSO')).toBeNull();
  });

  it('see why on their own profile too', async () => {
    const me = createUser({ position: 'finance', managedBySso: true });
    renderApp('/users/profile', { user: me });
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toHaveAccessibleDescription(MANAGED_REASON);
  });
});
