import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { paths } from '../../apps/web/src/config/paths';
import {
  addEmailChannel,
  idsNamed,
  removeAlerts,
  seedIncident,
  uniqueWord,
} from '../support/alerts';
import {
  createUser,
  expect,
  expectAccessible,
  expectNoAccessForFinance,
  openMonitoringTab,
  signIn,
  test,
  uniqueEmail,
} from '../support/fixtures';
import {
  expectFocusOn,
  expectFocusVisible,
  heading,
  retype,
  signInByKeyboard,
  tabTo,
} from '../support/keyboard';
import { mailTo, type ReceivedMail } from '../support/mailbox';

/**
 * Monitoring › Alerts in the browser (issue 37, docs/alerts.md): channels, rules, the incidents
 * the evaluator opens (every second in browser tests, playwright.config.ts) and the mail they send.
 */

/** A browser error delivered as an uncaught one, as in monitoring-errors.spec.ts. */
async function failInPage(page: Page, message: string) {
  const reported = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/monitoring/error-reports') && response.status() === 202,
  );
  await page.evaluate((text) => {
    const error = new TypeError(text);
    window.dispatchEvent(new ErrorEvent('error', { error, message: text }));
  }, message);
  await reported;
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('an admin makes a rule, a page error happens, and the incident appears; the mail arrives; acknowledge', async ({
  page,
  request,
}) => {
  test.slow();
  const run = randomUUID().slice(0, 8);
  const admin = await createUser({
    email: uniqueEmail('alerted'),
    position: 'admin',
    fullName: 'Ada Alerted',
  });
  const channelName = `Admins by mail ${run}`;
  const ruleName = `New errors ${run}`;
  // Letters only: a new error group however often this runs (support/alerts.ts).
  const marker = `Alerted failure ${uniqueWord()}`;
  try {
    await signIn(page, admin);

    // The channel, in Monitoring › Alert channels.
    await openMonitoringTab(page, 'Alert channels');
    await expect(page).toHaveURL(/\/monitoring\/alerts\/channels$/);
    await expect(heading(page, 'Alert channels')).toBeVisible();
    await page.getByRole('button', { name: 'Add channel' }).click();
    const channelDialog = page.getByRole('dialog', { name: 'Add channel' });
    await channelDialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Email', exact: true }).click();
    await channelDialog.getByLabel('Name', { exact: true }).fill(channelName);
    await channelDialog.getByRole('checkbox', { name: 'Admin', exact: true }).check();
    await channelDialog.getByRole('button', { name: 'Add channel' }).click();
    await expect(page.getByText('The channel was added.')).toBeVisible();
    await expect(channelDialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Edit ${channelName}` })).toBeVisible();

    // The rule, in Monitoring › Alerts ("New error group" is the first kind).
    await page
      .getByRole('navigation', { name: 'Monitoring' })
      .getByRole('link', { name: 'Alerts', exact: true })
      .click();
    await expect(page).toHaveURL(/\/monitoring\/alerts$/);
    await page.getByRole('button', { name: 'Add rule' }).click();
    const ruleDialog = page.getByRole('dialog', { name: 'Add rule' });
    await ruleDialog.getByLabel('Name', { exact: true }).fill(ruleName);
    await expect(ruleDialog.getByRole('combobox', { name: 'Kind' })).toContainText(
      'New error group',
    );
    await ruleDialog.getByRole('checkbox', { name: channelName }).check();
    await ruleDialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(page.getByText('The rule was added.')).toBeVisible();
    const rules = page.getByRole('table', { name: 'Alert rules' });
    await expect(rules.getByRole('row').filter({ hasText: ruleName })).toContainText(
      'New error group',
    );

    // A page error makes a new error group; the evaluator opens an incident on its next pass.
    await failInPage(page, marker);
    const summary = `New error group: TypeError: ${marker}`;
    // This rule's incident (another test's rule may open one about the same group).
    const incident = page
      .getByRole('table', { name: 'Incidents' })
      .getByRole('row')
      .filter({ hasText: ruleName })
      .filter({ has: page.getByRole('link', { name: summary }) });
    await expect(async () => {
      await page.reload();
      await expect(incident).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000, intervals: [1_000, 2_000] });

    // The mail to the admin role reaches this admin; its link opens the incident page.
    let mail: ReceivedMail | undefined;
    await expect
      .poll(
        async () => {
          mail = (await mailTo(admin.email)).find((m) => m.subject === summary);
          return mail !== undefined;
        },
        { message: `the alert mail "${summary}"`, timeout: 45_000 },
      )
      .toBe(true);
    const link = mail!.text.match(/https?:\/\/[^\s"<>]+\/monitoring\/alerts\/incidents\/[^\s"<>]+/);
    expect(link, 'the incident link in the alert mail').not.toBeNull();
    const url = new URL(link![0]);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(heading(page, summary)).toBeVisible();

    await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(page.getByText('The incident was acknowledged.')).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('listitem').filter({ hasText: /^Acknowledged/ })).toContainText(
      `by ${admin.fullName}`,
    );
    await expect(page.getByRole('button', { name: 'Acknowledged', exact: true })).toBeVisible();
    await expectAccessible(page);
  } finally {
    // The rule tells every admin about every new error group: not past this test.
    await removeAlerts(request, admin, {
      rules: await idsNamed(request, admin, 'alert-rules', ruleName),
      channels: await idsNamed(request, admin, 'alert-channels', channelName),
    });
  }
});

test('by keyboard alone, an admin reaches Alerts and Alert channels and adds a rule', async ({
  page,
  request,
}) => {
  test.slow();
  const run = randomUUID().slice(0, 8);
  const admin = await createUser({ position: 'admin', fullName: 'Kim Keys' });
  const channel = await addEmailChannel(request, admin, `Keyboard channel ${run}`);
  const ruleName = `Keyboard spike ${run}`;
  try {
    await signInByKeyboard(page, admin);
    await tabTo(
      page,
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Monitoring & Error management' }),
      { back: true },
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/monitoring$/);

    const monitoringNav = page.getByRole('navigation', { name: 'Monitoring' });
    await tabTo(page, monitoringNav.getByRole('link', { name: 'Alert channels' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/monitoring\/alerts\/channels$/);
    await expect(heading(page, 'Alert channels')).toBeVisible();

    // A dialog closed with Escape gives focus back to the button that opened it.
    const addChannel = page.getByRole('button', { name: 'Add channel' });
    await tabTo(page, addChannel);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Add channel' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectFocusOn(page, addChannel);

    await tabTo(page, monitoringNav.getByRole('link', { name: 'Alerts', exact: true }), {
      back: true,
    });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/monitoring\/alerts$/);
    await expect(heading(page, 'Alerts')).toBeVisible();

    const addRule = page.getByRole('button', { name: 'Add rule' });
    await tabTo(page, addRule);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add rule' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel('Name', { exact: true }));
    await page.keyboard.type(ruleName);

    // Kind: open the list with Enter, arrows down to "Error spike", Enter chooses it. Radix puts
    // focus on the chosen kind once the list is placed, and moves it a task after each arrow, so
    // each arrow waits for the focus to land: a check made before that would press once too often.
    const kind = dialog.getByRole('combobox', { name: 'Kind' });
    await tabTo(page, kind);
    await page.keyboard.press('Enter');
    const spike = page.getByRole('option', { name: 'Error spike', exact: true });
    await expect(spike).toBeVisible();
    const focusedOption = () =>
      page
        .getByRole('option')
        .evaluateAll((options) => options.findIndex((option) => option === document.activeElement));
    await expect.poll(focusedOption).toBeGreaterThanOrEqual(0);
    while (!(await spike.evaluate((option) => option === document.activeElement))) {
      const from = await focusedOption();
      await page.keyboard.press('ArrowDown');
      await expect.poll(focusedOption, 'ArrowDown moves to the next kind').toBe(from + 1);
    }
    await expect(spike).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');
    await expect(kind).toContainText('Error spike');
    await expectFocusOn(page, kind);

    // So many occurrences that it never fires in the tests.
    await tabTo(page, dialog.getByLabel('Occurrences (at least)'));
    await retype(page, '100000');
    const channelBox = dialog.getByRole('checkbox', { name: channel.name });
    await tabTo(page, channelBox);
    await page.keyboard.press('Space');
    await expect(channelBox).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Add rule' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('The rule was added.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(
      page
        .getByRole('table', { name: 'Alert rules' })
        .getByRole('row')
        .filter({ hasText: ruleName }),
    ).toContainText('Error spike');
    // Focus is back on the page, not lost to <body>.
    await expectFocusVisible(page);
    await expectFocusOn(page, addRule);
  } finally {
    await removeAlerts(request, admin, {
      rules: await idsNamed(request, admin, 'alert-rules', ruleName),
      channels: [channel.id],
    });
  }
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 320px Alerts, Alert channels and an incident pass axe and fit the window', async ({
    page,
    request,
  }) => {
    test.slow();
    const admin = await createUser({ position: 'admin', fullName: 'Narrow Alerts' });
    const channel = await addEmailChannel(
      request,
      admin,
      `Narrow channel with a long name ${randomUUID().slice(0, 8)}`,
    );
    const { rule, incident } = await seedIncident(request, admin);
    try {
      await signIn(page, admin);
      const screens: [string, (p: Page) => ReturnType<Page['getByRole']>][] = [
        [
          '/monitoring/alerts',
          (p) => p.getByRole('table', { name: 'Incidents' }).getByRole('link').first(),
        ],
        [
          '/monitoring/alerts/channels',
          (p) => p.getByRole('button', { name: `Edit ${channel.name}` }),
        ],
        [
          paths.monitoring.alertIncident.getHref(incident.id),
          (p) => p.getByRole('button', { name: 'Acknowledge', exact: true }),
        ],
      ];
      for (const [url, ready] of screens) {
        await page.goto(url);
        await expect(ready(page)).toBeVisible();
        expect(await sidewaysOverflow(page), `${url} scrolls sideways`).toBeLessThanOrEqual(0);
        await expectAccessible(page);
      }
    } finally {
      await removeAlerts(request, admin, { rules: [rule.id], channels: [channel.id] });
    }
  });
});

test('a finance user gets No access at /monitoring/alerts and reaches Budget alerts', async ({
  page,
}) => {
  await expectNoAccessForFinance(page, '/monitoring/alerts');
  await expect(page.getByRole('table', { name: 'Incidents' })).toHaveCount(0);
  await page.goto('/financial/alerts');
  await expect(heading(page, 'Budget alerts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add rule' })).toBeVisible();
});
