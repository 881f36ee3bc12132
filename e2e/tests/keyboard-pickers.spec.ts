import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiToken,
  createUser,
  expect,
  expectAccessible,
  test,
  uniqueEmail,
  type TestUser,
} from '../support/fixtures';
import {
  expectFocusOn,
  expectFocusVisible,
  heading,
  signInByKeyboard,
  tabTo,
} from '../support/keyboard';

/**
 * Issue 33, items 4, 5, 11 and 12, by the keyboard alone (page.keyboard only): the person picker
 * in New project, Add cost and Add cost rate (opened by keyboard, searched in its named box,
 * ArrowDown past the last match then Enter chooses it, Escape closes the list only and a second
 * Escape the dialog, focus back on its opener); an empty Add cost rate focusing its Person
 * picker; a day typed dd/mm/yyyy saved as the right ISO day. After every key, focus is neither on
 * <body> nor out of view; axe runs on each state, at 1440 px and 320 px. See
 * docs/accessibility.md.
 */

interface Setup {
  finance: TestUser;
  /** A word only the two people to pick have in their names. */
  tag: string;
  projectId: string;
}

/** A finance user with a project, and two people to pick whose names share `tag`. */
async function setUp(request: APIRequestContext): Promise<Setup> {
  const tag = uniqueEmail('t').slice(2, 8);
  const finance = await createUser({ position: 'finance', fullName: `Abby ${tag} Finance` });
  await createUser({ position: 'contractor', fullName: `Abel ${tag} Picked` });
  const headers = { authorization: await apiToken(request, finance) };
  const me = (await (await request.get('/api/users/profile', { headers })).json()).data;
  const created = await request.post('/api/projects', {
    headers,
    data: {
      code: `PK-${tag.toUpperCase()}`,
      name: 'Picker website',
      client: 'Acme',
      currency: 'GBP',
      startDate: '2024-01-01',
      ownerId: me.id,
      budget: { amount: 1_000_000, currency: 'GBP' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { finance, tag, projectId: (await created.json()).data.id };
}

/** Presses `key` and checks that focus is still on something, in view. */
async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  await expectFocusVisible(page);
}

/** The option the search box highlights (aria-activedescendant), by its text. */
async function highlighted(search: Locator) {
  return search.evaluate((box) => {
    const id = box.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });
}

/**
 * The picker flow in `dialog`, opened from `opener`: open the picker named `label` with Enter,
 * search by `tag` in its "Search <label>" box, ArrowDown past the last of the two matches, Enter
 * chooses that last one ("Abel …", after "Abby …"); then Escape closes the list only, and a second
 * Escape the dialog, focus back on `opener`.
 */
async function pickByKeyboard(
  page: Page,
  { dialog, opener, label, tag }: { dialog: Locator; opener: Locator; label: string; tag: string },
) {
  const picker = dialog.getByRole('combobox', { name: label, exact: true });
  await tabTo(page, picker);
  await press(page, 'Enter');
  const search = page.getByRole('combobox', { name: `Search ${label}` });
  await expectFocusOn(page, search);
  await expect(page.getByRole('listbox', { name: label })).toBeVisible();
  await expect.poll(() => highlighted(search)).not.toBeNull();
  await expectAccessible(page);

  await page.keyboard.type(tag);
  const matches = page.getByRole('listbox', { name: label }).getByRole('option');
  await expect(matches).toHaveCount(2);
  await expect.poll(() => highlighted(search)).toContain(`Abby ${tag} Finance`);
  for (let step = 0; step < 4; step++) await press(page, 'ArrowDown');
  await expect.poll(() => highlighted(search)).toContain(`Abel ${tag} Picked`);
  await expectAccessible(page);
  await press(page, 'Enter');
  await expectFocusOn(page, picker);
  await expect(picker).toContainText(`Abel ${tag} Picked`);

  // Escape closes the list only; the next one closes the dialog.
  await press(page, 'ArrowDown');
  await expectFocusOn(page, search);
  await press(page, 'Escape');
  await expect(page.getByRole('listbox', { name: label })).toBeHidden();
  await expect(dialog).toBeVisible();
  await expectFocusOn(page, picker);
  await expect(picker).toContainText(`Abel ${tag} Picked`);
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, opener);
}

/** Tabs to `button` and opens its dialog with Enter. */
async function openDialog(page: Page, button: Locator, title: string) {
  await tabTo(page, button, { max: 80 });
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectFocusVisible(page);
  return dialog;
}

for (const width of [1440, 320]) {
  test(`keyboard only at ${width} px: the person picker in New project, Add cost and Add cost rate`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: width === 320 ? 720 : 900 });
    const { finance, tag, projectId } = await setUp(request);
    await signInByKeyboard(page, finance);

    // New project › Owner.
    await page.goto('/financial/projects');
    await expect(heading(page, 'Projects')).toBeVisible();
    const newProject = page.getByRole('button', { name: 'New project' });
    let dialog = await openDialog(page, newProject, 'New project');
    await expectAccessible(page);
    await pickByKeyboard(page, { dialog, opener: newProject, label: 'Owner', tag });

    // Add cost › Person, once the category is Labour.
    await page.goto(`/financial/projects/${projectId}`);
    await expect(heading(page, `PK-${tag.toUpperCase()} · Picker website`)).toBeVisible();
    const addCost = page.getByRole('button', { name: 'Add cost' });
    dialog = await openDialog(page, addCost, 'Add cost');
    const category = dialog.getByRole('combobox', { name: 'Category' });
    await tabTo(page, category);
    await press(page, 'l'); // opens the menu at Labour
    await press(page, 'Enter');
    await expect(category).toContainText('Labour');
    await expectFocusOn(page, category);
    await pickByKeyboard(page, { dialog, opener: addCost, label: 'Person', tag });

    // Add cost rate › Person.
    await page.goto(`/financial/projects/${projectId}?tab=rates`);
    const addRate = page.getByRole('button', { name: 'Add cost rate' });
    await expect(addRate).toBeVisible();
    dialog = await openDialog(page, addRate, 'Add cost rate');
    await pickByKeyboard(page, { dialog, opener: addRate, label: 'Person', tag });
  });
}

