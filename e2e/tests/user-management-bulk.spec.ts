import type { Page } from '@playwright/test';
import { USER_EXPORT_COLUMNS, VALIDATION_MESSAGES } from '@staff-admin/shared';
import { readFile } from 'node:fs/promises';
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

/** A tag no other test's users contain, so a search for it shows only this test's people. */
const uniqueTag = () => uniqueEmail('t').slice(2, 10);

async function openUserManagement(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'User management' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
}

test('an admin invites a team from a CSV file with one bad row', async ({ page }) => {
  const tag = uniqueTag();
  const ann = `ann-${tag}@company.test`;
  const bob = `bob-${tag}@company.test`;
  await signIn(page, ADMIN);
  await openUserManagement(page);

  await page.getByRole('button', { name: 'Invite from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite from a CSV file' });
  await expectAccessible(page);
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'team.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'email,fullName,position',
        `${ann},Ann ${tag},contractor`,
        `not-an-email-${tag},Nobody,contractor`,
        `${bob},Bob ${tag},Finance`,
      ].join('\n'),
    ),
  });

  await expect(dialog.getByText('3 rows: 2 ready to send, 1 with problems')).toBeVisible();
  const badRow = dialog
    .getByRole('list', { name: 'Rows of the file' })
    .getByRole('listitem')
    .filter({ hasText: `not-an-email-${tag}` });
  await expect(badRow.getByText(VALIDATION_MESSAGES.emailInvalid)).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Send 2 invitations', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: '2 users invited' })).toBeVisible();
  await expect(dialog.getByText('1 row was not sent.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done', exact: true }).click();

  // Both good rows got their invitation mail, and are pending in the list.
  await waitForMail(ann);
  await waitForMail(bob);
  await page.getByRole('searchbox').fill(tag);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: new RegExp(bob) })).toContainText('Finance');
  await expect(table.getByRole('row', { name: new RegExp(ann) })).toContainText('Pending');
});

test('an admin deactivates two people at once, then exports exactly the filtered rows', async ({
  page,
}) => {
  const tag = uniqueTag();
  const dee = await createUser({ fullName: `Dee ${tag}`, email: `dee-${tag}@company.test` });
  const eve = await createUser({ fullName: `Eve ${tag}`, email: `eve-${tag}@company.test` });
  const fay = await createUser({ fullName: `Fay ${tag}`, email: `fay-${tag}@company.test` });
  await signIn(page, ADMIN);
  await openUserManagement(page);
  await page.getByRole('searchbox').fill(tag);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);

  await page.getByRole('checkbox', { name: `Select Dee ${tag}`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Select Eve ${tag}`, exact: true }).check();
  const toolbar = page.getByRole('region', { name: 'Selected users' });
  await expect(toolbar).toContainText('2 selected');
  await expectAccessible(page);
  await toolbar.getByRole('button', { name: 'Deactivate', exact: true }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Deactivate 2 users' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  const results = page.getByRole('dialog', { name: 'Results' });
  await expect(results.getByText('2 users deactivated.')).toBeVisible();
  await expectAccessible(page);
  await results.getByRole('button', { name: 'Done', exact: true }).click();

  await expect(table.getByRole('row', { name: new RegExp(dee.email) })).toContainText('Inactive');
  await expect(table.getByRole('row', { name: new RegExp(eve.email) })).toContainText('Inactive');
  await expect(table.getByRole('row', { name: new RegExp(fay.email) })).toContainText('Active');

  // Only the inactive ones of this test: the list and the file hold the same two people.
  await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Inactive');
  await expect(page).toHaveURL(/status=inactive/);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await readFile((await (await download).path())!, 'utf8');
  expect(file.startsWith('\uFEFF')).toBe(true);
  const lines = file.slice(1).trimEnd().split(/\r?\n/);
  expect(lines[0]).toBe(USER_EXPORT_COLUMNS.join(','));
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[1])
      .sort(),
  ).toEqual([dee.email, eve.email].sort());
  expect(lines.slice(1).every((line) => line.split(',')[3] === 'Inactive')).toBe(true);
});
