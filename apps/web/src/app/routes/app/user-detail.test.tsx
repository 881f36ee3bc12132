import {
  MAIL_DELIVERY_MESSAGES,
  TWO_STEP_MESSAGES,
  type Position,
  type User,
} from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveUserList } from '../../../features/users/testing/users-api.js';
import { createUser } from '../../../testing/data.js';
import {
  answer,
  apiError,
  gate,
  findToast,
  reauthenticationRequired,
} from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { API, server } from '../../../testing/server.js';

const ADMIN = createUser({ fullName: 'Ada Admin', email: 'ada@example.com', position: 'admin' });

/** An admin opens `/users/{other.id}`; PATCH /users/{id} answers with the merged record. */
function renderOtherUser(overrides: Partial<User> = {}, me: User = ADMIN) {
  let current = createUser({
    fullName: 'Bob Jones',
    email: 'bob@example.com',
    position: 'contractor',
    status: 'active',
    createdAt: '2025-01-02T08:30:00.000Z',
    invitedBy: { id: ADMIN.id, fullName: 'Ada Admin' },
    ...overrides,
  });
  const path = `/users/${current.id}`;
  const reads = answer('get', path, () => HttpResponse.json({ data: current }));
  const patches = answer('patch', path, ({ body }) => {
    current = { ...current, ...(body as Partial<User>) };
    return HttpResponse.json({ data: current });
  });
  return { ...renderApp(path, { user: me }), reads, patches, other: current };
}

