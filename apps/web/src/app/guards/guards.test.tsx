import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/data.js';
import { returnPath } from '../../lib/return-to.js';
import { answer, apiError } from '../../testing/http.js';
import { renderApp } from '../../testing/render-app.js';
import { API, server } from '../../testing/server.js';
import { holdSignedInProfile, storeTokens } from '../../testing/session.js';

describe('authentication guard', () => {
  it('shows a full-height spinner, not the page, while the user loads', async () => {
    const open = holdSignedInProfile();
    renderApp('/users/profile');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('heading', { name: 'Profile setting' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();

    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
  });

  it('sends a visitor to login, replacing the history entry', async () => {
    const { router } = renderApp('/users/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('brings a visitor back to the page they asked for once signed in', async () => {
    const { user, router } = renderApp('/users/profile/change-password?x=1');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    answer('post', '/auth/login', () => {
      server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: createUser() })));
      return HttpResponse.json({ data: { access_token: 'a', refresh_token: 'r' } });
    });
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/users/profile/change-password'),
    );
    expect(router.state.location.search).toBe('?x=1');
  });

  it('never comes back to a page of another site, or to a sign-in step', () => {
    expect(returnPath({ from: '/financial/projects?tab=costs#x' })).toBe(
      '/financial/projects?tab=costs#x',
    );
    for (const from of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/auth/login',
      42,
    ]) {
      expect(returnPath({ from })).toBeNull();
    }
    expect(returnPath(null)).toBeNull();
  });

  it('sends the user to login when the profile answers 403, and signs them out', async () => {
    storeTokens();
    sessionStorage.setItem('draft', 'x');
    server.use(http.get(`${API}/users/profile`, () => apiError(403, 'Inactive')));
    const { router } = renderApp('/users/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('redirects the root path to the profile', async () => {
    const { router } = renderApp('/', { user: createUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
  });
});

describe('guest-only guard (login)', () => {
  it('shows a loading state, then sends a signed-in user home, replacing the entry', async () => {
    const open = holdSignedInProfile();
    const { router } = renderApp('/auth/login');

    // Checked together, in one moment: the route's loading spinner may give way to the guard's.
    await waitFor(() => {
      expect(screen.getByRole('status')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a signed-in pending user to account setup', async () => {
    const { router } = renderApp('/auth/login', { user: createUser({ status: 'pending' }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/setup-account'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your account' }),
    ).toBeInTheDocument();
  });

  it('shows the form to a visitor', async () => {
    renderApp('/auth/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
