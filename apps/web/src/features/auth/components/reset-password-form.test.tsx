import { VALIDATION_MESSAGES } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import {
  answerCheckToken,
  answerSignIn,
  invalidToken,
  submitNewPassword,
  tokenCheck,
} from '../testing/handlers.js';

const TOKEN = 'reset-token-456';
const EMAIL = 'alice@example.com';
const LINK = `/auth/reset-password?token=${TOKEN}`;
const STRONG = 'New-Secret9';

function renderValidLink() {
  const queries = answerCheckToken(tokenCheck('valid', EMAIL));
  const reset = answer('patch', '/users/reset-password');
  return { ...renderApp(LINK), queries, reset };
}

const confirm = () => screen.getByRole('button', { name: 'Confirm' });

describe('reset password screen', () => {
  it('checks the reset token, then shows the email read-only and the password fields', async () => {
    const { queries } = renderValidLink();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset password' }),
    ).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue(EMAIL);
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(queries).toEqual([{ token: TOKEN, jwtTokenType: 'reset_password_token' }]);
  });

  it('sends a visitor without a token to login, checking nothing', async () => {
    const queries = answerCheckToken(tokenCheck('valid', EMAIL));
    const { router } = renderApp('/auth/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(queries).toEqual([]);
  });

  it("sends a failing token to login with 'Invalid token.'", async () => {
    answerCheckToken(invalidToken);
    const { router } = renderApp(LINK);
    expect(await screen.findByText('Invalid token.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it("sends an expired token to login with 'Token is expired.'", async () => {
    answerCheckToken(tokenCheck('expired', EMAIL));
    const { router } = renderApp(LINK);
    expect(await screen.findByText('Token is expired.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('offers a new link from the error toast', async () => {
    answerCheckToken(tokenCheck('expired', EMAIL));
    const { user, router } = renderApp(LINK);
    const toast = (await screen.findByText('Token is expired.')).closest('li') as HTMLElement;
    expect(toast).toHaveAttribute('data-type', 'error');
    // From the keyboard (jsdom lacks the pointer capture sonner's swipe handling uses).
    within(toast).getByRole('button', { name: 'Request a new link' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/forgot-password'));
  });

  it('asks for both passwords and calls nothing when they are empty', async () => {
    const { user, reset } = renderValidLink();
    await screen.findByLabelText('New password');
    await user.click(confirm());

    expect(await screen.findByText('Please enter new password.')).toBeInTheDocument();
    expect(screen.getByText('Please enter confirm password.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(reset).toEqual([]);
  });

  it('rejects a weak password with the strength message', async () => {
    const { user, reset } = renderValidLink();
    await submitNewPassword(user, 'New password', 'Abcdefgh1');

    expect(
      await screen.findByText(
        'Please enter at least 8 characters, including a uppercase letter, lowercase letter, number and special character.',
      ),
    ).toBeInTheDocument();
    expect(reset).toEqual([]);
  });

  it('rejects a confirmation that differs with "Password don\'t match."', async () => {
    const { user, reset } = renderValidLink();
    await submitNewPassword(user, 'New password', STRONG, 'Other-Secret9');

    expect(await screen.findByText("Password don't match.")).toBeInTheDocument();
    expect(reset).toEqual([]);
  });

  it('refuses a common password under the field', async () => {
    const { user, reset } = renderValidLink();
    await submitNewPassword(user, 'New password', 'Welcome1!');

    expect(await screen.findByText(VALIDATION_MESSAGES.passwordCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(reset).toEqual([]);
  });

  it("puts the server's message for the new password under the field", async () => {
    answerCheckToken(tokenCheck('valid', EMAIL));
    const reset = answer('patch', '/users/reset-password', () =>
      apiError(400, 'Some fields are invalid', {
        newPassword: VALIDATION_MESSAGES.passwordContainsEmail,
      }),
    );
    const login = answerSignIn(createUser());
    const { user, router } = renderApp(LINK);
    await submitNewPassword(user, 'New password', STRONG);

    expect(await screen.findByText(VALIDATION_MESSAGES.passwordContainsEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      new RegExp(`${VALIDATION_MESSAGES.passwordContainsEmail}$`),
    );
    expect(reset).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    expect(login).toEqual([]);
  });

  it('marks the rules as the new password is typed', async () => {
    const { user } = renderValidLink();
    const password = await screen.findByLabelText('New password');
    const rules = screen.getByRole('list', { name: 'Your password must contain:' });
    await user.type(password, '12345678');
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'At least 8 characters: met',
      'An uppercase letter: not met',
      'A lowercase letter: not met',
      'A number: met',
      'A special character: not met',
    ]);
    expect(password).toHaveAccessibleDescription(/At least 8 characters: met/);
  });

  it('resets the password, signs in with the new one and opens the profile', async () => {
    const { user, router, reset } = renderValidLink();
    const login = answerSignIn(createUser({ email: EMAIL }));
    await submitNewPassword(user, 'New password', STRONG);

    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
    expect(reset.map((call) => call.body)).toEqual([
      { token: TOKEN, newPassword: STRONG, confirmNewPassword: STRONG },
    ]);
    expect(login.map((call) => call.body)).toEqual([{ email: EMAIL, password: STRONG }]);
  });

  it('shows a failed reset in an error toast and keeps the form', async () => {
    answerCheckToken(tokenCheck('valid', EMAIL));
    answer('patch', '/users/reset-password', () => apiError(400, 'Invalid token'));
    const login = answerSignIn(createUser());
    const { user, router } = renderApp(LINK);
    await submitNewPassword(user, 'New password', STRONG);

    expect(await screen.findByText('Invalid token')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    expect(login).toEqual([]);
  });
});
