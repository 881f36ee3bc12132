import { ADMIN, createUser, expect, expectAccessible, signIn, test } from '../support/fixtures';

const AREA_LINKS = [
  'User management',
  'Budgeting & Cost tracking',
  'Monitoring & Error management',
];

test.describe('guards', () => {
  test('a guest asking for a guarded page lands on the login screen, replacing history', async ({
    page,
  }) => {
    await page.goto('/support');
    await page.goto('/users/profile');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/support$/);
  });

  test('the root path sends a guest to login and a signed-in user to the profile', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, ADMIN);
    await page.goto('/');
    await expect(page).toHaveURL(/\/users\/profile$/);
  });

  test('a signed-in user asking for the login screen is sent home', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/users\/profile$/);
  });
});

test.describe('login screen', () => {
  test('shows every field message of SPEC §5 and §8', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please enter email.')).toBeVisible();
    await expect(page.getByText('Please enter password.')).toBeVisible();

    await page.getByLabel('Email').fill('someone@nowhere');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is invalid.')).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown email marks both fields invalid', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill('nobody-here@company.test');
    await page.getByLabel('Password', { exact: true }).fill('Whatever!123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is invalid.')).toBeVisible();
    await expect(page.getByText('Password is invalid.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a wrong password marks both fields invalid', async ({ page }) => {
    const user = await createUser();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong!pass123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Password is invalid.')).toBeVisible();
    await expect(page.getByText('Email is invalid.')).toBeVisible();
  });

  test('an inactive account gets an error toast with the server message', async ({ page }) => {
    const user = await createUser({ status: 'inactive' });
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(/inactive/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the email is trimmed on blur', async ({ page }) => {
    await page.goto('/auth/login');
    const email = page.getByLabel('Email');
    await email.fill('   spaced@company.test  ');
    await email.blur();
    await expect(email).toHaveValue('spaced@company.test');
  });
});

test.describe('navigation by role', () => {
  test('an admin sees the three areas and the user menu, and logs out', async ({ page }) => {
    await signIn(page, ADMIN);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of AREA_LINKS)
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    await expectAccessible(page);

    await nav.getByRole('link', { name: 'User management' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(nav.getByRole('link', { name: 'User management' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectAccessible(page);

    const menuButton = page.getByRole('button', { name: new RegExp(ADMIN.email) });
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile setting' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Profile setting' }).click();
    await expect(page).toHaveURL(/\/users\/profile$/);
    await expect(page.getByRole('menu')).toBeHidden();

    // On a page scrolled down with the wheel, the menu opened with a click stays open and the page
    // stays where it was. The mouse clicks where the button is: a locator's click would first
    // scroll the page itself to reveal the sticky button, and a scroll closes the menu (SPEC §2).
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const scrolled = await page.evaluate(() => window.scrollY);
    const button = (await menuButton.boundingBox())!;
    await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(
      await page.evaluate(() => [localStorage.getItem('act'), localStorage.getItem('rft')]),
    ).toEqual([null, null]);
    await page.goto('/users/profile');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('finance sees only budgeting and is refused user management', async ({ page }) => {
    const user = await createUser({ position: 'finance', fullName: 'Fran Finance' });
    await signIn(page, user);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Budgeting & Cost tracking']);
    await nav.getByRole('link', { name: 'Budgeting & Cost tracking' }).click();
    await expect(page).toHaveURL(/\/financial\/projects$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Budgeting' })).toBeVisible();

    await page.goto('/users');
    await expect(page.getByRole('heading', { name: /do not have access/i })).toBeVisible();
    await expectAccessible(page);
  });

  test('a contractor sees no area links and their own profile', async ({ page }) => {
    const user = await createUser({ position: 'contractor', fullName: 'Connie Contractor' });
    await signIn(page, user);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(0);
    await expect(page.getByText(user.email).first()).toBeVisible();
    await expect(page.getByText('Connie Contractor').first()).toBeVisible();
    await expect(page.getByText('Contractor', { exact: true }).first()).toBeVisible();
    await expectAccessible(page);
  });
});

test('the session survives an access token expiry through a silent refresh', async ({ page }) => {
  const user = await createUser();
  await signIn(page, user);
  // The access token the page holds runs out: its exp moved to its iat, so the API refuses it
  // (the signature no longer matches either), as it refuses an expired one, without waiting.
  await page.evaluate(() => {
    const [header, payload, signature] = (localStorage.getItem('act') ?? '').split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      iat: number;
      exp: number;
    };
    const expired = btoa(JSON.stringify({ ...claims, exp: claims.iat }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem('act', `${header}.${expired}.${signature}`);
  });
  const expiredToken = await page.evaluate(() => localStorage.getItem('act'));
  const refused = page.waitForResponse(
    (r) => r.request().headers().authorization === `Bearer ${expiredToken}`,
  );
  const refresh = page.waitForResponse((r) => r.url().includes('/api/auth/refresh-token/'));
  await page.reload();
  expect((await refused).status()).toBe(401);
  expect((await refresh).status()).toBe(200);
  await expect(page).toHaveURL(/\/users\/profile$/);
  await expect(page.getByText(user.email).first()).toBeVisible();
  // The refused token was replaced. (The new one may equal the first token byte for byte: both
  // are issued within one second for the same session, and a JWT's times are whole seconds.)
  expect(await page.evaluate(() => localStorage.getItem('act'))).not.toBe(expiredToken);
});

test.describe('public pages', () => {
  test('the privacy notice is readable without signing in', async ({ page }) => {
    await page.goto('/policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/21 August 2025/).first()).toBeVisible();
    await expect(page.getByText(/6 years/).first()).toBeVisible();
    await expect(page.getByText(/1 year/).first()).toBeVisible();
    await expect(page.getByText('help@company.test').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('the support page gives the email and the response time', async ({ page }) => {
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('help@company.test').first()).toBeVisible();
    await expect(page.getByText(/24 hours/).first()).toBeVisible();
    for (const topic of [/technical issues/i, /general questions/i, /security concerns/i]) {
      await expect(page.getByText(topic).first()).toBeVisible();
    }
    await expectAccessible(page);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/not found|can’t find/i).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown API path answers JSON 404, not the site', async ({ request }) => {
    const response = await request.get('/api/no-such-thing');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ code: 404, message: 'Not found' });
  });
});