test('keyboard only: an empty Add cost rate focuses Person; a day typed dd/mm/yyyy is saved as that day', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { finance, tag, projectId } = await setUp(request);
  await signInByKeyboard(page, finance);
  await page.goto(`/financial/projects/${projectId}?tab=rates`);
  const addRate = page.getByRole('button', { name: 'Add cost rate' });
  await expect(addRate).toBeVisible();
  const dialog = await openDialog(page, addRate, 'Add cost rate');

  // Submitted empty: focus goes to the first invalid field, the Person picker.
  await tabTo(page, dialog.getByRole('button', { name: 'Add rate' }));
  await press(page, 'Enter');
  const person = dialog.getByRole('combobox', { name: 'Person', exact: true });
  await expectFocusOn(page, person);
  await expect(person).toHaveAttribute('aria-invalid', 'true');
  await expect(person).toHaveAccessibleDescription('Please choose a person for labour.');
  const validFrom = dialog.getByLabel('Valid from');
  await expect(validFrom).toHaveAccessibleDescription(
    'dd/mm/yyyy Please enter a date as dd/mm/yyyy, e.g. 27/11/2026.',
  );
  await expectAccessible(page);

  // Person, rate, and a day typed the British way: 3 February 2025.
  await press(page, 'Enter');
  await page.keyboard.type(`Abel ${tag}`);
  await press(page, 'Enter');
  await expect(person).toContainText(`Abel ${tag} Picked`);
  await press(page, 'Tab');
  await expectFocusOn(page, dialog.getByLabel('Hourly rate (GBP)'));
  await page.keyboard.type('52.50');
  await press(page, 'Tab');
  await expectFocusOn(page, validFrom);
  await page.keyboard.type('3/2/2025');
  await press(page, 'Tab');
  await expect(validFrom).toHaveValue('03/02/2025');
  await expect(validFrom).not.toHaveAttribute('aria-invalid');
  await expectAccessible(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Add rate' }));
  await press(page, 'Enter');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, addRate);

  // Shown as 03/02/2025, stored as 2025-02-03 (not 2 March).
  const rates = page.getByRole('list', { name: 'Cost rates in GBP' });
  await expect(rates).toContainText(`Abel ${tag} Picked: £52.50 an hour from 03/02/2025`);
  const headers = { authorization: await apiToken(request, finance) };
  const stored = (await (await request.get('/api/cost-rates?currency=GBP', { headers })).json())
    .data as { person: { fullName: string }; validFrom: string }[];
  expect(stored.find((rate) => rate.person.fullName === `Abel ${tag} Picked`)?.validFrom).toBe(
    '2025-02-03',
  );
});
