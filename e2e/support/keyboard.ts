import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Keyboard-only helpers for the browser tests (docs/accessibility.md): where focus is, and moving
 * it with the keyboard alone while checking that it is never on <body> and never hidden under the
 * 80px sticky header or outside the window.
 */

/** Where focus is now, and whether the sticky header (if any) or the window edge hides it. */
export async function focusReport(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { onBody: true, hidden: false, what: '' };
    const rect = element.getBoundingClientRect();
    const header = document.querySelector('header');
    const sticky = header !== null && getComputedStyle(header).position === 'sticky';
    // Elements in the header itself, in a dialog or in a toast sit above the header.
    const above = Boolean(
      header?.contains(element) ||
      element.closest('[role="dialog"], [role="alertdialog"], [data-sonner-toaster]'),
    );
    const headerBottom = sticky && !above ? header.getBoundingClientRect().bottom : 0;
    const hidden = rect.top < headerBottom - 1 || rect.bottom > window.innerHeight + 1;
    const what = `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    return { onBody: false, hidden, what };
  });
}

/** Focus is somewhere meaningful and visible. */
export async function expectFocusVisible(page: Page) {
  await expect
    .poll(() => focusReport(page), { message: 'focus is on an element, not under the header' })
    .toMatchObject({ onBody: false, hidden: false });
}

/** Focus is on `target`, which is fully in view below the header. */
export async function expectFocusOn(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  await expectFocusVisible(page);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking each stop is in view. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let step = 0; step < max; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
  }
  throw new Error(`${String(target)} not reached with ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Replaces the focused field's text, as a keyboard user would. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Signs in from the login page by keyboard; the profile's heading then has focus. */
export async function signInByKeyboard(page: Page, user: { email: string; password: string }) {
  await page.goto('/auth/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await expectFocusOn(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\/profile$/);
  await expectFocusOn(page, heading(page, 'Profile setting'));
}
