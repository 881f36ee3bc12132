import {
  choose,
  createUser,
  expect,
  expectAccessible,
  expectNoAccessForFinance,
  openMonitoringTab,
  signIn,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { waitForMail } from '../support/mailbox';

/** Monitoring › Mail in the browser; its SMTP outage is monitoring-mail-outage.spec.ts. */

test('an admin sends a test mail and sees it in the list, sent', async ({ page }) => {
  const admin = await createUser({
    email: uniqueEmail('qmail'),
    position: 'admin',
    fullName: 'Quinn Mailer',
  });
  const masked = `q***@${admin.email.split('@')[1]}`;
  await signIn(page, admin);
  await openMonitoringTab(page, 'Mail');
  await expect(page).toHaveURL(/\/monitoring\/mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();

  await page.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(
    page.getByText('A test mail is queued for your address. The list below shows when it is sent.'),
  ).toBeVisible();
  const mail = await waitForMail(admin.email);
  expect(mail.subject).toBe('Staff Admin test mail');

  await choose(page, page.getByRole('combobox', { name: 'Kind' }), 'Test mail');
  await expect(page).toHaveURL(/kind=test/);
  // The list shows what the outbox says when it loads: after the mail arrived, it says sent.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: masked });
  await expect(row).toContainText('Test mail');
  await expect(row).toContainText('Sent');
  // The header's user menu names the admin; the list never does.
  await expect(page.getByRole('region', { name: 'Mail' }).getByText(admin.email)).toHaveCount(0);
  await expectAccessible(page);
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 320px the Mail screen passes axe', async ({ page }) => {
    const admin = await createUser({ email: uniqueEmail('narrow'), position: 'admin' });
    await signIn(page, admin);
    await page.goto('/monitoring/mail');
    await page.getByRole('button', { name: 'Send a test mail' }).click();
    await expect(
      page.getByText(
        'A test mail is queued for your address. The list below shows when it is sent.',
      ),
    ).toBeVisible();
    // A row with its badge and actions is on screen for axe to check, not just the empty table.
    await expect(page.getByRole('row').filter({ hasText: 'n***@company.test' })).not.toHaveCount(0);
    await expectAccessible(page);
  });
});

test('a finance user gets No access at /monitoring/mail', async ({ page }) => {
  await expectNoAccessForFinance(page, '/monitoring/mail');
  await expect(page.getByRole('table', { name: 'Mail outbox' })).toHaveCount(0);
});
