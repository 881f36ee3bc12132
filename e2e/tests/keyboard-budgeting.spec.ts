import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiToken,
  createUser,
  expect,
  expectAccessible,
  invite,
  test,
  uniqueEmail,
  type TestUser,
} from '../support/fixtures';
import {
  expectFocusOn,
  expectFocusVisible,
  focusReport,
  heading,
  retype,
  signInByKeyboard,
  tabTo,
} from '../support/keyboard';

/**
 * Issue 33: focus after changes (a cost deleted from its row, audit filters applied, cleared or
 * refused, Back to a project page, tabbing back up a long list under a slow network) by the
 * keyboard alone (page.keyboard only), asserting after each step that focus is neither on <body>
 * nor out of view; and axe at 320 px and at 200 % zoom on every Budgeting screen, with nothing
 * scrolling sideways. See docs/accessibility.md.
 */

interface Project {
  id: string;
  code: string;
  name: string;
}

/** A project of `owner`'s through the API, with costs of `month` (YYYY-MM) described as given. */
async function createProject(
  request: APIRequestContext,
  owner: TestUser,
  { costs = [] as string[], month = '2023-05' } = {},
): Promise<Project> {
  const authorization = await apiToken(request, owner);
  const headers = { authorization };
  const profile = await (await request.get('/api/users/profile', { headers })).json();
  const code = `KB-${uniqueEmail('p').slice(2, 10).toUpperCase()}`;
  const created = await request.post('/api/projects', {
    headers,
    data: {
      code,
      name: 'Keyboard website',
      client: 'Acme',
      currency: 'GBP',
      startDate: '2023-01-01',
      ownerId: profile.data.id,
      budget: { amount: 10_000_000, currency: 'GBP' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()).data as Project;
  for (const [index, description] of costs.entries()) {
    const cost = await request.post(`/api/projects/${project.id}/costs`, {
      headers,
      data: {
        date: `${month}-${String(28 - index).padStart(2, '0')}`,
        category: 'software',
        description,
        amount: { amount: 1_000 + index, currency: 'GBP' },
      },
    });
    expect(cost.status(), await cost.text()).toBe(201);
  }
  return project;
}

/** Nothing on the page is wider than the window: it never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.window);
}

/** Presses Enter on the focused Delete and confirms in the dialog, by keyboard. */
async function confirmDelete(page: Page) {
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete cost' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
}

test('keyboard only: a deleted cost hands focus to the next row, the previous, then the caption', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const finance = await createUser({ position: 'finance', fullName: 'Del Finance' });
  // Listed newest day first: Rent, Taxi, Lunch.
  const project = await createProject(request, finance, { costs: ['Rent', 'Taxi', 'Lunch'] });
  await signInByKeyboard(page, finance);
  await page.goto(`/financial/projects/${project.id}`);
  const costs = page.getByRole('table', { name: 'Costs' });
  await expect(costs.getByRole('row')).toHaveCount(4);

  await tabTo(page, page.getByRole('button', { name: 'Delete Taxi' }), { max: 80 });
  await confirmDelete(page);
  await expect(page.getByText('The cost has been deleted.')).toBeVisible();
  await expectFocusOn(page, page.getByRole('button', { name: 'Edit Lunch' }));
  await expectAccessible(page);

  // The last row: focus goes to the row before it.
  await tabTo(page, page.getByRole('button', { name: 'Delete Lunch' }));
  await confirmDelete(page);
  await expectFocusOn(page, page.getByRole('button', { name: 'Edit Rent' }));

  // The only row: focus goes to the table's caption, shown while it has focus.
  await tabTo(page, page.getByRole('button', { name: 'Delete Rent' }));
  await confirmDelete(page);
  await expect(page.getByText('No costs yet: add one or import a CSV file.')).toBeVisible();
  await expectFocusOn(page, costs.locator('caption'));
  await expect(costs.locator('caption')).toHaveText('Costs');
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await expectFocusVisible(page);
});

test('keyboard only: a closed month is said in the dialog and its costs show a lock', async ({
  page,
  request,
}) => {
  const finance = await createUser({ position: 'finance', fullName: 'Lock Finance' });
  const project = await createProject(request, finance, {
    costs: ['Old invoice'],
    month: '2022-06',
  });
  const closed = await request.post('/api/closed-months', {
    headers: { authorization: await apiToken(request, finance) },
    data: { month: '2022-06' },
  });
  expect([201, 409]).toContain(closed.status());
  await signInByKeyboard(page, finance);
  await page.goto(`/financial/projects/${project.id}`);

  const row = page.getByRole('row', { name: /Old invoice/ });
  await expect(row).toContainText('June 2022 closed');
  await expect(row.getByRole('button')).toHaveCount(0);

  // Add cost: a day of June 2022 is refused at the date, before Save.
  await tabTo(page, page.getByRole('button', { name: 'Add cost' }), { max: 80 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add cost' });
  const date = dialog.getByLabel('Date');
  await expectFocusVisible(page);
  await tabTo(page, date);
  // The site's date field: one text field, dd/mm/yyyy (docs/accessibility.md, "Dates").
  await page.keyboard.type('15/06/2022');
  await expect(date).toHaveValue('15/06/2022');
  const closedMessage = 'This month is closed: its costs cannot be added, changed or deleted.';
  // Said at once: next to the date (read with the field) and in the dialog's status.
  await expect(date).toHaveAccessibleDescription(`dd/mm/yyyy ${closedMessage}`);
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('status')).toHaveText(closedMessage);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, page.getByRole('button', { name: 'Add cost' }));
});

test('keyboard only: audit filters keep focus on the control used; people are named', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await createUser({ position: 'admin', fullName: 'Audra Admin' });
  // An event with Audra as the actor: she invites someone.
  await invite(request, [{ email: uniqueEmail('audited'), position: 'contractor' }]);
  const headers = { authorization: await apiToken(request, admin) };
  const adminId = (await (await request.get('/api/users/profile', { headers })).json()).data.id;
  await signInByKeyboard(page, admin);
  await page.goto('/monitoring/security');
  await expect(heading(page, 'Sign-in security')).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: /events?|filters/ });

  // Enter in a field applies the filters; the field keeps focus.
  const actor = page.getByLabel('Actor (user id)');
  await tabTo(page, actor, { max: 80 });
  await page.keyboard.type(adminId);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`actor=${adminId}`));
  await expect(status).toHaveText(/events?, page 1 of/);
  await expectFocusOn(page, actor);
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.getByRole('row').nth(1)).toContainText('Audra Admin');
  await expect(trail).not.toContainText(adminId);

  // Apply filters, then Clear: each keeps focus.
  const apply = page.getByRole('button', { name: 'Apply filters' });
  await tabTo(page, apply);
  await page.keyboard.press('Enter');
  await expectFocusOn(page, apply);
  const clear = page.getByRole('button', { name: 'Clear' });
  await tabTo(page, clear);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/actor=/);
  await expect(actor).toHaveValue('');
  await expectFocusOn(page, clear);
  await expectAccessible(page);

  // A filter the server refuses: focus stays on Apply filters and the refusal is read out.
  await tabTo(page, actor, { back: true });
  await page.keyboard.type('nobody');
  await tabTo(page, apply);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Must be a user id', { exact: true })).toBeVisible();
  await expect(status).toHaveText(/The filters were not applied\. Actor \(user id\): /);
  await expectFocusOn(page, apply);
  await expect(actor).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await tabTo(page, actor, { back: true });
  await retype(page, adminId);
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(/events?, page 1 of/);
  await expectFocusOn(page, actor);
});

