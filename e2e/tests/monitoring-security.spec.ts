import {
  ADMIN,
  choose,
  createUser,
  expect,
  expectAccessible,
  expectNoAccessForFinance,
  lockOut,
  openMonitoringTab,
  signIn,
  test,
  uniqueEmail,
} from '../support/fixtures';

test('an admin sees an account locked by wrong passwords in Security, unlocks it, and the user signs in', async ({
  page,
  browser,
  request,
}) => {
  // Eleven password checks, two browsers and two axe runs: more than the default minute when loaded.
  test.setTimeout(120_000);
  const user = await createUser({ fullName: 'Lou Locked' });
  await lockOut(request, user.email);

  await signIn(page, ADMIN);
  await openMonitoringTab(page, 'Security');
  await expect(page).toHaveURL(/\/monitoring\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in security' })).toBeVisible();
  const locked = page.getByRole('table', { name: 'Accounts locked now' });
  await expect(locked.getByRole('cell', { name: user.email, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Failed sign-ins per hour' })).toBeVisible();
  await expectAccessible(page);

  await locked.getByRole('button', { name: `Unlock ${user.email}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unlock account' });
  await expect(dialog).toContainText(user.email);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByText(`${user.email} can sign in again.`)).toBeVisible();
  await expect(locked.getByRole('cell', { name: user.email, exact: true })).toHaveCount(0);

  // The unlock is in the audit trail.
  await choose(page, page.getByRole('combobox', { name: 'Action' }), 'auth.unlocked');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=auth\.unlocked/);
  await expect(
    page.getByRole('table', { name: 'Audit trail' }).getByRole('cell', { name: 'auth.unlocked' }),
  ).not.toHaveCount(0);

  // The user signs in on their own browser.
  const other = await browser.newContext();
  try {
    await signIn(await other.newPage(), user);
  } finally {
    await other.close();
  }
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 320px the Security screen passes axe', async ({ page, request }) => {
    const email = uniqueEmail('nobody');
    await lockOut(request, email);
    await signIn(page, ADMIN);
    await page.goto('/monitoring/security');
    await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Audit trail' })).toBeVisible();
    await expectAccessible(page);
  });
});

test('a finance user gets No access at /monitoring/security', async ({ page }) => {
  await expectNoAccessForFinance(page, '/monitoring/security');
  await expect(page.getByRole('table', { name: 'Accounts locked now' })).toHaveCount(0);
});
