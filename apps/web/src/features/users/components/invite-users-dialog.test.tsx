import type { BulkCreateResult } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast, reauthenticationRequired } from '../../../testing/http.js';
import type { renderApp } from '../../../testing/render-app.js';
import { serveBulkCreate, serveEmailCheck } from '../testing/users-api.js';
import { openUsersDialog } from '../testing/users-page.js';

const TAKEN = createUser({ email: 'taken@example.com', fullName: 'Tina Taken' });

async function openDialog() {
  const { queries: listQueries, ...view } = await openUsersDialog('Invite users', 'Invite users');
  return { ...view, listQueries };
}

async function fillRow(
  user: ReturnType<typeof renderApp>['user'],
  row: number,
  { email, fullName, role }: { email?: string; fullName?: string; role?: string },
) {
  if (email !== undefined) await user.type(screen.getByLabelText(`Email ${row}`), email);
  if (fullName !== undefined) await user.type(screen.getByLabelText(`Full name ${row}`), fullName);
  if (role !== undefined) {
    await user.click(screen.getByRole('combobox', { name: `Role ${row}` }));
    await user.click(await screen.findByRole('option', { name: role }));
  }
}

const send = () => screen.getByRole('button', { name: 'Send invitations' });

describe('invite users dialog', () => {
  it('opens a 720px dialog with one row of labelled fields', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveStyle({ maxWidth: '720px' });
    expect(dialog).toHaveAccessibleDescription(
      'Each person gets an email with a link to set up their account.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Email 1' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Full name 1' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Role 1' })).toHaveTextContent(
      'Select here',
    );
    expect(within(dialog).getByRole('button', { name: 'Remove row 1' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add row' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('adds and removes rows', async () => {
    const { user } = await openDialog();
    await user.type(screen.getByLabelText('Email 1'), 'first@example.com');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.getByLabelText('Email 2')).toHaveFocus();
    // Adding a row checks nothing that was not filled in yet.
    expect(screen.queryByText('Please select role')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter email.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email 2'), 'second@example.com');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getByLabelText('Email 3'), 'third@example.com');

    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(screen.queryByLabelText('Email 3')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email 2')).toHaveValue('third@example.com');
    // The Remove button that had focus went with its row: focus goes to the next row's email,
    // else the previous row's, never to the body.
    await waitFor(() => expect(screen.getByLabelText('Email 2')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    await waitFor(() => expect(screen.getByLabelText('Email 1')).toHaveFocus());
    expect(screen.getByLabelText('Email 1')).toHaveValue('first@example.com');
  });

  it('checks each row as it is filled, with the shared messages', async () => {
    const checks = serveEmailCheck();
    const created = serveBulkCreate();
    const { user } = await openDialog();

    await user.click(send());
    expect(await screen.findByText('Please enter email.')).toBeVisible();
    expect(screen.getByText('Please select role')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Role 1' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.type(screen.getByLabelText('Email 1'), 'not-an-email');
    expect(await screen.findByText('Email is invalid.')).toBeVisible();
    await user.clear(screen.getByLabelText('Email 1'));
    await user.type(screen.getByLabelText('Email 1'), 'ok@example.com');
    await waitFor(() => expect(screen.queryByText('Email is invalid.')).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Full name 1'), 'x'.repeat(101));
    await user.tab();
    expect(await screen.findByText('Please enter at most 100 characters.')).toBeVisible();
    expect(checks).toEqual([]);
    expect(created).toEqual([]);
  });

  it('refuses the same email twice', async () => {
    const created = serveBulkCreate();
    const { user } = await openDialog();
    await fillRow(user, 1, { email: 'twin@example.com', role: 'Contractor' });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await fillRow(user, 2, { email: 'TWIN@example.com', role: 'Finance' });
    await user.click(send());
    expect(await screen.findByText('This email appears more than once in the list.')).toBeVisible();
    expect(screen.getByLabelText('Email 2')).toHaveAccessibleDescription(
      'This email appears more than once in the list.',
    );
    expect(created).toEqual([]);
  });

  it('marks emails that already have an account and sends nothing', async () => {
    const checks = serveEmailCheck([TAKEN]);
    const created = serveBulkCreate();
    const { user } = await openDialog();
    await fillRow(user, 1, { email: 'fresh@example.com', role: 'Contractor' });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await fillRow(user, 2, { email: ' Taken@Example.com ', role: 'Finance' });
    await user.click(send());

    const taken = screen.getByLabelText('Email 2');
    await waitFor(() => expect(taken).toHaveAccessibleDescription('This email is already in use'));
    expect(taken).toHaveFocus();
    expect(screen.getByLabelText('Email 1')).not.toHaveAttribute('aria-invalid');
    expect(checks.map((call) => call.url.searchParams.get('emails'))).toEqual([
      'fresh@example.com,taken@example.com',
    ]);
    expect(created).toEqual([]);
  });

  it('invites the rows, sums up who was invited and who skipped, and refreshes the list', async () => {
    serveEmailCheck();
    const created = answer('post', '/users/bulk-create', ({ body }) => {
      const { users } = body as { users: { email: string; fullName?: string }[] };
      const [first, second] = users;
      const result: BulkCreateResult = {
        created: [createUser({ email: first?.email, fullName: first?.fullName ?? null })],
        skipped: [{ email: second?.email ?? '', reason: 'This email is already in use' }],
        mailDelivery: 'working',
      };
      return HttpResponse.json({ data: result }, { status: 201 });
    });
    const { user, listQueries } = await openDialog();
    await fillRow(user, 1, { email: 'cara@example.com', fullName: ' Cara Cole ', role: 'Finance' });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await fillRow(user, 2, { email: 'dan@example.com', role: 'Project owner' });
    await user.click(send());

    expect(
      await findToast(
        'Invitation sent! The new user can activate their account via the email link.',
      ),
    ).toBeVisible();
    expect(created.map((call) => call.body)).toEqual([
      {
        users: [
          { email: 'cara@example.com', fullName: 'Cara Cole', position: 'finance' },
          { email: 'dan@example.com', position: 'project_owner' },
        ],
      },
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Invite users' });
    const invited = within(dialog).getByRole('region', { name: '1 user invited' });
    expect(within(invited).getByRole('listitem')).toHaveTextContent('Cara Cole (cara@example.com)');
    const skipped = within(dialog).getByRole('region', { name: '1 email skipped' });
    expect(within(skipped).getByRole('listitem')).toHaveTextContent(
      'dan@example.com: This email is already in use',
    );
    await waitFor(() => expect(listQueries).toHaveLength(2));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Invite users' }));
    expect(await screen.findByLabelText('Email 1')).toHaveValue('');
  });

  it('puts the server’s per-row messages under their fields', async () => {
    serveEmailCheck();
    answer('post', '/users/bulk-create', () =>
      apiError(400, 'Some fields are invalid', { 'users.0.email': 'Email is invalid.' }),
    );
    const { user } = await openDialog();
    await fillRow(user, 1, { email: 'odd@example.com', role: 'Admin' });
    await user.click(send());
    expect(await findToast('Some fields are invalid')).toBeVisible();
    expect(screen.getByLabelText('Email 1')).toHaveAccessibleDescription('Email is invalid.');
    expect(screen.getByRole('dialog', { name: 'Invite users' })).toBeVisible();
  });

  it('invites an admin once the inviter confirms their password; closing the prompt keeps the rows', async () => {
    serveEmailCheck();
    let confirmed = false;
    const calls = answer('post', '/users/bulk-create', ({ body }) => {
      if (!confirmed) return reauthenticationRequired();
      const { users } = body as { users: { email: string }[] };
      const result: BulkCreateResult = {
        created: users.map((row) => createUser({ email: row.email, position: 'admin' })),
        skipped: [],
        mailDelivery: 'working',
      };
      return HttpResponse.json({ data: result }, { status: 201 });
    });
    const reauths = answer('post', '/auth/reauthenticate', () => {
      confirmed = true;
      return HttpResponse.json({ data: { reauthenticatedUntil: '2030-01-01T00:05:00.000Z' } });
    });
    const { user } = await openDialog();
    await fillRow(user, 1, { email: 'ana@example.com', role: 'Admin' });

    await user.click(send());
    let reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(reauth).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Confirm your password' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Email 1')).toHaveValue('ana@example.com');
    await waitFor(() => expect(send()).toHaveFocus());

    await user.click(send());
    reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(reauth).getByLabelText('Password'), 'Secret-pass1');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    expect(
      await findToast(
        'Invitation sent! The new user can activate their account via the email link.',
      ),
    ).toBeVisible();
    expect(reauths).toHaveLength(1);
    const sent = { users: [{ email: 'ana@example.com', position: 'admin' }] };
    expect(calls.map((call) => call.body)).toEqual([sent, sent, sent]);
    const dialog = screen.getByRole('dialog', { name: 'Invite users' });
    expect(within(dialog).getByRole('region', { name: '1 user invited' })).toBeVisible();
  });

  it('closes an open role list on Escape, and the dialog on a second Escape', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('combobox', { name: 'Role 1' }));
    expect(screen.getByRole('listbox', { name: 'Role 1' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Invite users' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Cancel without sending', async () => {
    const created = serveBulkCreate();
    const { user } = await openDialog();
    await fillRow(user, 1, { email: 'later@example.com' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Invite users' })).toHaveFocus();
    expect(created).toEqual([]);
  });
});
