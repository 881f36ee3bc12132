import type { User } from '@staff-admin/shared';
import { screen } from '@testing-library/react';
import { createUser } from '../../../testing/data.js';
import { renderApp } from '../../../testing/render-app.js';
import { serveUserList } from './users-api.js';

/** The admin the user management tests sign in as. */
export const ADMIN = createUser({
  position: 'admin',
  fullName: 'Ada Admin',
  email: 'ada@example.com',
});

/**
 * The user management page at `url` (its query is the list's view), signed in as ADMIN, with
 * GET /users serving `users`. Returns the view and the query of every call to GET /users.
 */
export function renderUserList(users: User[], url = '/users') {
  const queries = serveUserList(users);
  return { ...renderApp(url, { user: ADMIN }), queries };
}

/**
 * The user management page (listing ADMIN alone) with the dialog that the button `button`
 * opens, named `dialogName`, open.
 */
export async function openUsersDialog(button: string, dialogName: string) {
  const view = renderUserList([ADMIN]);
  await view.user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  return { ...view, dialog };
}
