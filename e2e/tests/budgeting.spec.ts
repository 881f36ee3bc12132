import type { Page } from '@playwright/test';
import { choose, createUser, expect, expectAccessible, signIn, test } from '../support/fixtures';

const CODE = `E2E-${Date.now().toString(36).toUpperCase()}`;

// Two costs of March 2025; the second has a date that does not exist, fixed in the preview.
const CSV = [
  'date,category,description,amount',
  '2025-03-10,software,IDE licences,500.00',
  '2025-03-32,travel,Train to the client,300',
].join('\n');

/** On Closed months: closes `month` (YYYY-MM) and confirms. */
async function closeMonth(page: Page, month: string) {
  await page.getByLabel('Month to close').fill(month);
  await page.getByRole('button', { name: 'Close month' }).click();
  await page
    .getByRole('alertdialog', { name: 'Close month' })
    .getByRole('button', { name: 'Close month' })
    .click();
}

test('a finance user creates a project, imports costs, closes the month and sees it locked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const finance = await createUser({ position: 'finance', fullName: 'Fin Ance' });
  await signIn(page, finance);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Budgeting & Cost tracking' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expectAccessible(page);

  // A project with a budget of £1,000.
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Code').fill(CODE);
  await dialog.getByLabel('Name').fill('Client website');
  await dialog.getByLabel('Client').fill('Acme');
  // By the address: other specs, running beside this one on the same server, make finance users
  // of the same name (the option reads "Fin Ance (address)").
  const ownAddress = new RegExp(finance.email.split('@')[0]!);
  await choose(page, dialog.getByRole('combobox', { name: 'Owner' }), ownAddress);
  await dialog.getByLabel('Start date').fill('2025-01-01');
  await dialog.getByLabel('Budget').fill('1000');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${CODE} · Client website` }),
  ).toBeVisible();

  // Import: the preview lists the bad row, which is fixed in place; then both rows go in.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import costs from CSV' });
  await wizard
    .getByLabel('1. CSV file')
    .setInputFiles({ name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await wizard.getByRole('button', { name: 'Preview' }).click();
  await expect(wizard.getByText('1 of 2 rows ready')).toBeVisible();
  await expectAccessible(page);
  await wizard.getByLabel(/Date of row 2/).fill('2025-03-31');
  // A check's upload shows as Check again's spinner, never as the import's progress bar, and
  // Cancel stays on: watched for the whole call, whose answer is held.
  await page.evaluate(() => {
    const seen = { progressBar: false };
    (window as unknown as { checkSaw: typeof seen }).checkSaw = seen;
    new MutationObserver(() => {
      if (document.querySelector('progress[aria-label="Upload progress"]')) seen.progressBar = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/costs\/import\?dryRun=true$/, async (route) => {
    await released;
    await route.continue();
  });
  const checkAgain = wizard.getByRole('button', { name: 'Check again' });
  const sent = page.waitForRequest(/\/costs\/import\?dryRun=true$/);
  await checkAgain.click();
  await sent;
  await expect(checkAgain).toHaveAttribute('aria-busy', 'true');
  await expect(wizard.getByRole('button', { name: 'Cancel' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  release();
  await expect(wizard.getByText('2 of 2 rows ready')).toBeVisible();
  await page.unrouteAll();
  expect(
    await page.evaluate(
      () => (window as unknown as { checkSaw: { progressBar: boolean } }).checkSaw,
    ),
  ).toEqual({ progressBar: false });
  await wizard.getByRole('button', { name: 'Import 2 costs' }).click();
  await expect(page.getByText(/2 costs imported/)).toBeVisible();
  await expect(wizard.getByText('march.csv: 2 costs, total £800.00.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();

  // £800 of £1,000: the bar is amber ("Near budget").
  await expect(page.getByRole('meter', { name: 'Budget used', exact: true })).toHaveAttribute(
    'aria-valuetext',
    '80.0 %, Near budget',
  );
  await expect(page.getByRole('cell', { name: 'Train to the client', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Close March 2025.
  await page
    .getByRole('navigation', { name: 'Budgeting' })
    .getByRole('link', { name: 'Closed months' })
    .click();
  await closeMonth(page, '2025-03');
  await expect(page.getByText('March 2025 is closed.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'March 2025' })).toBeVisible();
  await expectAccessible(page);

  // Back on the project: March's costs show a lock instead of Edit and Delete, and a new cost
  // dated in March is refused at its date, in the dialog.
  await page.goBack();
  await expect(
    page.getByRole('heading', { level: 1, name: `${CODE} · Client website` }),
  ).toBeVisible();
  for (const description of ['Train to the client', 'IDE licences']) {
    const row = page.getByRole('row', { name: new RegExp(description) });
    await expect(row).toContainText('March 2025 closed');
    await expect(row.getByRole('button')).toHaveCount(0);
  }
  const closedMessage = 'This month is closed: its costs cannot be added, changed or deleted.';
  await page.getByRole('button', { name: 'Add cost' }).click();
  const add = page.getByRole('dialog', { name: 'Add cost' });
  await add.getByLabel('Date').fill('15/03/2025');
  await expect(add.getByRole('status')).toHaveText(closedMessage);
  await expect(add.getByLabel('Date')).toHaveAccessibleDescription(new RegExp(closedMessage));
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('cell', { name: 'Train to the client', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'IDE licences', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Imports' }).click();
  await page.getByRole('button', { name: 'Undo import of march.csv' }).click();
  await page
    .getByRole('alertdialog', { name: 'Undo import' })
    .getByRole('button', { name: 'Undo import' })
    .click();
  await expect(
    page.getByText('This import has costs in a closed month and cannot be undone.'),
  ).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Budget used', exact: true })).toHaveAttribute(
    'aria-valuetext',
    '80.0 %, Near budget',
  );
});

test('a contractor gets No access at /financial/projects', async ({ page }) => {
  const contractor = await createUser({ position: 'contractor', fullName: 'Con Tractor' });
  await signIn(page, contractor);
  await page.goto('/financial/projects');
  await expect(
    page.getByRole('heading', { level: 1, name: 'You do not have access to this page' }),
  ).toBeVisible();
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 320px the project list and closed months pass axe', async ({ page }) => {
    const finance = await createUser({ position: 'finance', fullName: 'Narrow Finance' });
    await signIn(page, finance);
    await page.goto('/financial/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/financial/closed-months');
    await expect(page.getByRole('heading', { level: 1, name: 'Closed months' })).toBeVisible();
    // A closed month of its own (one no other test adds costs to), so that the table is there
    // whatever the other tests have done: wider than the screen, with no link or button in it.
    await closeMonth(page, '2019-06');
    await expect(page.getByRole('cell', { name: 'June 2019' })).toBeVisible();
    await expectAccessible(page);
    // Focus is back on the button that asked; Tab goes on to the table's scroller, and the arrow
    // keys scroll it sideways.
    await expect(page.getByRole('button', { name: 'Close month' })).toBeFocused();
    const table = page.getByRole('region', { name: 'Closed months table' });
    await page.keyboard.press('Tab');
    await expect(table).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => table.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});
