import { ACCESS_TOKEN_STORAGE_KEY, TWO_STEP_MESSAGES } from '@staff-admin/shared';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { API, server } from '../../../testing/server.js';
import { CHALLENGE, TOKENS } from '../testing/two-step-api.js';

const { startAuthentication } = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication,
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: () => true,
}));

const ME = createUser({
  fullName: 'Alice Smith',
  email: 'alice@example.com',
  twoStepEnabled: true,
});

/** POST /auth/login answers a challenge; the profile answers once tokens are stored. */
function answerPasswordStep(challenge: object = CHALLENGE) {
  server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: ME })));
  return answer('post', '/auth/login', () =>
    HttpResponse.json({ data: { second_step: challenge } }),
  );
}

async function logIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' });
}

describe('second step of signing in', () => {
  beforeEach(() => startAuthentication.mockReset());

  it('goes from the password to the code, then signs in with the code', async () => {
    answerPasswordStep();
    const steps = answer('post', '/auth/login/second-step', () =>
      HttpResponse.json({ data: TOKENS }),
    );
    const { user, router } = renderApp('/auth/login');
    await logIn(user);

    // The challenge is kept out of the URL, and no token is stored yet.
    expect(router.state.location.pathname).toBe('/auth/two-step');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(steps.map((call) => call.body)).toEqual([
      { challenge_token: 'challenge-1', method: 'totp', code: '123456' },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(TOKENS.access_token);
  });

  it('brings the user to the page they asked for after the second step', async () => {
    answerPasswordStep();
    answer('post', '/auth/login/second-step', () => HttpResponse.json({ data: TOKENS }));
    const { user, router } = renderApp('/users/profile/change-password');
    await logIn(user);
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/users/profile/change-password'),
    );
  });

  it('checks the code before sending it', async () => {
    const steps = answer('post', '/auth/login/second-step');
    const { user } = renderApp('/auth/two-step', { state: { challenge: CHALLENGE } });
    await user.type(await screen.findByLabelText('Authentication code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const code = screen.getByLabelText('Authentication code');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(/6-digit code from your authenticator app/),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(steps).toHaveLength(0);
  });

  it('shows a wrong code on the field, which takes focus', async () => {
    answer('post', '/auth/login/second-step', () =>
      apiError(400, 'Validation failed', { code: TWO_STEP_MESSAGES.wrongCode }),
    );
    const { user } = renderApp('/auth/two-step', { state: { challenge: CHALLENGE } });
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(TWO_STEP_MESSAGES.wrongCode)).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(expect.stringContaining(TWO_STEP_MESSAGES.wrongCode));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('reads out a wrong code sent with Enter, where focus stays on the field', async () => {
    answer('post', '/auth/login/second-step', () =>
      apiError(400, 'Validation failed', { code: TWO_STEP_MESSAGES.wrongCode }),
    );
    const { user } = renderApp('/auth/two-step', { state: { challenge: CHALLENGE } });
    await user.type(await screen.findByLabelText('Authentication code'), '000000{Enter}');

    const code = screen.getByLabelText('Authentication code');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining(TWO_STEP_MESSAGES.wrongCode),
      ),
    );
    expect(code).toHaveFocus();
    expect(
      screen.getByText(`Authentication code: ${TWO_STEP_MESSAGES.wrongCode}`, {
        selector: '[aria-live="polite"]',
      }),
    ).toBeInTheDocument();
  });

  it('signs in with a recovery code instead', async () => {
    server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: ME })));
    const steps = answer('post', '/auth/login/second-step', () =>
      HttpResponse.json({ data: TOKENS }),
    );
    const { user } = renderApp('/auth/two-step', { state: { challenge: CHALLENGE } });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));

    const field = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.type(field, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(steps.map((call) => call.body)).toEqual([
      { challenge_token: 'challenge-1', method: 'recovery_code', code: 'ABCDEFGHJK' },
    ]);
  });

  it('goes back to login with a toast when the challenge has expired', async () => {
    answer('post', '/auth/login/second-step', () =>
      apiError(401, TWO_STEP_MESSAGES.challengeInvalid),
    );
    const { user, router } = renderApp('/auth/two-step', { state: { challenge: CHALLENGE } });
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(await findToast(TWO_STEP_MESSAGES.challengeInvalid)).toBeInTheDocument();
  });

  it('sends a visitor without a challenge to login', async () => {
    const { router } = renderApp('/auth/two-step');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('signs in with a passkey when the account has one', async () => {
    server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: ME })));
    const options = { challenge: 'abc', rpId: 'localhost' };
    const response = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} };
    const optionCalls = answer('post', '/auth/login/passkey-options', () =>
      HttpResponse.json({ data: options }),
    );
    const passkeyCalls = answer('post', '/auth/login/passkey', () =>
      HttpResponse.json({ data: TOKENS }),
    );
    startAuthentication.mockResolvedValue(response);
    const { user } = renderApp('/auth/two-step', {
      state: { challenge: { ...CHALLENGE, methods: ['totp', 'recovery_code', 'passkey'] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(optionCalls.map((call) => call.body)).toEqual([{ challenge_token: 'challenge-1' }]);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(passkeyCalls.map((call) => call.body)).toEqual([
      { challenge_token: 'challenge-1', response },
    ]);
  });
});
