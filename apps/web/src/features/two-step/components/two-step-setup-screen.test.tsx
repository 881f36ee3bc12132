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

  it('goes to the set-up when a call answers 403 two_step_setup_required, then back to the page', async () => {
    const me = createUser({ position: 'admin' });
    const { user, router } = renderApp('/users?status=pending', { user: me });
    let setUp = false;
    server.use(
      http.get(`${API}/users`, () =>
        setUp
          ? HttpResponse.json({
              data: [],
              meta: { currentPage: 1, itemsPerPage: 10, totalItems: 0, totalPages: 0 },
            })
          : setupRequired(),
      ),
    );
    answer('post', '/users/profile/two-step/totp', () =>
      HttpResponse.json({ data: { secret: 'JBSWY3DP', otpauthUrl: 'otpauth://x', qrCode: QR } }),
    );
    answer('post', '/users/profile/two-step/totp/confirm', () => {
      setUp = true;
      return HttpResponse.json({ data: { recoveryCodes: [] } });
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/two-step-setup');

    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    // The page asked for, not the profile.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'User management' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(router.state.location.search).toBe('?status=pending');
  });

  it('brings a visitor whose role requires the set-up to the page asked for, after login and set-up', async () => {
    let me = createUser({ position: 'finance', twoStepRequired: true, twoStepEnabled: false });
    const { user, router } = renderApp('/users/profile/change-password');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: me })));
    answer('post', '/auth/login', () =>
      HttpResponse.json({ data: { access_token: 'a', refresh_token: 'r' } }),
    );
    answer('post', '/users/profile/two-step/totp', () =>
      HttpResponse.json({ data: { secret: 'JBSWY3DP', otpauthUrl: 'otpauth://x', qrCode: QR } }),
    );
    answer('post', '/users/profile/two-step/totp/confirm', () => {
      me = { ...me, twoStepEnabled: true };
      return HttpResponse.json({ data: { recoveryCodes: RECOVERY_CODES } });
    });
    await user.type(screen.getByLabelText('Email'), me.email);
    await user.type(screen.getByLabelText('Password'), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await user.click(await screen.findByRole('button', { name: 'I have saved them, continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/users/profile/change-password'),
    );
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
