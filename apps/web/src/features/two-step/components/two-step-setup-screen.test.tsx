import { TWO_STEP_MESSAGES, type User } from '@staff-admin/shared';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { API, server } from '../../../testing/server.js';
import {
  RECOVERY_CODES,
  serveTwoStepStatus,
  setupRequired,
  twoStepStatus,
} from '../testing/two-step-api.js';

const QR = 'data:image/svg+xml;base64,PHN2Zy8+';

/** Signs `me` in with a profile that follows `current()`. */
function signIn(initial: User) {
  let current = initial;
  const view = renderApp('/users/profile', { user: initial });
  server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: current })));
  return { ...view, update: (next: Partial<User>) => (current = { ...current, ...next }) };
}

describe('forced two-step set-up', () => {
  it('takes a user whose role requires it to the set-up, then home once done', async () => {
    const { user, router, update } = signIn(
      createUser({ twoStepRequired: true, twoStepEnabled: false }),
    );
    answer('post', '/users/profile/two-step/totp', () =>
      HttpResponse.json({ data: { secret: 'JBSWY3DP', otpauthUrl: 'otpauth://x', qrCode: QR } }),
    );
    answer('post', '/users/profile/two-step/totp/confirm', () => {
      update({ twoStepEnabled: true });
      return HttpResponse.json({ data: { recoveryCodes: RECOVERY_CODES } });
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/two-step-setup');
    expect(screen.getByText(TWO_STEP_MESSAGES.setupRequired)).toBeInTheDocument();
    // No header, no way to the other pages; logging out stays.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const scan = await screen.findByRole('heading', { name: 'Scan the QR code' });
    await waitFor(() => expect(scan).toHaveFocus());
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    await waitFor(() => expect(codes).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'I have saved them, continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
  });

  it('offers no passkey, saying why, when the server cannot use them', async () => {
    serveTwoStepStatus(() => twoStepStatus({ required: true, passkeysAvailable: false }));
    signIn(createUser({ twoStepRequired: true, twoStepEnabled: false }));
    expect(await screen.findByText(TWO_STEP_MESSAGES.passkeysNeedHostName)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('goes to the set-up when a call answers 403 two_step_setup_required', async () => {
    const { router } = renderApp('/users', { user: createUser({ position: 'admin' }) });
    server.use(http.get(`${API}/users`, setupRequired));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/two-step-setup');
  });

  it('sends a user with nothing to set up home from the set-up address', async () => {
    const { router } = renderApp('/auth/two-step-setup', { user: createUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/profile'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      screen.queryByRole('heading', { name: 'Set up two-step sign-in' }),
    ).not.toBeInTheDocument();
  });
});
