import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DIRECTORY_MESSAGES, SCIM_BASE_PATH } from '@staff-admin/shared';
import {
  choose,
  createUser,
  expect,
  expectAccessible,
  expectNoAccessForFinance,
  openMonitoringTab,
  signIn,
  test,
  type TestUser,
} from '../support/fixtures';
import { expectFocusOn, expectFocusVisible, tabTo } from '../support/keyboard';

/**
 * Monitoring › Directory in the browser (issue 36): an admin makes a SCIM token, the directory
 * provisions a person with it through the real /scim/v2 routes, the sync log and User management
 * show them, and a revoked token stops working at once.
 */

const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

/** POST /scim/v2/Users with `secret`, as Okta or Entra ID sends it. */
function provision(request: APIRequestContext, secret: string, userName: string) {
  return request.post(`${SCIM_BASE_PATH}/Users`, {
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
    data: JSON.stringify({
      schemas: [SCIM_USER],
      userName,
      name: { givenName: 'Dana', familyName: 'Directory' },
      active: true,
    }),
  });
}

/**
 * Makes a token from its dialog, by keyboard, confirming the password if the server asks, and
 * returns its secret as the one-time dialog shows it (read from the clipboard after Copy token).
 */
async function createToken(page: Page, admin: TestUser, name: string): Promise<string> {
  const newToken = page.getByRole('button', { name: 'New token' });
  await newToken.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New SCIM token' });
  // Focus goes straight into the name field.
  await expectFocusOn(page, dialog.getByRole('textbox', { name: 'Name' }));
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');

  const shown = page.getByRole('dialog', { name: 'Token created' });
  const reauth = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(shown.or(reauth)).toBeVisible();
  if (await reauth.isVisible()) {
    await reauth.getByLabel('Password', { exact: true }).fill(admin.password);
    await reauth.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(DIRECTORY_MESSAGES.tokenCreated);
  const field = shown.getByRole('textbox', { name: `Secret of “${name}”` });
  // The secret has focus, so it is read out with its name and the dialog's text.
  await expectFocusOn(page, field);
  const secret = await field.inputValue();
  expect(secret.length).toBeGreaterThan(20);

  await shown.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByText('The token has been copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // Closed: the secret is gone from the page, and focus is back on New token.
  await page.keyboard.press('Escape');
  await expect(shown).toHaveCount(0);
  await expectFocusOn(page, newToken);
  await expect(page.getByText(secret)).toHaveCount(0);
  return secret;
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
});

test('an admin connects the directory with a token, sees its calls and the people it provisions, then revokes it', async ({
  page,
  request,
}) => {
  // Two screens, a user's page, several SCIM calls and three axe runs.
  test.setTimeout(120_000);
  const admin = await createUser({ position: 'admin', fullName: 'Dora Directory Admin' });
  const tokenName = `Okta ${randomUUID().slice(0, 8)}`;
  const userName = `dana-${randomUUID().slice(0, 8)}@example.com`;

  await signIn(page, admin);
  await openMonitoringTab(page, 'Directory');
  await expect(page).toHaveURL(/\/monitoring\/directory$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Directory' })).toBeVisible();
  const baseUrl = new URL(SCIM_BASE_PATH, page.url()).href;
  await expect(page.getByRole('textbox', { name: 'SCIM base URL' })).toHaveValue(baseUrl);

  const secret = await createToken(page, admin, tokenName);
  const tokens = page.getByRole('table', { name: 'SCIM tokens' });
  const tokenRow = tokens.getByRole('row').filter({ hasText: tokenName });
  await expect(tokenRow).toContainText('Dora Directory Admin');
  await expect(tokenRow).toContainText('Never');
  await expectAccessible(page);

  // The directory provisions a person with the token, through the real SCIM routes.
  const created = await provision(request, secret, userName);
  expect(created.status(), await created.text()).toBe(201);

  // The sync log shows the call once the page is loaded again; the token has been used.
  await page.reload();
  const log = page.getByRole('table', { name: 'Sync log' });
  const call = log.getByRole('row').filter({ hasText: userName });
  await expect(call).toContainText('Create User');
  await expect(call).toContainText(tokenName);
  await expect(call).toContainText('201Success');
  await expect(tokenRow).not.toContainText('Never');
  await expectAccessible(page);

  // "Failed only" is kept in the URL; the successful call is not among them.
  await choose(page, page.getByRole('combobox', { name: 'Result' }), 'Failed only');
  await expect(page).toHaveURL(/result=failed/);
  await expect(log.getByRole('row').filter({ hasText: userName })).toHaveCount(0);

  // User management marks the person; their page says why their fields are off.
  await page.goto(`/users?search=${encodeURIComponent(userName)}`);
  const person = page.getByRole('row').filter({ hasText: userName });
  await expect(
    person.getByText(DIRECTORY_MESSAGES.managedByDirectory, { exact: true }),
  ).toBeVisible();
  await person.getByRole('link', { name: 'Dana Directory' }).click();
  await expect(page).toHaveTitle(/^Dana Directory · /);
  for (const control of [
    page.getByRole('textbox', { name: 'Full name' }),
    page.getByRole('combobox', { name: 'Status' }),
  ]) {
    await expect(control).toBeDisabled();
    await expect(control).toHaveAccessibleDescription(DIRECTORY_MESSAGES.managedByDirectoryReason);
  }
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Dana Directory');
  // No OIDC_ROLE_MAP here: the directory gives no role, and the admin sets it (docs/scim.md).
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await expectAccessible(page);

  // Revoked, by keyboard: the token stops working at once.
  await page.goto('/monitoring/directory');
  const revoke = page.getByRole('button', { name: `Revoke ${tokenName}` });
  await tabTo(page, revoke);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Revoke token' });
  await expect(confirm).toContainText(tokenName);
  await tabTo(page, confirm.getByRole('button', { name: 'Revoke' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(DIRECTORY_MESSAGES.tokenRevoked(tokenName))).toBeVisible();
  await expect(tokenRow).toHaveCount(0);
  // The row went with focus in it: focus moved on, never to the page's body.
  await expectFocusVisible(page);

  const refused = await provision(request, secret, `other-${userName}`);
  expect(refused.status(), await refused.text()).toBe(401);
});

test('a rotated token’s old secret stops at once; the new one works', async ({ page, request }) => {
  const admin = await createUser({ position: 'admin', fullName: 'Rory Rotator' });
  const tokenName = `Entra ${randomUUID().slice(0, 8)}`;
  await signIn(page, admin);
  await page.goto('/monitoring/directory');
  const old = await createToken(page, admin, tokenName);

  const rotate = page.getByRole('button', { name: `Rotate ${tokenName}` });
  await rotate.click();
  const confirm = page.getByRole('alertdialog', { name: 'Rotate token' });
  await confirm.getByRole('button', { name: 'Rotate' }).click();
  const shown = page.getByRole('dialog', { name: 'Token rotated' });
  await expect(shown).toContainText(DIRECTORY_MESSAGES.tokenRotated);
  const renewed = await shown
    .getByRole('textbox', { name: `Secret of “${tokenName}”` })
    .inputValue();
  expect(renewed).not.toBe(old);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  // Back on the Rotate that led there.
  await expectFocusOn(page, rotate);

  const withOld = await provision(request, old, `old-${randomUUID().slice(0, 8)}@example.com`);
  expect(withOld.status()).toBe(401);
  const withNew = await provision(request, renewed, `new-${randomUUID().slice(0, 8)}@example.com`);
  expect(withNew.status(), await withNew.text()).toBe(201);
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 320, height: 720 } });

  test('at 320px the Directory screen and its dialogs pass axe and fit', async ({ page }) => {
    const admin = await createUser({ position: 'admin', fullName: 'Nia Narrow' });
    await signIn(page, admin);
    await page.goto('/monitoring/directory');
    await expect(page.getByRole('heading', { level: 1, name: 'Directory' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sync log' })).toBeVisible();

    // A token in the table, so its row and buttons are checked, not just the empty table.
    const tokenName = `Narrow ${randomUUID().slice(0, 8)}`;
    await page.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New SCIM token' });
    await dialog.getByRole('button', { name: 'Create token' }).click();
    // An empty name is refused on the field, which is focused and tied to its message.
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveAccessibleDescription(DIRECTORY_MESSAGES.tokenNameRequired);
    await expectFocusOn(page, name);
    await expectAccessible(page);
    await name.fill(tokenName);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const reauth = page.getByRole('dialog', { name: 'Confirm your password' });
    const shown = page.getByRole('dialog', { name: 'Token created' });
    await expect(shown.or(reauth)).toBeVisible();
    if (await reauth.isVisible()) {
      await reauth.getByLabel('Password', { exact: true }).fill(admin.password);
      await reauth.getByRole('button', { name: 'Confirm' }).click();
    }
    await expect(shown).toBeVisible();
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();

    await expect(
      page
        .getByRole('table', { name: 'SCIM tokens' })
        .getByRole('row')
        .filter({ hasText: tokenName }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});

test('a finance user gets No access at /monitoring/directory', async ({ page }) => {
  await expectNoAccessForFinance(page, '/monitoring/directory');
  await expect(page.getByRole('table', { name: 'SCIM tokens' })).toHaveCount(0);
});
