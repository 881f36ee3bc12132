import {
  ACCESS_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  type ApiErrorBody,
} from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToasts } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';

const TOKENS = { access_token: 'fresh-access', refresh_token: 'fresh-refresh' };

const answerLogin = (respond: () => Response) => answer('post', '/auth/login', respond);

const failure = (body: ApiErrorBody) => () => apiError(body.code, body.message);

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>['user'],
  email: string,
  password: string,
) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login screen', () => {
  it('shows a labelled form with a forgot-password link', async () => {
    const { user, router } = renderApp('/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('link', { name: 'Forgot password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot password' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });

  it('asks for both fields and calls nothing when they are empty', async () => {
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Please enter email.')).toBeInTheDocument();
    expect(screen.getByText('Please enter password.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter email.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please enter password.');
  });

  it('rejects an email without a valid format', async () => {
    const { user } = renderApp('/auth/login');
    await fillAndSubmit(user, 'someone@example', 'Secret1!');
    expect(await screen.findByText('Email is invalid.')).toBeInTheDocument();
    expect(screen.queryByText('Password is invalid.')).not.toBeInTheDocument();
  });

  it('trims the email when it loses focus', async () => {
    const { user } = renderApp('/auth/login');
    const email = await screen.findByLabelText('Email');
    await user.type(email, '  alice@example.com  ');
    await user.tab();
    expect(email).toHaveValue('alice@example.com');
  });

  it.each([
    { code: 404, message: 'User not found' },
    { code: 400, message: 'The provided password does not match' },
  ])('marks both fields invalid on $code "$message"', async (body) => {
    const logins = answerLogin(failure(body));
    const { user } = renderApp('/auth/login');
    await fillAndSubmit(user, 'alice@example.com', 'Wrong-pass1');

    expect(await screen.findByText('Email is invalid.')).toBeInTheDocument();
    expect(screen.getByText('Password is invalid.')).toBeInTheDocument();
    // Focus goes to the first invalid field, which is described by its message.
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Email is invalid.');
    expect(screen.queryByText(body.message)).not.toBeInTheDocument();
    expect(logins.map((call) => call.body)).toEqual([
      { email: 'alice@example.com', password: 'Wrong-pass1' },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each([
    {
      code: 403,
      message: 'This account is not activated yet. Use the link in your invitation email.',
    },
    { code: 429, message: 'Too many attempts. Please try again later.' },
    { code: 404, message: 'Not found' },
  ])('shows other failures ($code) in an error toast', async (body) => {
    answerLogin(failure(body));
    const { user } = renderApp('/auth/login');
    await fillAndSubmit(user, 'alice@example.com', 'Secret-pass1');

    expect(await screen.findByText(body.message)).toBeInTheDocument();
    expect(screen.queryByText('Email is invalid.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-disabled');
  });

  it("falls back to 'Something wrong.' when the server gives no message", async () => {
    answerLogin(() => HttpResponse.error());
    const { user } = renderApp('/auth/login');
    await fillAndSubmit(user, 'alice@example.com', 'Secret-pass1');
    expect(await screen.findByText('Something wrong.')).toBeInTheDocument();
  });

  it('stores the tokens, loads the profile and goes home on success', async () => {
    const me = createUser({ fullName: 'Alice Smith', email: 'alice@example.com' });
    const logins = answerLogin(() => HttpResponse.json({ data: TOKENS }));
    const profiles = answer('get', '/users/profile', () => HttpResponse.json({ data: me }));
    const { user, router } = renderApp('/auth/login');
    await fillAndSubmit(user, '  alice@example.com ', 'Secret-pass1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
    expect(logins.map((call) => call.body)).toEqual([
      { email: 'alice@example.com', password: 'Secret-pass1' },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(TOKENS.access_token);
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe(TOKENS.refresh_token);
    expect(profiles.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${TOKENS.access_token}`);
  });

  it('shows, once, an error brought by a redirect', async () => {
    const { router } = renderApp('/auth/login', { state: { error: 'Token is expired.' } });
    const toast = await screen.findByText('Token is expired.');
    expect(toast).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/auth/login');
    const toasts = await findToasts();
    expect(within(toasts).getAllByText('Token is expired.')).toHaveLength(1);
  });
});
