import { TWO_STEP_MESSAGES, type TwoStepStatus } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast, reauthenticationRequired } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { RECOVERY_CODES, serveTwoStepStatus, twoStepStatus } from '../testing/two-step-api.js';

const { startRegistration, browserSupportsWebAuthn } = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration,
  startAuthentication: vi.fn(),
  browserSupportsWebAuthn,
}));

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';

const card = () => screen.getByRole('region', { name: 'Two-step sign-in' });

function renderProfile(status: TwoStepStatus, overrides = {}) {
  let current = status;
  const reads = serveTwoStepStatus(() => current);
  const view = renderApp('/users/profile', {
    user: createUser({ email: 'alice@example.com', ...overrides }),
  });
  return { ...view, reads, setStatus: (next: TwoStepStatus) => (current = next) };
}

/** Opens Set up authenticator app, on a server that refuses the code typed. */
async function openSetUpRefusingTheCode(user: ReturnType<typeof renderProfile>['user']) {
  answer('post', '/users/profile/two-step/totp', () =>
    HttpResponse.json({ data: { secret: SECRET, otpauthUrl: 'otpauth://totp/x', qrCode: QR } }),
  );
  answer('post', '/users/profile/two-step/totp/confirm', () =>
    apiError(400, 'Validation failed', { code: TWO_STEP_MESSAGES.wrongCode }),
  );
  await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
  return screen.findByRole('dialog', { name: 'Set up authenticator app' });
}
describe('security card', () => {
  beforeEach(() => {
    startRegistration.mockReset();
    browserSupportsWebAuthn.mockReturnValue(true);
  });

  it('sets up an authenticator app: QR code and key, a code, then the recovery codes', async () => {
    const { user, setStatus } = renderProfile(twoStepStatus());
    const starts = answer('post', '/users/profile/two-step/totp', () =>
      HttpResponse.json({ data: { secret: SECRET, otpauthUrl: 'otpauth://totp/x', qrCode: QR } }),
    );
    const confirms = answer('post', '/users/profile/two-step/totp/confirm', () => {
      setStatus(twoStepStatus({ enabled: true, totp: true, recoveryCodesLeft: 10 }));
      return HttpResponse.json({ data: { recoveryCodes: RECOVERY_CODES } });
    });
    expect(await screen.findByText('Status:')).toBeInTheDocument();
    expect(within(card()).getByText('Off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    expect(within(dialog).getByRole('img', { name: /QR code/ })).toHaveAttribute('src', QR);
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);

    const code = within(dialog).getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    // The recovery codes step takes focus at its heading.
    const heading = await within(dialog).findByRole('heading', {
      name: 'Save your recovery codes',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    const codes = within(dialog).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(await findToast(TWO_STEP_MESSAGES.enabled)).toBeInTheDocument();
    expect(starts).toHaveLength(1);
    expect(confirms.map((call) => call.body)).toEqual([{ code: '123456' }]);

    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await within(card()).findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    // The button that opened it is gone: focus goes to the card, not to the page's body.
    await waitFor(() =>
      expect(within(card()).getByRole('heading', { name: 'Two-step sign-in' })).toHaveFocus(),
    );
  });

  it('shows a wrong setup code on its field', async () => {
    const { user } = renderProfile(twoStepStatus());
    const dialog = await openSetUpRefusingTheCode(user);
    await user.type(within(dialog).getByLabelText('Code from the app'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const code = within(dialog).getByLabelText('Code from the app');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining(TWO_STEP_MESSAGES.wrongCode),
      ),
    );
    await waitFor(() => expect(code).toHaveFocus());
  });

  it('turns off after confirming the password and code, then retries the call once', async () => {
    const { user, setStatus } = renderProfile(
      twoStepStatus({ enabled: true, totp: true, recoveryCodesLeft: 2 }),
      { twoStepEnabled: true },
    );
    let confirmed = false;
    const turnOffs = answer('delete', '/users/profile/two-step/totp', () => {
      if (!confirmed) return reauthenticationRequired();
      const off = twoStepStatus();
      setStatus(off);
      return HttpResponse.json({ data: off });
    });
    const reauths = answer('post', '/auth/reauthenticate', ({ body }) => {
      const { password } = body as { password: string };
      if (password !== 'Secret-pass1') return apiError(400, 'The provided password does not match');
      confirmed = true;
      return HttpResponse.json({ data: { reauthenticatedUntil: '2030-01-01T00:05:00.000Z' } });
    });

    // Two recovery codes left: the card warns.
    expect(await screen.findByText(TWO_STEP_MESSAGES.lowRecoveryCodes)).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Turn off' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Turn off the authenticator app?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));

    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    const password = within(reauth).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'Wrong-pass1');
    await user.type(within(reauth).getByLabelText('Code'), '654321');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(reauth).findByText('The provided password does not match'),
    ).toBeInTheDocument();

    await user.clear(within(reauth).getByLabelText('Password'));
    await user.type(within(reauth).getByLabelText('Password'), 'Secret-pass1');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));

    expect(await findToast(TWO_STEP_MESSAGES.disabled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(reauths.map((call) => call.body)).toEqual([
      { password: 'Wrong-pass1', code: '654321' },
      { password: 'Secret-pass1', code: '654321' },
    ]);
    expect(turnOffs).toHaveLength(2);
    expect(
      await within(card()).findByRole('button', { name: 'Set up authenticator app' }),
    ).toBeInTheDocument();
  });

  it('does nothing more when the password confirmation is cancelled', async () => {
    const { user } = renderProfile(
      twoStepStatus({ enabled: true, totp: true, recoveryCodesLeft: 10 }),
    );
    const regenerations = answer(
      'post',
      '/users/profile/two-step/recovery-codes',
      reauthenticationRequired,
    );
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Make new recovery codes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Make new codes' }));
    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    // Two-step sign-in is off in the profile: no code is asked for.
    expect(within(reauth).queryByLabelText('Code')).not.toBeInTheDocument();
    await user.click(within(reauth).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(regenerations).toHaveLength(1);
  });

  it('makes new recovery codes and shows them once', async () => {
    const { user } = renderProfile(
      twoStepStatus({ enabled: true, totp: true, recoveryCodesLeft: 7 }),
    );
    answer('post', '/users/profile/two-step/recovery-codes', () =>
      HttpResponse.json({ data: { recoveryCodes: RECOVERY_CODES } }),
    );
    expect(await screen.findByText('7 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByText(TWO_STEP_MESSAGES.lowRecoveryCodes)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Make new codes',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    expect(await findToast(TWO_STEP_MESSAGES.recoveryCodesRegenerated)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy codes' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(RECOVERY_CODES.join('\n'));
    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // The confirmation that opened it is gone: focus goes to the card, not to the page's body.
    await waitFor(() =>
      expect(within(card()).getByRole('heading', { name: 'Two-step sign-in' })).toHaveFocus(),
    );
  });

  it('reads out a wrong code in the set-up dialog sent with Enter, where focus stays', async () => {
    const { user } = renderProfile(twoStepStatus());
    const dialog = await openSetUpRefusingTheCode(user);
    const code = within(dialog).getByLabelText('Code from the app');
    await user.type(code, '000000{Enter}');

    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining(TWO_STEP_MESSAGES.wrongCode),
      ),
    );
    expect(code).toHaveFocus();
    expect(
      within(dialog).getByText(`Code from the app: ${TWO_STEP_MESSAGES.wrongCode}`, {
        selector: '[aria-live="polite"]',
      }),
    ).toBeInTheDocument();
  });

  it('says why no passkey can be added when the server cannot use them (APP_URL an IP address)', async () => {
    const passkey = {
      id: 'pk1',
      name: 'Old key',
      createdAt: '2025-03-04T09:05:00.000Z',
      lastUsedAt: null,
    };
    renderProfile(
      twoStepStatus({
        enabled: true,
        passkeys: [passkey],
        recoveryCodesLeft: 10,
        passkeysAvailable: false,
      }),
    );
    const region = await screen.findByRole('region', { name: 'Two-step sign-in' });
    const passkeys = await within(region).findByRole('group', { name: 'Passkeys' });
    expect(within(passkeys).getByText(TWO_STEP_MESSAGES.passkeysNeedHostName)).toBeVisible();
    expect(within(passkeys).queryByRole('button', { name: 'Add passkey' })).not.toBeInTheDocument();
    // The passkeys already there can still be removed.
    expect(within(passkeys).getByRole('button', { name: 'Remove Old key' })).toBeVisible();
  });

  it('adds a passkey: the device makes it, the user names it, the first one brings codes', async () => {
    const { user, setStatus } = renderProfile(twoStepStatus());
    const options = { challenge: 'abc', rp: { name: 'Staff Admin' } };
    const response = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} };
    answer('post', '/users/profile/passkeys/options', () => HttpResponse.json({ data: options }));
    const passkey = {
      id: 'pk1',
      name: 'Work laptop',
      createdAt: '2025-03-04T09:05:00.000Z',
      lastUsedAt: null,
    };
    const saves = answer('post', '/users/profile/passkeys', () => {
      setStatus(twoStepStatus({ enabled: true, passkeys: [passkey], recoveryCodesLeft: 10 }));
      return HttpResponse.json(
        { data: { passkey, recoveryCodes: RECOVERY_CODES } },
        { status: 201 },
      );
    });
    startRegistration.mockResolvedValue(response);

    await user.click(await screen.findByRole('button', { name: 'Add passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add passkey' });
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    await user.click(within(dialog).getByRole('button', { name: 'Save passkey' }));
    expect(
      await within(dialog).findByText(TWO_STEP_MESSAGES.passkeyNameRequired),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Passkey name'), ' Work laptop ');
    await user.click(within(dialog).getByRole('button', { name: 'Save passkey' }));

    expect(
      await within(dialog).findByRole('heading', { name: 'Save your recovery codes' }),
    ).toBeInTheDocument();
    // The dialog is still named for the flow, not for the step it has left.
    expect(dialog).toHaveAccessibleName('Add passkey');
    expect(saves.map((call) => call.body)).toEqual([{ name: 'Work laptop', response }]);
    expect(await findToast(TWO_STEP_MESSAGES.passkeyAdded)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    expect(await within(card()).findByText('Work laptop')).toBeInTheDocument();
    expect(within(card()).getByText(/Never used/)).toBeInTheDocument();
  });

  it('says when the browser cannot use passkeys, and asks nothing of the server', async () => {
    browserSupportsWebAuthn.mockReturnValue(false);
    const { user } = renderProfile(twoStepStatus());
    await user.click(await screen.findByRole('button', { name: 'Add passkey' }));
    expect(await findToast(TWO_STEP_MESSAGES.passkeyUnsupported)).toBeInTheDocument();
    expect(startRegistration).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when each passkey was added, and how long ago it was last used', async () => {
    const usedAt = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    const passkey = {
      id: 'pk1',
      name: 'Work laptop',
      createdAt: '2025-03-04T09:05:00.000Z',
      lastUsedAt: usedAt,
    };
    renderProfile(twoStepStatus({ enabled: true, passkeys: [passkey], recoveryCodesLeft: 10 }));
    const item = within(await screen.findByRole('list', { name: 'Passkeys' })).getByRole(
      'listitem',
    );
    // The site's one relative-time rule (date-fns said "about 2 hours ago"), each in a <time>.
    expect(item).toHaveTextContent('Added 04/03/2025 at 09:05 AM · Last used 2 hours ago');
    const [added, used] = item.querySelectorAll('time');
    expect(added).toHaveAttribute('dateTime', passkey.createdAt);
    expect(used).toHaveAttribute('dateTime', usedAt);
  });

  it('removes a passkey after a confirm; focus goes to the next passkey, else the previous, else the list', async () => {
    const passkey = (id: string, name: string) => ({
      id,
      name,
      createdAt: '2025-03-04T09:05:00.000Z',
      lastUsedAt: '2025-03-05T09:05:00.000Z',
    });
    let passkeys = [
      passkey('pk1', 'Work laptop'),
      passkey('pk2', 'Phone'),
      passkey('pk3', 'Security key'),
    ];
    const status = () => twoStepStatus({ enabled: true, passkeys, recoveryCodesLeft: 10 });
    const { user, setStatus } = renderProfile(status());
    const removals = answer('delete', '/users/profile/passkeys/:id', ({ url }) => {
      passkeys = passkeys.filter(({ id }) => !url.pathname.endsWith(`/${id}`));
      setStatus(passkeys.length > 0 ? status() : twoStepStatus());
      return HttpResponse.json({ data: null });
    });
    const remove = async (name: string) => {
      await user.click(await screen.findByRole('button', { name: `Remove ${name}` }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Remove passkey?' });
      expect(confirm).toHaveTextContent(`${name} will no longer sign you in.`);
      await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
      expect(await findToast(TWO_STEP_MESSAGES.passkeyRemoved)).toBeInTheDocument();
      await waitFor(() => expect(confirm).not.toBeInTheDocument());
    };

    // Its item (and its Remove button) is gone: focus goes to the next passkey's first button.
    await remove('Phone');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Rename Security key' })).toHaveFocus(),
    );
    await remove('Security key');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Rename Work laptop' })).toHaveFocus(),
    );
    await remove('Work laptop');
    expect(removals).toHaveLength(3);
    expect(await within(card()).findByText('No passkeys yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('list', { name: 'Passkeys' })).toHaveFocus());
  });

  it('renames a passkey; a name with invisible characters is refused on its field first', async () => {
    const passkey = {
      id: 'pk1',
      name: 'Work laptop',
      createdAt: '2025-03-04T09:05:00.000Z',
      lastUsedAt: null,
    };
    const { user } = renderProfile(
      twoStepStatus({ enabled: true, passkeys: [passkey], recoveryCodesLeft: 10 }),
    );
    const renames = answer('patch', '/users/profile/passkeys/pk1', ({ body }) =>
      HttpResponse.json({ data: { ...passkey, ...(body as object) } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByLabelText('Passkey name');
    await user.clear(name);
    // A right-to-left override would show "Phone" as "enohP" reversed: the shared rule refuses it.
    await user.type(name, 'Ph\u202eone');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(TWO_STEP_MESSAGES.passkeyNameInvalidCharacters),
    ).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining(TWO_STEP_MESSAGES.passkeyNameInvalidCharacters),
    );
    await waitFor(() => expect(name).toHaveFocus());
    expect(renames).toHaveLength(0);
    await user.clear(name);
    await user.type(name, 'Phone');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findToast(TWO_STEP_MESSAGES.passkeyRenamed)).toBeInTheDocument();
    expect(renames.map((call) => call.body)).toEqual([{ name: 'Phone' }]);
    expect(await within(card()).findByText('Phone')).toBeInTheDocument();
  });
});
