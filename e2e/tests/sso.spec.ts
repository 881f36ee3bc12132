import type { Page } from '@playwright/test';
import { SSO_MESSAGES } from '@staff-admin/shared';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.js';
import {
  COMPANY_NAME,
  SSO_ONLY_DOMAIN,
  startSsoServer,
  type SsoServer,
} from '../support/sso-server.js';

// One server with company sign-in and its provider for the file: its tests run in order, in one
// worker (a failure does not skip the others).
test.describe.configure({ mode: 'default' });

let sso: SsoServer;
test.beforeAll(async () => {
  sso = await startSsoServer();
});
test.afterAll(async () => {
  await sso?.stop();
});

const SSO_BUTTON = `Sign in with ${COMPANY_NAME}`;

/** The provider's development login page imports a web font; nothing leaves the machine. */
async function offline(page: Page) {
  await page.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
}

/**
 * From our login page to the provider and back, by keyboard only: Tab to the SSO button, Enter;
 * on the provider's own pages type the login and a password, Enter, and Continue (consent).
 */
async function signInWithSso(page: Page, login: string, startAt = '/auth/login') {
  await offline(page);
  await page.goto(`${sso.baseURL}${startAt}`);
  await expect(page).toHaveURL(`${sso.baseURL}/auth/login`);
  const button = page.getByRole('link', { name: SSO_BUTTON });
  await expect(button).toBeVisible();
  for (let presses = 0; presses < 10; presses += 1) {
    if (await button.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');

  await page.waitForURL((url) => url.origin === sso.provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.keyboard.press('Enter');
  const consent = page.getByRole('button', { name: 'Continue' });
  await consent.waitFor();
  await consent.focus();
  await page.keyboard.press('Enter');
}

/** The provider knows `email` (verified) in `groups`: 'staff' gives Contractor here. */
function atProvider(email: string, groups: string[] = ['staff']) {
  sso.provider.people.set(email, { email, email_verified: true, groups });
}

/** Ends our session and the provider's, so that the next sign-in goes through its login page. */
async function forgetEverything(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test('a member of staff signs in with one click, axe clean, and lands signed in', async ({
  page,
}) => {
  const member = await sso.createUser({ fullName: 'Morgan Member', position: 'contractor' });
  atProvider(member.email);
  await offline(page);
  await page.goto(`${sso.baseURL}/auth/login`);
  await expect(page.getByRole('link', { name: SSO_BUTTON })).toBeVisible();
  await expectAccessible(page);

  const landings = new Set<string>();
  let exchanges = 0;
  page.on('framenavigated', (frame) => {
    if (frame.url().includes('/auth/sso/complete')) landings.add(frame.url());
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/oidc/exchange')) exchanges += 1;
  });
  await signInWithSso(page, member.email);
  await expect(page).toHaveURL(`${sso.baseURL}/users/profile`);
  // Back from the provider is a new page load, which the browser reads itself: the route
  // announcer leaves focus alone until the visitor's first key or press (docs/accessibility.md).
  await expect(page.getByRole('heading', { level: 1, name: 'Profile setting' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText(/Contractor/);

  // The landing address is no way in a second time: its code was used.
  expect(landings.size).toBe(1);
  expect(exchanges).toBe(1);
  await forgetEverything(page);
  await page.goto([...landings][0]!);
  await expect(page).toHaveURL(`${sso.baseURL}/auth/sso-refused?reason=invalid_request`);
  await expect(page.getByText(SSO_MESSAGES.invalid_request)).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test('a guest who asked for a guarded page lands on it after signing in by SSO', async ({
  page,
}) => {
  const member = await sso.createUser({ fullName: 'Paula Page', position: 'contractor' });
  atProvider(member.email);
  // The guard sends the guest to log in; the SSO button carries the page on to the server.
  await signInWithSso(page, member.email, '/users/profile/change-password');
  await expect(page).toHaveURL(`${sso.baseURL}/users/profile/change-password`);
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
});

test('an invited person signs in by SSO and their set-up is done', async ({ page, request }) => {
  const email = uniqueEmail('invited');
  await sso.invite(request, { email, fullName: 'Ivy Invited', position: 'contractor' });
  atProvider(email);
  await signInWithSso(page, email);
  // A pending user would be sent to /auth/setup-account: the first SSO sign-in completed it.
  await expect(page).toHaveURL(`${sso.baseURL}/users/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile setting' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ivy Invited');
});

test("a person's role follows their group at the next sign-in", async ({ page }) => {
  const email = uniqueEmail('grouped');
  await sso.createUser({ email, fullName: 'Gale Grouped', position: 'contractor' });
  atProvider(email, ['staff-admins']);

  await signInWithSso(page, email);
  await expect(page).toHaveURL(`${sso.baseURL}/users/profile`);
  const role = page.getByRole('combobox', { name: 'Role' });
  await expect(role).toHaveText(/Admin/);
  await expect(role).toHaveAccessibleDescription(/Managed by SSO/);
  await expect(role).toBeDisabled();

  // An admin now: the users list marks them, at 320 px too, axe clean.
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`${sso.baseURL}/users?search=${encodeURIComponent(email)}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Managed by SSO', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await forgetEverything(page);
  atProvider(email, ['finance']);
  await signInWithSso(page, email);
  await expect(page).toHaveURL(`${sso.baseURL}/users/profile`);
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText(/Finance/);
});

test('a refused person sees why, at 320 px, axe clean, and gets back to log in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await signInWithSso(page, uniqueEmail('stranger'));
  await expect(page).toHaveURL(`${sso.baseURL}/auth/sso-refused?reason=no_account`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Could not sign you in' }),
  ).toBeVisible();
  await expect(page.getByText(SSO_MESSAGES.no_account)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);

  const back = page.getByRole('link', { name: 'Back to log in' });
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${sso.baseURL}/auth/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeFocused();
});

test("an admin sees the identity provider on Monitoring's Overview, at 320 px, axe clean", async ({
  page,
}) => {
  const email = uniqueEmail('watcher');
  await sso.createUser({ email, fullName: 'Wren Watcher', position: 'contractor' });
  atProvider(email, ['staff-admins']);
  await signInWithSso(page, email);
  await expect(page).toHaveURL(`${sso.baseURL}/users/profile`);

  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`${sso.baseURL}/monitoring`);
  const card = page.getByRole('listitem', { name: 'Identity provider' });
  await expect(card).toContainText('Pass');
  await expect(card).toContainText(`${COMPANY_NAME}: reachable`);
  await expect(card.locator('time').first()).toBeVisible();
  // The stranger of the test before was refused.
  await expect(card).toContainText(/Refusals \(24 h\)[1-9]/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);

  const refusals = card.getByRole('link', { name: 'View refusals' });
  await refusals.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${sso.baseURL}/monitoring/security?action=auth.sso_refused`);
  await expect(page.getByRole('cell', { name: 'auth.sso_refused' }).first()).toBeVisible();
});

test('the login form sends staff of an SSO-only domain to the SSO button', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`${sso.baseURL}/auth/login`);
  await expect(page.getByRole('link', { name: SSO_BUTTON })).toBeVisible();
  const email = page.getByLabel('Email');
  await email.fill(`someone@${SSO_ONLY_DOMAIN}`);
  await expect(email).toHaveAccessibleDescription(`Use Sign in with ${COMPANY_NAME}.`);
  await page.getByLabel('Password', { exact: true }).fill('Any!2345pass');
  await page.keyboard.press('Enter');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(`${sso.baseURL}/auth/login`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);

  // The forgotten-password page offers the SSO button too.
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeFocused();
  await expect(page.getByRole('link', { name: SSO_BUTTON })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);
});
