import { createUser, expect, expectAccessible, signIn, test } from '../support/fixtures';

test('a user sees their sessions and ends one signed in elsewhere', async ({ page, browser }) => {
  const user = await createUser({ fullName: 'Sam Sessions' });
  const elsewhere = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
  });
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, user);

  await signIn(page, user);
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toBeVisible();
  await expectAccessible(page);

  const other = sessions.getByRole('listitem').filter({ hasText: 'Firefox' });
  await other.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('alertdialog', { name: 'Revoke session' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/auth\/login$/);
  await elsewhere.close();
});

test('a common password is refused with a clear message', async ({ page }) => {
  const user = await createUser({ fullName: 'Pol Icy' });
  await signIn(page, user);
  await page.getByRole('link', { name: 'Change Password' }).click();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password').fill('P@ssw0rd');
  await page.getByLabel('Confirm password').fill('P@ssw0rd');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('This password is too common. Please choose another one.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/change-password$/);
});
