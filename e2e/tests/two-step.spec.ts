import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@staff-admin/shared';
import { createUser, expect, expectAccessible, test, type TestUser } from '../support/fixtures.js';
import { waitForMail } from '../support/mailbox.js';

/** The code an authenticator app would show for `key` (as displayed: groups of four), `steps` ahead. */
function codeFor(key: string, steps = 0): string {
  const totp = new TOTP({
    secret: Secret.fromBase32(key.replace(/\s+/g, '')),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
  return totp.generate({ timestamp: Date.now() + steps * TOTP_PERIOD_SECONDS * 1000 });
}

async function enterPassword(page: Page, user: TestUser) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page, user: TestUser) {
  // The header is sticky, and Playwright brings a sticky element "into view" by scrolling the
  // page to its place in the flow, the top; the menu closes when the page scrolls (on purpose),
  // and that scroll event can land just after the press that opened it. So the page is at the
  // top, its scroll event handled, before the press, as it is for a person who clicks the header.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (window.scrollY === 0) return resolve();
        window.addEventListener('scroll', () => resolve(), { once: true });
        window.scrollTo(0, 0);
      }),
  );
  await page.getByRole('button', { name: new RegExp(user.email) }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

const secondStep = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Two-step sign-in' });

test('a staff member turns on two-step sign-in, then signs in with a code and with a recovery code', async ({
  page,
}) => {
  test.slow(); // four sign-ins and three axe runs
  const user = await createUser({ fullName: 'Tess Totp' });
  await enterPassword(page, user);
  await expect(page).toHaveURL(/\/users\/profile$/);

  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await card.getByRole('button', { name: 'Set up authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up authenticator app' });
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectAccessible(page);
  const key = (await dialog.locator('code').textContent()) ?? '';
  expect(key.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await dialog.getByLabel('Code from the app').fill(codeFor(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = ((await codes.first().textContent()) ?? '').trim();
  expect(recoveryCode).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();
  // Its opener is gone (set up is done), so focus goes to the card, not to the page.
  await expect(card.getByRole('heading', { name: 'Two-step sign-in' })).toBeFocused();
  expect((await waitForMail(user.email)).subject).toMatch(/two-step/i);

  // The code used to turn it on cannot be used again: the next step's code is what the app shows next.
  await logOut(page, user);
  await enterPassword(page, user);
  await expect(secondStep(page)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/two-step$/);
  await expectAccessible(page);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Authentication code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Authentication code').fill(codeFor(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/users\/profile$/);

  await logOut(page, user);
  await enterPassword(page, user);
  await expect(secondStep(page)).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/users\/profile$/);
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText(
    '9 recovery codes left.',
  );

  // A recovery code works once.
  await logOut(page, user);
  await enterPassword(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Recovery code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/auth\/two-step$/);
});

test('a staff member adds a passkey and signs in with it', async ({ page }) => {
  test.slow();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const user = await createUser({ fullName: 'Pia Passkey' });
  await enterPassword(page, user);
  await expect(page).toHaveURL(/\/users\/profile$/);
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await card.getByRole('button', { name: 'Add passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add passkey' });
  await dialog.getByLabel('Passkey name').fill('Test laptop');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save passkey' }).click();
  await expect(dialog.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByRole('list', { name: 'Passkeys' })).toContainText('Test laptop');
  // Focus goes back to the button that opened the dialog. Until it has, the account menu would
  // close as soon as it opened: focus leaving a menu closes it, as does the scroll that brings
  // that button into view.
  await expect(card.getByRole('button', { name: 'Add passkey' })).toBeFocused();

  await logOut(page, user);
  await enterPassword(page, user);
  await expect(secondStep(page)).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/users\/profile$/);
});

test('a project owner, whose role requires it, is taken to set up two-step sign-in and can do nothing else', async ({
  page,
}) => {
  const owner = await createUser({ fullName: 'Opal Owner', position: 'project_owner' });
  await enterPassword(page, owner);
  await expect(page).toHaveURL(/\/auth\/two-step-setup$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
  ).toBeVisible();
  await expectAccessible(page);

  // Anywhere else leads back here, and the API refuses the same calls.
  await page.goto('/users/profile/change-password');
  await expect(page).toHaveURL(/\/auth\/two-step-setup$/);
  // A fresh access token first: the browser tests' tokens last 4 s, which axe alone can use up
  // on a busy machine, and this page makes no call that would refresh it.
  const status = await page.evaluate(
    async ([accessKey, refreshKey]) => {
      const refreshed = await fetch(
        `/api/auth/refresh-token/${encodeURIComponent(localStorage.getItem(refreshKey) ?? '')}`,
        { method: 'POST' },
      );
      const tokens = (
        (await refreshed.json()) as { data: { access_token: string; refresh_token: string } }
      ).data;
      localStorage.setItem(accessKey, tokens.access_token);
      localStorage.setItem(refreshKey, tokens.refresh_token);
      const response = await fetch('/api/users/sessions', {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      return { status: response.status, body: (await response.json()) as { reason?: string } };
    },
    [ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY] as const,
  );
  expect(status).toEqual({
    status: 403,
    body: expect.objectContaining({ reason: 'two_step_setup_required' }),
  });

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const key = (await page.locator('code').textContent()) ?? '';
  await page.getByLabel('Code from the app').fill(codeFor(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  await expect(page).not.toHaveURL(/two-step/);
  await page.goto('/users/profile/change-password');
  await expect(page).toHaveURL(/\/users\/profile\/change-password$/);
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 320px the second-step screen passes axe', async ({ page }) => {
    const owner = await createUser({ fullName: 'Nia Narrow', position: 'project_owner' });
    await enterPassword(page, owner);
    await expect(page).toHaveURL(/\/auth\/two-step-setup$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const key = (await page.locator('code').textContent()) ?? '';
    await page.getByLabel('Code from the app').fill(codeFor(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await expect(page).not.toHaveURL(/two-step/);

    await page.evaluate(() => localStorage.clear());
    await enterPassword(page, owner);
    await expect(secondStep(page)).toBeVisible();
    await expectAccessible(page);
  });
});
