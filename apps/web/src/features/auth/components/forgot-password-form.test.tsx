import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';

const PATH = '/auth/forgot-password';

describe('forgot password screen', () => {
  it('asks for the email and calls nothing when it is empty', async () => {
    const calls = answer('post', '/users/forgot-password');
    const { user } = renderApp(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot password' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request reset link' }));

    expect(await screen.findByText('Please enter email.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter email.');
    expect(calls).toEqual([]);
  });

  it('rejects an email without a valid format', async () => {
    const calls = answer('post', '/users/forgot-password');
    const { user } = renderApp(PATH);
    await user.type(await screen.findByLabelText('Email'), 'someone@example');
    await user.click(screen.getByRole('button', { name: 'Request reset link' }));
    expect(await screen.findByText('Email is invalid.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the trimmed email, says to check the inbox and goes to login', async () => {
    const calls = answer('post', '/users/forgot-password');
    const { user, router } = renderApp(PATH);
    const email = await screen.findByLabelText('Email');
    await user.type(email, '  alice@example.com ');
    await user.tab();
    expect(email).toHaveValue('alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Request reset link' }));

    expect(
      await screen.findByText(
        'Check your email! The reset password email has already been resent.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(calls.map((call) => call.body)).toEqual([{ email: 'alice@example.com' }]);
  });

  it('shows the server message in an error toast when rate-limited, and stays', async () => {
    const message = 'Too many attempts. Please try again later.';
    answer('post', '/users/forgot-password', () =>
      HttpResponse.json({ code: 429, message }, { status: 429, headers: { 'Retry-After': '60' } }),
    );
    const { user, router } = renderApp(PATH);
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Request reset link' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
    expect(screen.getByRole('button', { name: 'Request reset link' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(
      screen.queryByText('Check your email! The reset password email has already been resent.'),
    ).not.toBeInTheDocument();
  });

  it('goes back in history with Back to log in', async () => {
    const { user, router } = renderApp('/auth/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password' }));
    await user.click(await screen.findByRole('button', { name: 'Back to log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.historyAction).toBe('POP');
  });

  it('goes to login with Back to log in when there is no page to go back to', async () => {
    const { user, router } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Back to log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