for (const width of [1280, 320]) {
  test(`keyboard only at ${width}px: a project's tabs, the arrow keys between them, Tab into the panel`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 720 });
    const finance = await createUser({ position: 'finance', fullName: 'Tabs Finance' });
    const project = await createProject(request, finance, { costs: ['Rent'] });
    await signInByKeyboard(page, finance);
    await page.goto(`/financial/projects/${project.id}`);
    await expect(page.getByRole('row', { name: /Rent/ })).toBeVisible();

    const tab = (name: string) => page.getByRole('tab', { name });
    await tabTo(page, tab('Costs'), { max: 40 });
    // The Costs panel opens with a button: the next stop after the tabs.
    await page.keyboard.press('Tab');
    await expectFocusOn(page, page.getByRole('button', { name: 'Add cost' }));
    await page.keyboard.press('Shift+Tab');
    await expectFocusOn(page, tab('Costs'));

    // The arrow keys move along the tabs and choose them; the URL keeps the choice.
    for (const [name, query] of [
      ['Budget history', 'budget'],
      ['Cost rates', 'rates'],
      ['Imports', 'imports'],
    ] as const) {
      await page.keyboard.press('ArrowRight');
      await expectFocusOn(page, tab(name));
      await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(new RegExp(`[?&]tab=${query}$`));
    }
    // Nothing imported, so no control in the panel: the panel itself is the next stop.
    await expect(page.getByText('Nothing has been imported into this project.')).toBeVisible();
    await page.keyboard.press('Tab');
    await expectFocusOn(page, page.getByRole('tabpanel', { name: 'Imports' }));
    await expectAccessible(page);

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Home');
    await expectFocusOn(page, tab('Costs'));
    await expect(page.getByRole('row', { name: /Rent/ })).toBeVisible();
  });
}

