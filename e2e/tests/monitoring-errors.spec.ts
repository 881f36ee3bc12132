import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  ADMIN,
  choose,
  expect,
  expectAccessible,
  expectNoAccessForFinance,
  openMonitoringTab,
  signIn,
  test,
} from '../support/fixtures';
import { expectFocusOn } from '../support/keyboard';

/**
 * A browser error reaches Monitoring › Errors. The page gets a real Error delivered the way the
 * browser delivers an uncaught one (an `error` event on window): actually throwing it would also
 * trip the console guard every spec runs under, which is there to catch unplanned errors.
 */
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

test('an admin sees a browser error appear in Errors, opens it and resolves it', async ({
  page,
}) => {
  // Long enough to take two lines as the group page's title.
  const marker = `Deliberate failure ${randomUUID().slice(0, 8)}: the profile could not be read, as its answer had no name`;
  const title = `TypeError: ${marker}`;
  await signIn(page, ADMIN);
  await failInPage(page, marker);

  await openMonitoringTab(page, 'Errors');
  await expect(page).toHaveURL(/\/monitoring\/errors$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Errors' })).toBeVisible();
  await page.getByLabel('Search').fill(marker);
  const link = page.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  await expect(page).toHaveURL(/search=Deliberate/);
  await expectAccessible(page);

  // Opened with the keyboard while the group's answer is held: focus goes to the page's title at
  // once, not to <body>, and stays on it when the group's own title replaces the stand-in.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/monitoring\/error-groups\/[^/?]+$/, async (route) => {
    await released;
    await route.continue();
  });
  // Nor does the group's arrival move what was drawn: every layout shift is summed, those just
  // after the key press included.
  await page.evaluate(() => {
    const shifts = { total: 0 };
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.total += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' });
  });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Loading error…')).toBeVisible();
  await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Error group' }));
  release();
  await expectFocusOn(page, page.getByRole('heading', { level: 1, name: title }));
  await page.unrouteAll();
  const shifted = await page.evaluate(
    () => (window as unknown as { shifts: { total: number } }).shifts.total,
  );
  expect(shifted, 'layout shift while the group arrived').toBeLessThan(0.01);
  const occurrences = page.getByRole('list', { name: 'Recent occurrences' });
  await expect(occurrences.getByRole('listitem')).toHaveCount(1);
  await expect(occurrences.getByText('/users/profile', { exact: true })).toBeVisible();
  await occurrences.getByText('Stack trace').click();
  await expect(occurrences.getByText(new RegExp(`TypeError: ${marker}`))).toBeVisible();
  await expectAccessible(page);

  const resolve = page.getByRole('button', { name: 'Resolve' });
  await resolve.click();
  await expect(page.getByText('The error group has been resolved.')).toBeVisible();
  await expect(resolve).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('button', { name: 'Reopen' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );

  await page.getByRole('link', { name: 'Back to Errors' }).click();
  await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Resolved');
  await expect(page).toHaveURL(/status=resolved/);
  await expect(
    page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) }),
  ).toContainText('Resolved');
});

test('a page error in our code shows our source file and line, and its release', async ({
  page,
}) => {
  const marker = `Mapped failure ${randomUUID().slice(0, 8)}`;
  await signIn(page, ADMIN);
  await page.goto('/users/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The next focus() call, the skip link's (src/components/layouts/skip-link.tsx), makes an
  // error with our minified bundle on its stack and delivers it as an uncaught one.
  await page.evaluate((text) => {
    const focus = HTMLElement.prototype.focus;
    HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
      HTMLElement.prototype.focus = focus;
      const error = new TypeError(text);
      window.dispatchEvent(new ErrorEvent('error', { error, message: text }));
      focus.call(this, options);
    };
  }, marker);
  const reported = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/monitoring/error-reports') && response.status() === 202,
  );
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await reported;

  await page.goto(`/monitoring/errors?search=${encodeURIComponent(marker)}`);
  await page.getByRole('link', { name: `TypeError: ${marker}` }).click();
  const frames = page.getByRole('list', { name: 'Source frames' });
  await expect(frames.getByRole('listitem').first()).toContainText(
    /src\/components\/layouts\/skip-link\.tsx:\d+:\d+/,
  );
  await expect(frames.getByRole('listitem').first()).toContainText(
    /Minified: \/assets\/.+\.js:1:\d+/,
  );
  await expect(page.getByRole('list', { name: 'Releases' }).getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 320px both Errors screens pass axe', async ({ page }) => {
    const marker = `Narrow failure ${randomUUID().slice(0, 8)}`;
    await signIn(page, ADMIN);
    await failInPage(page, marker);
    await page.goto(`/monitoring/errors?search=${encodeURIComponent(marker)}`);
    const link = page.getByRole('link', { name: `TypeError: ${marker}` });
    await expect(link).toBeVisible();
    await expectAccessible(page);
    await link.click();
    await expect(
      page.getByRole('heading', { level: 1, name: `TypeError: ${marker}` }),
    ).toBeVisible();
    await page.getByText('Stack trace').click();
    await expectAccessible(page);
  });
});

test('a finance user gets No access at /monitoring/errors', async ({ page }) => {
  await expectNoAccessForFinance(page, '/monitoring/errors');
  await expect(page.getByRole('link', { name: /^TypeError/ })).toHaveCount(0);
});