/** The record has arrived and the form shows. */
const loaded = () => screen.findByRole('combobox', { name: 'Role' });
const button = (name: string) => screen.queryByRole('button', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' });

async function choose(
  user: ReturnType<typeof renderApp>['user'],
  dropdown: string,
  option: string,
) {
  await user.click(screen.getByRole('combobox', { name: dropdown }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('another user’s profile', () => {
  it('lets an admin change role, status and name, and save them after confirming', async () => {
    const { user, patches } = renderOtherUser();
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'User profile' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('bob@example.com');
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
    expect(screen.queryByRole('link', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    // The tab's title says whose profile this is; Status comes before Save in tab order.
    await waitFor(() => expect(document.title).toBe('Bob Jones · User profile · Staff Admin'));
    expect(
      screen.getByRole('combobox', { name: 'Status' }).compareDocumentPosition(saveButton()) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(
      within(screen.getByRole('listbox', { name: 'Status' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Active', 'Inactive']);
    await user.click(screen.getByRole('option', { name: 'Inactive' }));
    await choose(user, 'Role', 'Finance');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), ' Sr');
    await user.click(saveButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to save changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, save' }));

    expect(await findToast('Your changes have been saved.')).toBeVisible();
    expect(patches.map((call) => call.body)).toEqual([
      { fullName: 'Bob Jones Sr', position: 'finance', status: 'inactive' },
    ]);
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    // The saved record is inactive now: no reset emails for it.
    expect(button('Reset Password')).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the record facts', async () => {
    renderOtherUser();
    await loaded();
    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(fact('Record date')).toHaveTextContent('02/01/2025 at 08:30 AM');
    expect(fact('Recorded by')).toHaveTextContent('Ada Admin');
  });

  describe('buttons by status', () => {
    it('active: Delete, Reset Password, Save changes', async () => {
      renderOtherUser({ status: 'active' });
      await loaded();
      expect(button('Delete')).not.toHaveAttribute('aria-disabled');
      expect(button('Reset Password')).not.toHaveAttribute('aria-disabled');
      expect(button('Resend invitation')).not.toBeInTheDocument();
      expect(saveButton()).toBeInTheDocument();
    });

    it('pending: Resend invitation instead, and the status is read-only', async () => {
      renderOtherUser({ status: 'pending' });
      await loaded();
      expect(button('Delete')).not.toHaveAttribute('aria-disabled');
      expect(button('Resend invitation')).not.toHaveAttribute('aria-disabled');
      expect(button('Reset Password')).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
      expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        'Pending',
      );
    });

    it('inactive: Reset Password disabled, status switchable', async () => {
      renderOtherUser({ status: 'inactive' });
      await loaded();
      expect(button('Reset Password')).toHaveAttribute('aria-disabled', 'true');
      // Why, as text on the screen that is read with the button.
      const reason = 'An inactive user cannot reset their password. Make them active first.';
      expect(screen.getByText(reason)).toBeVisible();
      expect(button('Reset Password')).toHaveAccessibleDescription(reason);
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Inactive');
    });
  });

  it('sends a reset email, with the button disabled while it runs', async () => {
    const held = gate();
    const resets = answer('post', '/users/forgot-password', async () => {
      await held.opened;
      return HttpResponse.json({ data: null });
    });
    const { user } = renderOtherUser();
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(button('Reset Password')).toHaveAttribute('aria-disabled', 'true'));
    await user.click(button('Reset Password') as HTMLElement);
    held.open();
    expect(
      await findToast(
        'Reset password email sent! This user can reset their password via the email link.',
      ),
    ).toBeVisible();
    expect(button('Reset Password')).not.toHaveAttribute('aria-disabled');
    expect(resets.map((call) => call.body)).toEqual([{ email: 'bob@example.com' }]);
  });

  it('resends an invitation to a pending user', async () => {
    const resends = answer('post', '/users/resend', () =>
      HttpResponse.json({ data: { mailDelivery: 'working' } }),
    );
    const { user } = renderOtherUser({ status: 'pending' });
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(
      await findToast(
        'Invitation sent! The new user can activate their account via the email link.',
      ),
    ).toBeVisible();
    expect(resends.map((call) => call.body)).toEqual([{ email: 'bob@example.com' }]);
  });

  it('says a resent invitation is queued while mail delivery is delayed, with the way to Mail', async () => {
    answer('post', '/users/resend', () => HttpResponse.json({ data: { mailDelivery: 'delayed' } }));
    const { user, router } = renderOtherUser({ status: 'pending' });
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    const toast = await findToast(MAIL_DELIVERY_MESSAGES.invitationQueued);
    const card = toast.closest<HTMLElement>('[data-sonner-toast]')!;
    expect(card).toHaveTextContent(MAIL_DELIVERY_MESSAGES.delayedDetail);
    expect(card).not.toHaveTextContent('Invitation sent!');
    answer('get', '/monitoring/mail', () =>
      HttpResponse.json({
        data: [],
        meta: { currentPage: 1, itemsPerPage: 10, totalItems: 0, totalPages: 0 },
      }),
    );
    await user.click(within(card).getByRole('button', { name: MAIL_DELIVERY_MESSAGES.openMail }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitoring/mail'));
  });

  it('shows the server message when an email cannot be sent', async () => {
    answer('post', '/users/resend', () =>
      apiError(400, 'This user has already set up the account'),
    );
    const { user } = renderOtherUser({ status: 'pending' });
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await findToast('This user has already set up the account')).toBeVisible();
  });

  it('deletes after confirming, then returns to the list', async () => {
    serveUserList([]);
    const { user, router, reads, other } = renderOtherUser();
    const deletions = answer('delete', `/users/${other.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete record' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete Bob Jones?');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Delete']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletions).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/users');
    expect(deletions).toHaveLength(1);
    expect(await findToast('The record has been deleted.')).toBeVisible();
    // The deleted record is not asked for again.
    expect(reads).toHaveLength(1);
  });

  it('stays on the record and says why when deleting fails', async () => {
    const { user, router, other } = renderOtherUser();
    answer('delete', `/users/${other.id}`, () => apiError(403, 'You are not allowed to do this'));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await findToast('You are not allowed to do this')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/users/${other.id}`);
  });

  it('lets an admin change the role of an invited user who has no name yet', async () => {
    const { user, patches } = renderOtherUser({ status: 'pending', fullName: null });
    await loaded();
    await choose(user, 'Role', 'Admin');
    await user.click(saveButton());
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, save' }),
    );
    expect(await findToast('Your changes have been saved.')).toBeVisible();
    expect(patches.map((call) => call.body)).toEqual([{ position: 'admin' }]);
  });

  it('makes a user an admin once the admin confirms their password; closing it saves nothing', async () => {
    const { user, other } = renderOtherUser();
    let confirmed = false;
    const patches = answer('patch', `/users/${other.id}`, ({ body }) =>
      confirmed
        ? HttpResponse.json({ data: { ...other, ...(body as Partial<User>) } })
        : reauthenticationRequired(),
    );
    answer('post', '/auth/reauthenticate', () => {
      confirmed = true;
      return HttpResponse.json({ data: { reauthenticatedUntil: '2030-01-01T00:05:00.000Z' } });
    });
    await loaded();
    await choose(user, 'Role', 'Admin');
    const save = async () => {
      await user.click(saveButton());
      const dialog = await screen.findByRole('alertdialog', {
        name: 'Do you want to save changes?',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, save' }));
      return screen.findByRole('dialog', { name: 'Confirm your password' });
    };

    // Closed: nothing saved, no error shown, the change still waiting to be saved.
    await user.click(within(await save()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin');
    expect(saveButton()).not.toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(saveButton()).toHaveFocus());

    const reauth = await save();
    await user.type(within(reauth).getByLabelText('Password'), 'Secret-pass1');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    expect(await findToast('Your changes have been saved.')).toBeVisible();
    expect(patches.map((call) => call.body)).toEqual([
      { fullName: 'Bob Jones', position: 'admin' },
      { fullName: 'Bob Jones', position: 'admin' },
      { fullName: 'Bob Jones', position: 'admin' },
    ]);
  });

  it('says so when the user does not exist', async () => {
    const missing = '00000000-0000-4000-8000-999999999999';
    server.use(http.get(`${API}/users/${missing}`, () => apiError(404, 'Not found')));
    renderApp(`/users/${missing}`, { user: ADMIN });
    expect(
      await screen.findByText('This user does not exist. They may have been deleted.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to User management' })).toHaveAttribute(
      'href',
      '/users',
    );
  });

  it('shows one’s own id as one’s own profile', async () => {
    const me = createUser({ position: 'admin', fullName: 'Ada Admin' });
    renderApp(`/users/${me.id}`, { user: me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile setting' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Change Password' })).toBeVisible();
    expect(button('Delete')).not.toBeInTheDocument();
  });

  it.each<Position>(['finance', 'contractor'])(
    'tells a %s user they have no access to someone else',
    async (position) => {
      renderApp('/users/00000000-0000-4000-8000-999999999998', {
        user: createUser({ position }),
      });
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'You do not have access to this page',
        }),
      ).toBeVisible();
    },
  );

  it('lets an admin reset two-step sign-in after a confirm, then shows the user without it', async () => {
    const { user, other } = renderOtherUser({ twoStepEnabled: true });
    await loaded();
    const reset = await screen.findByRole('button', { name: 'Reset two-step sign-in' });
    const afterReset = { ...other, twoStepEnabled: false };
    const resets = answer('delete', `/users/${other.id}/two-step`, () => {
      server.use(
        http.get(`${API}/users/${other.id}`, () => HttpResponse.json({ data: afterReset })),
      );
      return HttpResponse.json({ data: afterReset });
    });
    await user.click(reset);
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset two-step sign-in' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));
    expect(await findToast(TWO_STEP_MESSAGES.resetByAdmin)).toBeInTheDocument();
    expect(resets).toHaveLength(1);
    await waitFor(() => expect(button('Reset two-step sign-in')).not.toBeInTheDocument());
  });

  it('asks the admin to confirm their password and code when the reset needs it, then resets', async () => {
    const me = createUser({ ...ADMIN, twoStepEnabled: true });
    const { user, other } = renderOtherUser({ twoStepEnabled: true }, me);
    await loaded();
    const afterReset = { ...other, twoStepEnabled: false };
    let confirmed = false;
    const resets = answer('delete', `/users/${other.id}/two-step`, () => {
      if (!confirmed) return reauthenticationRequired();
      server.use(
        http.get(`${API}/users/${other.id}`, () => HttpResponse.json({ data: afterReset })),
      );
      return HttpResponse.json({ data: afterReset });
    });
    const reauths = answer('post', '/auth/reauthenticate', () => {
      confirmed = true;
      return HttpResponse.json({ data: { reauthenticatedUntil: '2030-01-01T00:05:00.000Z' } });
    });

    await user.click(await screen.findByRole('button', { name: 'Reset two-step sign-in' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset two-step sign-in' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));

    // The profile's own prompt: the password, and a code since the admin has two-step on.
    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    const password = within(reauth).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'Secret-pass1');
    await user.type(within(reauth).getByLabelText('Code'), '123 456');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));

    expect(await findToast(TWO_STEP_MESSAGES.resetByAdmin)).toBeInTheDocument();
    expect(reauths.map((call) => call.body)).toEqual([
      { password: 'Secret-pass1', code: '123456' },
    ]);
    expect(resets).toHaveLength(2);
    await waitFor(() => expect(button('Reset two-step sign-in')).not.toBeInTheDocument());
    // The button is gone with the factors: focus goes to the section's heading, not the body.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Two-step sign-in' })).toHaveFocus(),
    );
  });

  it('resets nothing and says nothing more when the admin cancels the password prompt', async () => {
    const { user, other } = renderOtherUser({ twoStepEnabled: true });
    await loaded();
    const resets = answer('delete', `/users/${other.id}/two-step`, reauthenticationRequired);
    await user.click(await screen.findByRole('button', { name: 'Reset two-step sign-in' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset two-step sign-in' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));
    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    // Two-step sign-in is off for this admin: the password alone.
    expect(within(reauth).queryByLabelText('Code')).not.toBeInTheDocument();
    await user.click(within(reauth).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(resets).toHaveLength(1);
    expect(screen.queryByText(TWO_STEP_MESSAGES.reauthenticationRequired)).not.toBeInTheDocument();
    // Nothing changed: focus goes back to the button that began it.
    await waitFor(() => expect(button('Reset two-step sign-in')).toHaveFocus());
  });
});
