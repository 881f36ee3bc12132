import {
  choose,
  createUser,
  expect,
  expectAccessible,
  openMonitoringTab,
  signIn,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { startSmtp, stopSmtp } from '../support/smtp';

/**
 * Monitoring › Mail through an SMTP outage. It stops the SMTP server that every browser test
 * shares, so it runs in a project of its own, after all the others (playwright.config.ts). The
 * server retries a mail after 3 s, then 6 s, and gives up at its third attempt (support/server.mjs).
 */

test('an admin watches an invitation fail while SMTP is down, then retries it and it arrives', async ({
  page,
}) => {
  const admin = await createUser({ email: uniqueEmail('otto'), position: 'admin' });
  // The Mail list masks recipients (z***@company.test): no other test invites a z… address.
  const invitee = uniqueEmail('zoe');
  await signIn(page, admin);
  const row = page
    .getByRole('row')
    .filter({ hasText: 'z***@company.test' })
    .filter({ hasText: 'Invitation' });
  /** The list shows the outbox as it was when loaded: load it again until the state shows. */
  const expectState = (state: string, timeout: number) =>
    expect(async () => {
      await page.reload();
      await expect(row).toContainText(state, { timeout: 1_000 });
    }).toPass({ timeout });

  await stopSmtp();
  try {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'User management' })
      .click();
    await page.getByRole('button', { name: 'Invite users' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email 1').fill(invitee);
    await dialog.getByLabel('Full name 1').fill('Zoe Zimmer');
    await choose(page, dialog.getByRole('combobox', { name: 'Role 1' }), 'Contractor');
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    // The invitation is saved and its mail queued: the outage does not fail the admin's action.
    await expect(
      page.getByText(
        'Invitation sent! The new user can activate their account via the email link.',
      ),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    await openMonitoringTab(page, 'Mail');
    await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
    await expectState('Retrying', 20_000);
    await expect(row).toContainText('ECONNREFUSED');
    await expectState('Failed', 40_000);
    await expect(row.getByRole('cell').nth(4)).toHaveText('3');
    await expectAccessible(page);
  } finally {
    await startSmtp();
  }

  await row.getByRole('button', { name: 'Retry the invitation to z***@company.test' }).click();
  await expect(page.getByText('The mail will be sent again now.')).toBeVisible();
  const mail = await waitForMail(invitee);
  expect(mail.subject).toMatch(/invit/i);
  await expectState('Sent', 20_000);
});