test('keyboard only: Back to a project page puts focus on what is in view', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const finance = await createUser({ position: 'finance', fullName: 'Back Finance' });
  const descriptions = Array.from({ length: 20 }, (_, index) => `Item ${index + 1}`);
  const project = await createProject(request, finance, { costs: descriptions });
  await signInByKeyboard(page, finance);
  await page.goto(`/financial/projects/${project.id}`);
  await expect(page.getByRole('button', { name: 'Delete Item 20' })).toBeVisible();

  // Down the page to its footer, and out by the Privacy notice link.
  const privacy = page.getByRole('link', { name: 'Privacy notice' });
  await tabTo(page, privacy, { max: 150 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/policy$/);
  await expectFocusOn(page, page.getByRole('heading', { level: 1 }));

  // The browser's Back restores the scroll position the page was left at.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/financial/projects/${project.id}$`));
  await expect(page.getByRole('button', { name: 'Delete Item 20' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expectFocusVisible(page);
  const report = await focusReport(page);
  expect(report.what, 'focus is on a control in view, not on the h1 above it').not.toMatch(/^h1/);
  // Tabbing goes on from there.
  await page.keyboard.press('Shift+Tab');
  await expectFocusVisible(page);
});

test.describe('a long user list at 1440 × 700', () => {
  test.use({ viewport: { width: 1440, height: 700 } });

  test('keyboard only: tabbing back up it under a slow network keeps focus in view', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const tag = uniqueEmail('t').slice(2, 10);
    await invite(
      request,
      Array.from({ length: 45 }, (_, index) => ({
        email: `row${index}-${tag}@company.test`,
        fullName: `Row ${String(index).padStart(2, '0')} ${tag}`,
        position: 'contractor' as const,
      })),
    );
    await signInByKeyboard(page, ADMIN);
    // Every call of the site answers 300 to 900 ms late, so that a refetch lands while tabbing.
    let inFlight = 0;
    await page.route('**/api/**', async (route) => {
      inFlight += 1;
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 600));
      await route.continue().finally(() => (inFlight -= 1));
    });
    const rowLinks = page.getByRole('table', { name: 'Users' }).getByRole('link');
    const footerLink = page.getByRole('link', { name: 'Privacy notice' });
    await page.goto('/users?limitPerPage=50');
    await expect(rowLinks).toHaveCount(50);
    for (let run = 1; run <= 4; run += 1) {
      if (run % 2 === 1) {
        // A fresh load: nothing has focus, and Shift+Tab from there reaches the footer's end.
        if (run > 1) await page.reload();
        await expect(rowLinks).toHaveCount(50);
        await page.keyboard.press('End');
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Shift+Tab');
        await expectFocusOn(page, footerLink);
      } else {
        // Open a user, then Back: the list is shown from the cache at the scroll position it
        // was left at, and fetched again on the slow network meanwhile.
        await tabTo(page, rowLinks.nth(20), { back: true });
        await page.keyboard.press('Enter');
        await expectFocusOn(page, heading(page, 'User profile'));
        await page.goBack();
        await expect(rowLinks).toHaveCount(50);
        await expectFocusVisible(page);
        await page.keyboard.press('End');
        await tabTo(page, footerLink, { max: 120 });
      }
      for (let press = 0; press < 30; press += 1) {
        await page.keyboard.press('Shift+Tab');
        await expectFocusVisible(page);
      }
      // Whatever was still on its way has come: focus is still in view.
      await expect.poll(() => inFlight).toBe(0);
      await expectFocusVisible(page);
    }
  });
});

