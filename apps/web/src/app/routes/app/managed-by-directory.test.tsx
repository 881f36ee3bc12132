import { DIRECTORY_MESSAGES, type User } from '@staff-admin/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { choosePicture } from '../../../features/profile/testing/choose-picture.js';
import { serveEditableUser, serveUserList } from '../../../features/users/testing/users-api.js';
import { createUser } from '../../../testing/data.js';
import { answer, findToast } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';

const ADMIN = createUser({ fullName: 'Ada Admin', email: 'ada@example.com', position: 'admin' });
const REASON = DIRECTORY_MESSAGES.managedByDirectoryReason;

/** An admin opens `/users/{other.id}`; PATCH /users/{id} answers with the merged record. */
function renderOtherUser(overrides: Partial<User>) {
  const other = createUser({
    fullName: 'Dana Directory',
    email: 'dana@acme.example',
    ...overrides,
  });
  const patches = serveEditableUser(other);
  return { ...renderApp(`/users/${other.id}`, { user: ADMIN }), patches };
}

describe('users provisioned from the company’s directory', () => {
  it('are marked "Managed by directory" in the list, the others not', async () => {
    serveUserList([
      createUser({ fullName: 'Dana Directory', managedByDirectory: true }),
      createUser({ fullName: 'Pat Password' }),
    ]);
    renderApp('/users', { user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Users' });
    const rowOf = async (name: string) =>
      (await within(table).findByRole('link', { name })).closest('tr') as HTMLElement;
    expect(within(await rowOf('Dana Directory')).getByText('Managed by directory')).toBeVisible();
    expect(within(await rowOf('Pat Password')).queryByText('Managed by directory')).toBeNull();
  });

  it('have their name and status off, saying why; nothing can be typed or saved, Delete stays', async () => {
    const { user, patches } = renderOtherUser({ position: 'finance', managedByDirectory: true });
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    for (const control of [name, status]) {
      // Disabled, not hidden, and the reason is read with each.
      expect(control).toBeVisible();
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription(REASON);
    }
    expect(name).toHaveValue('Dana Directory');
    expect(screen.getByText('Managed by directory')).toBeVisible();
    expect(screen.getByText(REASON)).toBeVisible();
    // No group gives them a role: the directory sends none, and the admin sets it here.
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeEnabled();

    // Typing goes nowhere; Save stays off and sends nothing.
    await user.type(name, ' Jr');
    expect(name).toHaveValue('Dana Directory');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await user.click(save);
    expect(screen.queryByRole('alertdialog', { name: 'Do you want to save changes?' })).toBeNull();
    expect(patches).toEqual([]);

    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeEnabled();
    expect(remove).not.toHaveAttribute('aria-disabled');
  });

  it('have their role off too when the directory’s groups give it, with the same reason', async () => {
    renderOtherUser({ position: 'finance', managedByDirectory: true, managedBySso: true });
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toBeDisabled();
    expect(role).toHaveAccessibleDescription(REASON);
    expect(screen.queryByText('Managed by SSO')).toBeNull();
  });

  it('can get a role by hand: the save sends it, never the name or status', async () => {
    const { user, patches } = renderOtherUser({ position: 'contractor', managedByDirectory: true });
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to save changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, save' }));
    expect(await findToast('Your changes have been saved.')).toBeVisible();
    expect(patches.map((call) => call.body)).toEqual([{ position: 'finance' }]);
  });

  it('keep their picture theirs: a new one is saved without the fields the directory owns', async () => {
    const { user, patches } = renderOtherUser({ managedByDirectory: true });
    answer('post', '/uploads', () =>
      HttpResponse.json(
        { data: { path: 'users/dana.png', originalName: 'dana.png', size: 1024 } },
        { status: 201 },
      ),
    );
    const picture = new File([new Uint8Array(1024)], 'dana.png', { type: 'image/png' });
    await choosePicture(user, picture);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to save changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, save' }));
    expect(await findToast('Your changes have been saved.')).toBeVisible();
    expect(patches.map((call) => call.body)).toEqual([
      { position: 'admin', imageUrl: 'users/dana.png' },
    ]);
  });

  it('leave everything on for everyone else', async () => {
    renderOtherUser({ managedByDirectory: false });
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    expect(name).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeEnabled();
    expect(name).not.toHaveAccessibleDescription(REASON);
    expect(screen.queryByText('Managed by directory')).toBeNull();
  });

  it('see their own name off with the reason, their picture still theirs', async () => {
    const me = createUser({
      fullName: 'Dana Directory',
      position: 'finance',
      managedByDirectory: true,
    });
    renderApp('/users/profile', { user: me });
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    expect(name).toBeDisabled();
    expect(name).toHaveAccessibleDescription(REASON);
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(
      'Only an administrator can change your role.',
    );
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeEnabled();
  });
});
