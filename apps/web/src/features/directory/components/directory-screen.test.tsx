import { DIRECTORY_MESSAGES } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { findToast } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
// Loaded with the file, as the route loads it: the first test does not wait for its transform.
import './directory-screen.js';
import {
  createScimLogEntry,
  createScimToken,
  serveScimLog,
  serveScimTokens,
} from '../testing/directory-api.js';

const ADMIN = createUser({ fullName: 'Ada Admin', email: 'ada@example.com', position: 'admin' });
const PATH = '/monitoring/directory';

/** The admin opens Monitoring › Directory with these tokens and log. */
function renderDirectory(
  tokens: Parameters<typeof serveScimTokens>[0] = [],
  options: Parameters<typeof serveScimTokens>[1] = {},
  log = [createScimLogEntry()],
) {
  const calls = serveScimTokens(tokens, options);
  const queries = serveScimLog(log);
  return { ...renderApp(PATH, { user: ADMIN }), calls, queries };
}

const tokensTable = () => screen.findByRole('table', { name: 'SCIM tokens' });
const tokenRows = async () =>
  within(await tokensTable())
    .getAllByRole('row')
    .slice(1);

describe('Monitoring › Directory', () => {
  it('is a tab of Monitoring and gives the SCIM base URL to copy', async () => {
    const { user } = renderDirectory();
    expect(await screen.findByRole('heading', { level: 1, name: 'Directory' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Monitoring' });
    expect(within(nav).getByRole('link', { name: 'Directory' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const url = screen.getByRole('textbox', { name: 'SCIM base URL' });
    expect(url).toHaveValue(`${window.location.origin}/scim/v2`);
    expect(url).toHaveAttribute('readonly');
    expect(screen.getByText(/Okta or Microsoft Entra ID/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copy SCIM base URL' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/scim/v2`);
    expect(await findToast('The SCIM base URL has been copied.')).toBeVisible();
  });

  it('says when there is no token yet', async () => {
    renderDirectory([]);
    const table = await tokensTable();
    expect(await within(table).findByText('No tokens yet')).toBeVisible();
  });

  it('lists each token with who made it, when, its rotation and its last use', async () => {
    renderDirectory([
      createScimToken({
        name: 'Okta production',
        rotatedAt: '2026-11-21T14:15:00.000Z',
        lastUsedAt: '2026-11-22T10:30:00.000Z',
      }),
      createScimToken({ name: 'Entra test', createdBy: null }),
    ]);
    await within(await tokensTable()).findByRole('rowheader', { name: 'Okta production' });
    const cells = (await tokenRows()).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells[0]).toEqual([
      'Ada Adminada@example.com',
      '20/11/2026 at 09:00 AMRotated 21/11/2026 at 02:15 PM',
      '22/11/2026 at 10:30 AM',
      'RotateRevoke',
    ]);
    expect(cells[1]?.slice(0, 3)).toEqual(['A deleted account', '20/11/2026 at 09:00 AM', 'Never']);
    // Each button names its token (docs/accessibility.md rule 10).
    expect(screen.getByRole('button', { name: 'Rotate Entra test' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Revoke Entra test' })).toBeVisible();
  });

  it('creates a token and shows its secret once; closing the dialog forgets it', async () => {
    const { user, calls } = renderDirectory([]);
    const newToken = await screen.findByRole('button', { name: 'New token' });
    await user.click(newToken);
    const dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    await user.type(name, '  Okta production ');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token created' });
    expect(shown).toHaveAccessibleDescription(DIRECTORY_MESSAGES.tokenCreated);
    expect(calls.created).toEqual([{ name: 'Okta production' }]);
    const secret = within(shown).getByRole('textbox', { name: 'Secret of “Okta production”' });
    expect(secret).toHaveAttribute('readonly');
    const value = (secret as HTMLInputElement).value;
    expect(value).toMatch(/^scim_/);
    // Focus goes to the secret, which is read with what it is.
    await waitFor(() => expect(secret).toHaveFocus());

    await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(value);
    expect(await findToast('The token has been copied.')).toBeVisible();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Gone from the page: no field, no text holds it any more.
    expect(document.body).not.toHaveTextContent(value);
    expect(screen.queryByDisplayValue(value)).toBeNull();
    await waitFor(() => expect(newToken).toHaveFocus());
    expect(
      await within(await tokensTable()).findByRole('rowheader', { name: 'Okta production' }),
    ).toBeVisible();

    // A new dialog starts empty.
    await user.click(newToken);
    const again = await screen.findByRole('dialog', { name: 'New SCIM token' });
    expect(within(again).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('says what is wrong with the name on the field, which takes focus', async () => {
    const { user, calls } = renderDirectory([createScimToken({ name: 'Okta production' })]);
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });

    // Empty: the shared schema's message, tied to the field and focused.
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(DIRECTORY_MESSAGES.tokenNameRequired);
    expect(name).toHaveFocus();
    expect(calls.created).toEqual([]);

    // Taken: the server's 409 lands on the field too.
    await user.type(name, 'Okta production');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(DIRECTORY_MESSAGES.tokenNameTaken),
    );
    expect(name).toHaveFocus();
    expect(calls.created).toEqual([{ name: 'Okta production' }]);
    expect(screen.getByRole('dialog', { name: 'New SCIM token' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Token created' })).toBeNull();
  });

  it('asks for the password when the server wants a recent confirmation, then creates the token', async () => {
    const { user, calls } = renderDirectory([], { reauthenticate: true });
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Okta production');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(calls.created).toEqual([]);
    await user.type(within(reauth).getByLabelText('Password', { exact: true }), 'Kestrel!2345');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));

    const shown = await screen.findByRole('dialog', { name: 'Token created' });
    const secret = within(shown).getByRole('textbox', { name: /^Secret of/ });
    expect((secret as HTMLInputElement).value).toMatch(/^scim_/);
    expect(calls.reauthenticated).toBe(1);
    expect(calls.created).toEqual([{ name: 'Okta production' }]);
  });

  it('rotates a token after a confirmation and shows the new secret once', async () => {
    const okta = createScimToken({ name: 'Okta production' });
    const { user, calls } = renderDirectory([okta, createScimToken({ name: 'Entra test' })], {
      reauthenticate: true,
    });
    const rotate = await screen.findByRole('button', { name: 'Rotate Okta production' });

    // Kept: nothing is asked.
    await user.click(rotate);
    let confirm = await screen.findByRole('alertdialog', { name: 'Rotate token' });
    expect(confirm).toHaveTextContent('“Okta production” gets a new secret');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.rotated).toEqual([]);
    await waitFor(() => expect(rotate).toHaveFocus());

    await user.click(rotate);
    confirm = await screen.findByRole('alertdialog', { name: 'Rotate token' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(reauth).getByLabelText('Password', { exact: true }), 'Kestrel!2345');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));

    const shown = await screen.findByRole('dialog', { name: 'Token rotated' });
    expect(shown).toHaveAccessibleDescription(DIRECTORY_MESSAGES.tokenRotated);
    expect(calls.rotated).toEqual([okta.id]);
    const value = (within(shown).getByRole('textbox', { name: /^Secret of/ }) as HTMLInputElement)
      .value;
    expect(value).toMatch(/^scim_/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body).not.toHaveTextContent(value);
    // Focus is back on the Rotate that led here.
    await waitFor(() => expect(rotate).toHaveFocus());
    const row = rotate.closest('tr')!;
    expect(row).toHaveTextContent('Rotated 23/11/2026');
  });

  it('revokes a token after a confirmation; focus goes to the next token', async () => {
    const okta = createScimToken({ name: 'Okta production' });
    const { user, calls } = renderDirectory([okta, createScimToken({ name: 'Entra test' })]);
    const revoke = await screen.findByRole('button', { name: 'Revoke Okta production' });

    await user.click(revoke);
    let confirm = await screen.findByRole('alertdialog', { name: 'Revoke token' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.revoked).toEqual([]);

    await user.click(revoke);
    confirm = await screen.findByRole('alertdialog', { name: 'Revoke token' });
    expect(confirm).toHaveTextContent('“Okta production” stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await findToast(DIRECTORY_MESSAGES.tokenRevoked('Okta production'))).toBeVisible();
    expect(calls.revoked).toEqual([okta.id]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Okta production/ })).toBeNull(),
    );
    // The row went: focus is on the next token's first button, never on the page's body.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Rotate Entra test' })).toHaveFocus(),
    );
  });

  it('shows the sync log: operation, person, result and why a call failed', async () => {
    const dana = createUser({ fullName: 'Dana Directory', email: 'dana@example.com' });
    renderDirectory([], {}, [
      createScimLogEntry({
        user: { id: dana.id, fullName: dana.fullName, email: dana.email },
        subject: dana.email,
      }),
      createScimLogEntry({
        operation: 'update',
        tokenName: null,
        subject: 'sam@example.com',
        status: 401,
        detail: 'The bearer token is not valid.',
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Sync log' });
    const link = await within(table).findByRole('link', { name: 'Dana Directory' });
    expect(link).toHaveAttribute('href', `/users/${dana.id}`);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '22/11/2026 at 10:30 AM',
      'Okta production',
      'Create User',
      'Dana Directorydana@example.com',
      '201Success',
      '-',
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '22/11/2026 at 10:30 AM',
      'No valid token',
      'Update User',
      'sam@example.com',
      '401Failed',
      'The bearer token is not valid.',
    ]);
    await waitFor(() => expect(screen.getByText('2 calls, page 1 of 1')).toBeInTheDocument());
  });

  it('filters the log to the failed calls, in the URL and in the call', async () => {
    const { user, router, queries } = renderDirectory([], {}, [
      createScimLogEntry({ subject: 'ok@example.com' }),
      createScimLogEntry({ subject: 'refused@example.com', status: 409, detail: 'Taken.' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Sync log' });
    await within(table).findByText('ok@example.com');
    expect(queries.at(-1)).not.toHaveProperty('result');

    await user.click(screen.getByRole('combobox', { name: 'Result' }));
    await user.click(await screen.findByRole('option', { name: 'Failed only' }));
    const result = () => new URLSearchParams(router.state.location.search).get('result');
    await waitFor(() => expect(result()).toBe('failed'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ result: 'failed', page: '1' }));
    await waitFor(() => expect(within(table).queryByText('ok@example.com')).toBeNull());
    expect(within(table).getByText('refused@example.com')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Result' }));
    await user.click(await screen.findByRole('option', { name: 'All calls' }));
    await waitFor(() => expect(result()).toBeNull());
    await waitFor(() => expect(queries.at(-1)).not.toHaveProperty('result'));
  });

  it('opens on the failed calls from a link, and pages through the log', async () => {
    serveScimTokens([]);
    const queries = serveScimLog(
      Array.from({ length: 12 }, (_, index) =>
        createScimLogEntry({ subject: `refused${index}@example.com`, status: 409 }),
      ),
    );
    const { user, router } = renderApp(`${PATH}?result=failed`, { user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Sync log' });
    await within(table).findByText('refused0@example.com');
    expect(queries.at(-1)).toMatchObject({ result: 'failed', page: '1' });
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveTextContent('Failed only');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('result=failed&page=2'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ result: 'failed', page: '2' }));
    expect(await within(table).findByText('refused10@example.com')).toBeVisible();
  });
});