/** Every Budgeting screen, and the dialogs that hold the most, as they are now. */
async function everyBudgetingScreen(page: Page, project: Project, check: () => Promise<void>) {
  await page.goto('/financial/projects');
  await expect(heading(page, 'Projects')).toBeVisible();
  await expect(page.getByRole('link', { name: project.code, exact: true })).toBeVisible();
  await check();
  for (const tab of ['costs', 'budget', 'rates', 'imports']) {
    await page.goto(`/financial/projects/${project.id}?tab=${tab}`);
    await expect(heading(page, `${project.code} · ${project.name}`)).toBeVisible();
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await check();
  }
  await page.goto(`/financial/projects/${project.id}`);
  await expect(page.getByRole('row', { name: /Rent/ })).toBeVisible();
  // The page's dialogs load their code when first opened: focus still goes into each, and back
  // to its button on closing.
  for (const [button, name] of [
    ['Edit project', 'Edit project'],
    ['Add cost', 'Add cost'],
    ['Import CSV', 'Import costs from CSV'],
  ]) {
    const opener = page.getByRole('button', { name: button });
    await tabTo(page, opener, { max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width, `${name} fits the window`).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await check();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusOn(page, opener);
  }
  await page.goto('/financial/closed-months');
  await expect(page.getByRole('table', { name: 'Closed months' })).toBeVisible();
  await check();
}

const checkScreen = (page: Page) => async () => {
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
};

test.describe('320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('every Budgeting screen passes axe and nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const finance = await createUser({ position: 'finance', fullName: 'Narrow Finance' });
    const project = await createProject(request, finance, { costs: ['Rent'] });
    await signInByKeyboard(page, finance);
    await everyBudgetingScreen(page, project, checkScreen(page));
  });

  test('the audit trail scrolls its table, not its words, and passes axe', async ({ page }) => {
    await signInByKeyboard(page, ADMIN);
    await page.goto('/monitoring/security');
    const region = page.getByRole('region', { name: 'Audit trail table' });
    await expect(region).toBeVisible();
    const action = region.getByRole('columnheader', { name: 'Action' });
    // One line: the word is not cut ('Act ion').
    expect((await action.boundingBox())!.height).toBeLessThan(45);
    await checkScreen(page)();
  });
});

test.describe('200% zoom', () => {
  // A 1440px-wide window at 200% zoom lays pages out in 720 CSS pixels.
  test.use({ viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 });

  test('every Budgeting screen passes axe and nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const finance = await createUser({ position: 'finance', fullName: 'Zoom Finance' });
    const project = await createProject(request, finance, { costs: ['Rent'] });
    await signInByKeyboard(page, finance);
    await everyBudgetingScreen(page, project, checkScreen(page));
  });
});
