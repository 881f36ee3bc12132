import { VALIDATION_MESSAGES } from '@staff-admin/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToasts } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';

const PATH = '/users/profile/change-password';
const CURRENT = 'Old-Secret1';
const STRONG = 'New-Secret9';

function renderScreen() {
  const change = answer('patch', '/users/change-password');
  return { ...renderApp(PATH, { user: createUser() }), change };
}

const submit = () => screen.getByRole('button', { name: 'Change password' });

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  current: string,
  next: string,
  confirmation = next,
) {
  await user.type(await screen.findByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(submit());
}

describe('change password screen', () => {
  it('shows the three password fields, the rules, and a way back', async () => {
    const { user, router } = renderScreen();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change password' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      /^Your password must contain:/,
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
  });

  it('asks for every field and calls nothing when they are empty', async () => {
    const { user, change } = renderScreen();
    await screen.findByLabelText('Current password');
    await user.click(submit());

    expect(await screen.findByText('Please enter password.')).toBeInTheDocument();
    expect(screen.getByText('Please enter new password.')).toBeInTheDocument();
    expect(screen.getByText('Please enter confirm password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Please enter password.',
    );
    expect(change).toEqual([]);
  });

  it('rejects a weak new password with the strength message', async () => {
    const { user, change } = renderScreen();
    await fill(user, CURRENT, 'short1!');
    expect(
      await screen.findByText(
        'Please enter at least 8 characters, including a uppercase letter, lowercase letter, number and special character.',
      ),
    ).toBeInTheDocument();
    expect(change).toEqual([]);
  });

  it('rejects a confirmation that differs with "Password don\'t match."', async () => {
    const { user, change } = renderScreen();
    await fill(user, CURRENT, STRONG, 'New-Secret8');
    expect(await screen.findByText("Password don't match.")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(change).toEqual([]);
  });

  it("refuses a new password holding the user's email, or a common one, under the field", async () => {
    const change = answer('patch', '/users/change-password');
    const { user } = renderApp(PATH, { user: createUser({ email: 'jane.doe@example.com' }) });
    await fill(user, CURRENT, 'Jane.Doe-2025');

    const field = screen.getByLabelText('New password');
    expect(await screen.findByText(VALIDATION_MESSAGES.passwordContainsEmail)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(
      new RegExp(`${VALIDATION_MESSAGES.passwordContainsEmail}$`),
    );

    await user.clear(field);
    await user.type(field, 'Football1!');
    expect(await screen.findByText(VALIDATION_MESSAGES.passwordCommon)).toBeInTheDocument();
    expect(change).toEqual([]);
  });

  it('marks the rules as the new password is typed', async () => {
    const { user } = renderScreen();
    const field = await screen.findByLabelText('New password');
    const item = () => screen.getByText('An uppercase letter').closest('li');
    expect(item()).toHaveAttribute('data-state', 'unmet');
    await user.type(field, 'X');
    expect(item()).toHaveAttribute('data-state', 'met');
    expect(item()).toHaveTextContent('An uppercase letter: met');
  });

  it('changes the password, says so and goes back to the profile', async () => {
    const { user, router, change } = renderScreen();
    await fill(user, CURRENT, STRONG);

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
    expect(change.map((call) => call.body)).toEqual([
      { password: CURRENT, newPassword: STRONG, confirmNewPassword: STRONG },
    ]);
    expect(change.map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer access-token',
    ]);
  });

  it("shows 'Password is invalid.' under the current password when it is wrong", async () => {
    const { user, router } = renderApp(PATH, { user: createUser() });
    answer('patch', '/users/change-password', () =>
      apiError(400, 'The provided password does not match', {
        password: 'The provided password does not match',
      }),
    );
    await fill(user, 'Wrong-pass1', STRONG);

    const current = screen.getByLabelText('Current password');
    expect(await screen.findByText('Password is invalid.')).toBeInTheDocument();
    expect(current).toHaveAccessibleDescription('Password is invalid.');
    expect(current).toHaveFocus();
    expect(screen.queryByText('The provided password does not match')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('shows other failures in an error toast, and under the field the server names', async () => {
    const message = 'New password must be different from the current password.';
    const { user, router } = renderApp(PATH, { user: createUser() });
    answer('patch', '/users/change-password', () =>
      apiError(400, message, { newPassword: message }),
    );
    await fill(user, STRONG, STRONG);

    expect(await findToasts()).toHaveTextContent(message);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      new RegExp(`${message}$`),
    );
    expect(screen.queryByText('Password is invalid.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
  });
});
