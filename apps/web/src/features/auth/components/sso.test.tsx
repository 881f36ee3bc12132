import { ACCESS_TOKEN_STORAGE_KEY, SSO_MESSAGES, type OidcConfig } from '@staff-admin/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { answerCheckToken, tokenCheck } from '../testing/handlers.js';

const ACME: OidcConfig = {
  enabled: true,
  displayName: 'Acme Entra ID',
  requiredDomains: ['acme.example'],
};

const answerOidc = (config: OidcConfig) =>
  answer('get', '/auth/oidc', () => HttpResponse.json({ data: config }));

const TOKENS = { access_token: 'sso-access', refresh_token: 'sso-refresh' };

describe('company sign-in on the login page', () => {
  it('shows no SSO button when the server says it is off', async () => {
    const configs = answer('get', '/auth/oidc', () =>
      HttpResponse.json({ data: { enabled: false, displayName: null, requiredDomains: [] } }),
    );
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(configs).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /sign in with/i })).not.toBeInTheDocument();
  });

  it('shows no SSO button, and no error, when the server cannot say', async () => {
    answer('get', '/auth/oidc', () => apiError(404, 'Not found'));
    renderApp('/auth/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /sign in with/i })).not.toBeInTheDocument();
  });

  it('links to the server with the page first asked for, as a plain link', async () => {
    answerOidc(ACME);
    renderApp('/auth/login', { state: { from: '/users?page=2' } });
    const link = await screen.findByRole('link', { name: 'Sign in with Acme Entra ID' });
    expect(link).toHaveAttribute('href', '/api/auth/oidc/start?returnTo=%2Fusers%3Fpage%3D2');
  });

  it('links without returnTo when no page was asked for', async () => {
    answerOidc(ACME);
    renderApp('/auth/login');
    const link = await screen.findByRole('link', { name: 'Sign in with Acme Entra ID' });
    expect(link).toHaveAttribute('href', '/api/auth/oidc/start');
  });

  it('says to use SSO for a required domain and never sends its password', async () => {
    answerOidc(ACME);
    const logins = answer('post', '/auth/login', () => HttpResponse.json({ data: TOKENS }));
    const { user } = renderApp('/auth/login');
    await screen.findByRole('link', { name: 'Sign in with Acme Entra ID' });

    const email = screen.getByLabelText('Email');
    await user.type(email, 'jane@ACME.example');
    expect(email).toHaveAccessibleDescription('Use Sign in with Acme Entra ID.');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
        'Use Sign in with Acme Entra ID.',
      ),
    );

    await user.type(screen.getByLabelText('Password'), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Use Sign in with Acme Entra ID.');
    expect(logins).toHaveLength(0);
  });

  it('signs in with a password for any other domain', async () => {
    answerOidc(ACME);
    const me = createUser({ email: 'jane@elsewhere.example' });
    const logins = answer('post', '/auth/login', () => HttpResponse.json({ data: TOKENS }));
    answer('get', '/users/profile', () => HttpResponse.json({ data: me }));
    const { user } = renderApp('/auth/login');
    await screen.findByRole('link', { name: 'Sign in with Acme Entra ID' });

    const email = screen.getByLabelText('Email');
    await user.type(email, 'jane@elsewhere.example');
    expect(email).not.toHaveAccessibleDescription();
    await user.type(screen.getByLabelText('Password'), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(logins).toHaveLength(1));
  });
});

describe('company sign-in on the other sign-in pages', () => {
  it('offers SSO on the account setup, which it completes', async () => {
    answerOidc(ACME);
    answerCheckToken(tokenCheck('valid', 'new.hire@acme.example'));
    renderApp('/auth/accept-invitation?token=invitation.token-1');
    expect(await screen.findByRole('link', { name: 'Sign in with Acme Entra ID' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start',
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('offers nothing more on the account setup when SSO is off', async () => {
    answerCheckToken(tokenCheck('valid', 'new.hire@example.com'));
    renderApp('/auth/accept-invitation?token=invitation.token-1');
    await screen.findByRole('button', { name: 'Confirm' });
    expect(screen.queryByRole('link', { name: /sign in with/i })).not.toBeInTheDocument();
  });

  it('offers SSO on the forgot-password page', async () => {
    answerOidc(ACME);
    renderApp('/auth/forgot-password');
    expect(await screen.findByRole('link', { name: 'Sign in with Acme Entra ID' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start',
    );
  });
});

describe('/auth/sso/complete', () => {
  it('exchanges the code and goes on to the page asked for, signed in', async () => {
    const me = createUser({ email: 'jane@acme.example' });
    const exchanges = answer('post', '/auth/oidc/exchange', () =>
      HttpResponse.json({ data: TOKENS }),
    );
    answer('get', '/users/profile', () => HttpResponse.json({ data: me }));
    const { router } = renderApp('/auth/sso/complete?code=one-time&returnTo=%2Fusers%2Fprofile');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
    expect(exchanges.map((call) => call.body)).toEqual([{ code: 'one-time' }]);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(TOKENS.access_token);
  });

  it('goes home when no page was asked for, and never to another site', async () => {
    const me = createUser();
    answer('post', '/auth/oidc/exchange', () => HttpResponse.json({ data: TOKENS }));
    answer('get', '/users/profile', () => HttpResponse.json({ data: me }));
    const { router } = renderApp('/auth/sso/complete?code=one-time&returnTo=%2F%2Fevil.example');
    await screen.findByRole('heading', { level: 1, name: 'Profile setting' });
    expect(router.state.location.pathname).toBe('/users/profile');
  });

  it('sends a pending user on to finish their account, as a password sign-in does', async () => {
    const me = createUser({ status: 'pending' });
    answer('post', '/auth/oidc/exchange', () => HttpResponse.json({ data: TOKENS }));
    answer('get', '/users/profile', () => HttpResponse.json({ data: me }));
    const { router } = renderApp('/auth/sso/complete?code=one-time');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/setup-account'));
  });

  it('goes to the second step with the challenge in router state', async () => {
    const challenge = { challenge_token: 'challenge-1', methods: ['totp'] };
    answer('post', '/auth/oidc/exchange', () =>
      HttpResponse.json({ data: { second_step: challenge } }),
    );
    const { router } = renderApp('/auth/sso/complete?code=one-time&returnTo=%2Fusers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/two-step'));
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ challenge, from: '/users' });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the refusal page when the exchange fails', async () => {
    const exchanges = answer('post', '/auth/oidc/exchange', () =>
      apiError(400, 'The sign-in could not be completed.'),
    );
    const { router } = renderApp('/auth/sso/complete?code=used-already');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Could not sign you in' }),
    ).toBeInTheDocument();
    expect(screen.getByText(SSO_MESSAGES.invalid_request)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sso-refused');
    expect(exchanges).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the refusal page without a code, calling nothing', async () => {
    renderApp('/auth/sso/complete');
    expect(await screen.findByText(SSO_MESSAGES.invalid_request)).toBeInTheDocument();
  });
});

describe('/auth/sso-refused', () => {
  it.each(Object.entries(SSO_MESSAGES))(
    'says why for %s, and links back to log in',
    async (reason, text) => {
      const { user, router } = renderApp(`/auth/sso-refused?reason=${reason}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Could not sign you in' }),
      ).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to log in' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth/login');
    },
  );

  it('reads an unknown reason as a spoilt request', async () => {
    renderApp('/auth/sso-refused?reason=%3Cscript%3E');
    expect(await screen.findByText(SSO_MESSAGES.invalid_request)).toBeInTheDocument();
    expect(screen.queryByText('<script>')).not.toBeInTheDocument();
  });
});
