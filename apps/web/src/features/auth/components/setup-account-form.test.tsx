import { VALIDATION_MESSAGES } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import {
  answerCheckToken,
  answerSignIn,
  invalidToken,
  submitNewPassword,
  tokenCheck,
} from '../testing/handlers.js';

const TOKEN = 'invitation.token-123';
const EMAIL = 'new.hire@example.com';
const LINK = `/auth/accept-invitation?token=${TOKEN}`;
const STRONG = 'Secret-pass1';

function renderValidLink(url = LINK) {
  const queries = answerCheckToken(tokenCheck('valid', EMAIL));
  const setup = answer('patch', '/users/setup', () =>
    HttpResponse.json({ data: createUser({ email: EMAIL }) }),
  );
  return { ...renderApp(url), queries, setup };
}

const confirm = () => screen.getByRole('button', { name: 'Confirm' });

describe('account setup screen', () => {
  it('checks the token, then shows the email read-only and the password fields', async () => {
    const { opened, open } = gate();
    const queries = answerCheckToken(async () => {
      await opened;
      return tokenCheck('valid', EMAIL)();
    });
    renderApp(LINK);

    expect(await screen.findByText('Checking your link…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link…');
    expect(screen.queryByLabelText('Create password')).not.toBeInTheDocument();
    open();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your account' }),
    ).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue(EMAIL);
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Create password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('list', { name: 'Your password must contain:' })).toBeInTheDocument();
    expect(confirm()).not.toHaveAttribute('aria-disabled');
    expect(queries).toEqual([{ token: TOKEN, jwtTokenType: 'confirmation_token' }]);
  });

  it('is the same screen at /auth/setup-account', async () => {
    const { queries } = renderValidLink(`/auth/setup-account?token=${TOKEN}`);
    expect(await screen.findByLabelText('Create password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(queries).toEqual([{ token: TOKEN, jwtTokenType: 'confirmation_token' }]);
  });

  it.each(['/auth/accept-invitation', '/auth/accept-invitation?token='])(
    'sends a visitor without a token (%s) to login, checking nothing',
    async (url) => {
      const queries = answerCheckToken(tokenCheck('valid', EMAIL));
      const { router } = renderApp(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth/login');
      expect(router.state.historyAction).toBe('REPLACE');
      expect(queries).toEqual([]);
    },
  );

  it("sends a failing token to login with 'Invalid token.'", async () => {
    answerCheckToken(invalidToken);
    const { router } = renderApp(LINK);
    expect(await screen.findByText('Invalid token.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("sends an expired token to login with 'Token is expired.'", async () => {
    answerCheckToken(tokenCheck('expired', EMAIL));
    const { router } = renderApp(LINK);
    expect(await screen.findByText('Token is expired.')).toBeInTheDocument();
    // Only an administrator can send a new invitation: the toast says so.
    expect(
      screen.getByText('Ask an administrator to send you a new invitation.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.queryByLabelText('Create password')).not.toBeInTheDocument();
  });

  it('asks for both passwords and calls nothing when they are empty', async () => {
    const { user, setup } = renderValidLink();
    await screen.findByLabelText('Create password');
    await user.click(confirm());

    expect(await screen.findByText('Please enter password.')).toBeInTheDocument();
    expect(screen.getByText('Please enter confirm password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Create password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Please enter confirm password.',
    );
    expect(setup).toEqual([]);
  });

  it('rejects a weak password with the strength message', async () => {
    const { user, setup } = renderValidLink();
    await submitNewPassword(user, 'Create password', 'password');

    expect(
      await screen.findByText(
        'Please enter at least 8 characters, including a uppercase letter, lowercase letter, number and special character.',
      ),
    ).toBeInTheDocument();
    expect(setup).toEqual([]);
  });

  it('rejects a confirmation that differs with "Password don\'t match."', async () => {
    const { user, setup } = renderValidLink();
    await submitNewPassword(user, 'Create password', STRONG, `${STRONG}x`);

    expect(await screen.findByText("Password don't match.")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      "Password don't match.",
    );
    expect(setup).toEqual([]);
  });

  it('refuses a common password, or one holding the email, under the field', async () => {
    const { user, setup } = renderValidLink();
    const password = await screen.findByLabelText('Create password');
    await user.type(password, 'Password1!');
    await user.click(confirm());

    // Shown with the other fields' messages, on the same submit.
    expect(await screen.findByText(VALIDATION_MESSAGES.passwordCommon)).toBeInTheDocument();
    expect(screen.getByText('Please enter confirm password.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      new RegExp(`${VALIDATION_MESSAGES.passwordCommon}$`),
    );

    await user.clear(password);
    await user.type(password, 'New.Hire-2025');
    await user.type(screen.getByLabelText('Confirm password'), 'New.Hire-2025');
    await user.click(confirm());
    expect(await screen.findByText(VALIDATION_MESSAGES.passwordContainsEmail)).toBeInTheDocument();
    expect(screen.queryByText(VALIDATION_MESSAGES.passwordCommon)).not.toBeInTheDocument();
    expect(setup).toEqual([]);
  });

  it("puts the server's message for the password under the field", async () => {
    answerCheckToken(tokenCheck('valid', EMAIL));
    answer('patch', '/users/setup', () =>
      apiError(400, 'Some fields are invalid', { password: VALIDATION_MESSAGES.passwordCommon }),
    );
    const login = answerSignIn(createUser());
    const { user, router } = renderApp(LINK);
    await submitNewPassword(user, 'Create password', STRONG);

    expect(await screen.findByText(VALIDATION_MESSAGES.passwordCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('Create password')).toHaveAccessibleDescription(
      new RegExp(`${VALIDATION_MESSAGES.passwordCommon}$`),
    );
    expect(router.state.location.pathname).toBe('/auth/accept-invitation');
    expect(login).toEqual([]);
  });

  it('marks the rules as the password is typed, and reads them with the field', async () => {
    const { user } = renderValidLink();
    const password = await screen.findByLabelText('Create password');
    const rules = screen.getByRole('list', { name: 'Your password must contain:' });
    const states = () =>
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-state'));

    expect(states()).toEqual(['unmet', 'unmet', 'unmet', 'unmet', 'unmet']);
    await user.type(password, 'a');
    expect(states()).toEqual(['unmet', 'unmet', 'met', 'unmet', 'unmet']);
    await user.type(password, 'B3');
    expect(states()).toEqual(['unmet', 'met', 'met', 'met', 'unmet']);
    await user.type(password, '!xyzw');
    expect(states()).toEqual(['met', 'met', 'met', 'met', 'met']);
    expect(within(rules).getByText('A special character')).toHaveTextContent(
      'A special character: met',
    );
    expect(password).toHaveAccessibleDescription(/^Your password must contain:/);
  });

  it('sets the password, signs in with it and opens the profile', async () => {
    const me = createUser({ email: EMAIL, fullName: 'New Hire' });
    const { user, router, setup } = renderValidLink();
    const login = answerSignIn(me);
    // Spaces around a password are kept: a password is never trimmed.
    const password = ` ${STRONG} `;
    await user.type(await screen.findByLabelText('Create password'), password);
    await user.type(screen.getByLabelText('Confirm password'), password);
    await user.tab();
    await user.click(confirm());

    expect(
      await screen.findByText('You have successfully registered and logged in.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
    expect(setup.map((call) => call.body)).toEqual([
      { token: TOKEN, password, confirmedPassword: password },
    ]);
    expect(login.map((call) => call.body)).toEqual([{ email: EMAIL, password }]);
  });

  it('shows a failed setup in an error toast and keeps the form', async () => {
    answerCheckToken(tokenCheck('valid', EMAIL));
    answer('patch', '/users/setup', () => apiError(400, 'Token is expired'));
    const login = answerSignIn(createUser());
    const { user, router } = renderApp(LINK);
    await submitNewPassword(user, 'Create password', STRONG);

    expect(await screen.findByText('Token is expired')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/accept-invitation');
    expect(confirm()).not.toHaveAttribute('aria-disabled');
    expect(login).toEqual([]);
  });

  it('sends the user to login when the automatic sign-in fails after the setup', async () => {
    const message = 'Too many attempts. Please try again later.';
    const { user, router, setup } = renderValidLink();
    answer('post', '/auth/login', () => apiError(429, message));
    await submitNewPassword(user, 'Create password', STRONG);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(setup).toHaveLength(1);
    expect(
      screen.queryByText('You have successfully registered and logged in.'),
    ).not.toBeInTheDocument();
  });

  it('tells a signed-in pending user without a link where the link is, and lets them out', async () => {
    const pending = createUser({ status: 'pending', email: 'pending@example.com' });
    const queries = answerCheckToken(tokenCheck('valid', EMAIL));
    const logouts = answer('delete', '/auth/logout');
    const { user, router } = renderApp('/auth/login', { user: pending });

    expect(
      await screen.findByText(/open the link in the invitation email sent to/),
    ).toHaveTextContent('pending@example.com');
    expect(router.state.location.pathname).toBe('/auth/setup-account');
    expect(screen.queryByLabelText('Create password')).not.toBeInTheDocument();
    expect(queries).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    await waitFor(() => expect(logouts).toHaveLength(1));
    expect(localStorage.length).toBe(0);
  });
});
