import { fileURLToPath } from 'node:url';
import {
  ADMIN,
  choose,
  createUser,
  expect,
  expectAccessible,
  signIn,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { waitForMail } from '../support/mailbox';

const AVATAR = fileURLToPath(new URL('../fixtures/avatar.png', import.meta.url));

test('a staff member edits their own name and picture, and the header follows', async ({
  page,
}) => {
  const user = await createUser({ fullName: 'Pat Before', position: 'project_manager' });
  await signIn(page, user);
  await expectAccessible(page);

  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.getByLabel('Full name').fill('Pat After');
  await page.getByLabel('Picture file').setInputFiles(AVATAR);
  await expect(save).toBeEnabled();
  await save.click();

  const dialog = page.getByRole('alertdialog', { name: 'Do you want to save changes?' });
  await expect(dialog.getByText('All changes cannot be undone.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Yes, save' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();

  const header = page.getByRole('banner');
  await expect(header.getByText('Pat After')).toBeVisible();
  await expect(header.locator('img[src^="/api/files/users/"]')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Pat After');

  await page.getByRole('button', { name: 'Change picture' }).click();
  await page.getByRole('menuitem', { name: 'Delete picture' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('button', { name: 'Yes, save' }).click();
  await expect(page.getByText('Your changes have been saved.').first()).toBeVisible();
  await expect(header.locator('img[src*="/api/files/"]')).toHaveCount(0);
});

test('an admin invites two people from User management and finds them', async ({ page }) => {
  const tag = uniqueEmail('x').slice(2, 10);
  const first = `ann-${tag}@company.test`;
  const second = `bob-${tag}@company.test`;
  await signIn(page, ADMIN);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'User management' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Invite users' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email 1').fill(first);
  await dialog.getByLabel('Full name 1').fill(`Ann ${tag}`);
  await dialog.getByRole('button', { name: 'Add row' }).click();
  await dialog.getByLabel('Email 2').fill(second);
  await dialog.getByLabel('Full name 2').fill(`Bob ${tag}`);
  await choose(page, dialog.getByRole('combobox', { name: 'Role 2' }), 'Finance');
  await choose(page, dialog.getByRole('combobox', { name: 'Role 1' }), 'Contractor');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(
    page.getByText('Invitation sent! The new user can activate their account via the email link.'),
  ).toBeVisible();
  await waitForMail(first);
  await waitForMail(second);
  await page.keyboard.press('Escape');

  await page.getByLabel('Search').fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3); // header + 2
  await expect(rows.nth(1)).toContainText(`Bob ${tag}`); // newest first by default

  await page.getByRole('button', { name: 'Full name' }).click();
  await expect(rows.nth(1)).toContainText(`Ann ${tag}`);
  await page.getByRole('button', { name: 'Full name' }).click();
  await expect(rows.nth(1)).toContainText(`Bob ${tag}`);

  await page.reload();
  await expect(rows.nth(1)).toContainText(`Bob ${tag}`);
  await expect(page.getByLabel('Search')).toHaveValue(tag);

  await page.getByRole('link', { name: `Ann ${tag}` }).click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Resend invitation' })).toBeVisible();
  await expect(page.getByText('Pending').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Resend invitation' }).click();
  await expect(
    page.getByText('Invitation sent! The new user can activate their account via the email link.'),
  ).toBeVisible();
  await waitForMail(first, 2);
});

test('an admin changes a role, deactivates and deletes a person', async ({ page, browser }) => {
  const person = await createUser({ fullName: 'Dana Target', position: 'contractor' });

  // The person is signed in elsewhere.
  const theirContext = await browser.newContext();
  const theirPage = await theirContext.newPage();
  await signIn(theirPage, person);

  await signIn(page, ADMIN);
  await page.goto(`/users?search=${encodeURIComponent(person.email)}`);
  await page.getByRole('link', { name: 'Dana Target' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(person.email);

  await choose(page, page.getByRole('combobox', { name: 'Role' }), 'Project manager');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('button', { name: 'Yes, save' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();

  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText(
      'Reset password email sent! This user can reset their password via the email link.',
    ),
  ).toBeVisible();
  await waitForMail(person.email);

  await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Inactive');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('button', { name: 'Yes, save' }).click();
  await expect(page.getByText('Your changes have been saved.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();

  // Their open session ends on its next request.
  await theirPage.reload();
  await expect(theirPage).toHaveURL(/\/auth\/login$/);
  await theirContext.close();

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete record' });
  await expect(dialog.getByText('Are you sure you want to delete Dana Target?')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/users(\?.*)?$/);

  await page.goto(`/users?search=${encodeURIComponent(person.email)}`);
  await expect(page.getByRole('link', { name: 'Dana Target' })).toHaveCount(0);
});

test('an admin cannot change their own role or status or delete themselves', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Change Password' })).toBeVisible();
});
