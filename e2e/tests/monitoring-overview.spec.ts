import {
  createUser,
  expect,
  expectAccessible,
  expectNoAccessForFinance,
  signIn,
  test,
  uniqueEmail,
} from '../support/fixtures';

test('an admin opens Monitoring and sees the database pass and this process', async ({ page }) => {
  const admin = await createUser({ email: uniqueEmail('overview'), position: 'admin' });
  await signIn(page, admin);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Monitoring & Error management' })
    .click();
  await expect(page).toHaveURL(/\/monitoring$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Monitoring' }).getByRole('link', { name: 'Overview' }),
  ).toHaveAttribute('aria-current', 'page');

  const database = page.getByRole('listitem', { name: 'Database' });
  await expect(database).toContainText('Pass');
  await expect(database).toContainText(/ms · checked (now|\d+ seconds? ago)/);
  await expect(page.getByRole('listitem', { name: 'Error reports' })).toContainText(
    /[\d,]+ of 5,000 browser reports stored today/,
  );
  // The server writes its heartbeat when it starts: at least this process is listed.
  const processes = page.getByRole('region', { name: 'Processes' }).getByRole('listitem');
  await expect(processes.first()).toContainText('Event-loop delay');
  // uPlot drew each count's chart.
  await expect(
    page.getByRole('img', { name: 'Sign-ins per hour, last 24 hours' }).locator('canvas'),
  ).not.toHaveCount(0);
  await expectAccessible(page);
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 320px the Overview passes axe', async ({ page }) => {
    const admin = await createUser({ email: uniqueEmail('overview-narrow'), position: 'admin' });
    await signIn(page, admin);
    await page.goto('/monitoring');
    await expect(page.getByRole('listitem', { name: 'Database' })).toContainText('Pass');
    await expectAccessible(page);
  });
});

test('a finance user gets No access at /monitoring', async ({ page }) => {
  await expectNoAccessForFinance(page, '/monitoring');
  await expect(page.getByRole('region', { name: 'Checks' })).toHaveCount(0);
});
