import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Position, Status } from '@staff-admin/shared';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const env = process.env as Record<string, string>;

export const ADMIN = { email: env.E2E_ADMIN_EMAIL!, password: env.E2E_ADMIN_PASSWORD! };
export const PASSWORD = 'Staff!2345pass';

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
  position: Position;
  status: Status;
}

/** Creates a user with a unique email through the operator CLI, on the test server's database. */
export async function createUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = {
    email: uniqueEmail(),
    password: PASSWORD,
    fullName: 'Casey Tester',
    position: 'contractor',
    status: 'active',
    ...overrides,
  };
  const args = [
    'apps/api/dist/cli.js',
    'create-user',
    '--email',
    user.email,
    '--position',
    user.position,
    '--status',
    user.status,
    '--name',
    user.fullName,
  ];
  if (user.status !== 'pending') args.push('--password', user.password);
  await run(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      INIT_CWD: env.E2E_DATA_DIR,
      DATABASE_URL: `sqlite:${env.E2E_DATA_DIR}/db.sqlite`,
      LOG_LEVEL: 'warn',
    },
  });
  return user;
}

export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/users\/profile$/);
}

/** Opens a Monitoring screen as a person does: the header's area link, then the area's tab. */
export async function openMonitoringTab(page: Page, tab: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Monitoring & Error management' })
    .click();
  await page
    .getByRole('navigation', { name: 'Monitoring' })
    .getByRole('link', { name: tab })
    .click();
}

/** A new finance user opens `path` (an admins' screen) and gets the No access page. */
export async function expectNoAccessForFinance(page: Page, path: string) {
  const finance = await createUser({ position: 'finance', fullName: 'Fin Ance' });
  await signIn(page, finance);
  await page.goto(path);
  await expect(
    page.getByRole('heading', { level: 1, name: 'You do not have access to this page' }),
  ).toBeVisible();
}

/**
 * Opens a dropdown and clicks one of its options, as a mouse user does. A menu is at most 208px
 * high: Playwright scrolls an option below its fold into view, Radix Select then shows its
 * scroll-up arrow above the options and so moves them down, and a click aimed before that lands
 * beside the option. So the pointer first rests on the option until the menu highlights it.
 */
export async function choose(page: Page, combobox: Locator, name: string | RegExp) {
  const option = page.getByRole('option', { name, exact: typeof name === 'string' });
  await combobox.click();
  await expect(async () => {
    await option.hover();
    const highlighted = await option.evaluate((element) =>
      element.matches('[data-highlighted], [data-active-item]'),
    );
    expect(highlighted, 'the option under the pointer is highlighted').toBe(true);
  }).toPass({ timeout: 7_000 });
  await option.click();
}

/**
 * Fails on serious or critical accessibility violations of the page as it is now. Every rule runs;
 * only the violations' elements are collected (`resultTypes`): 10–25 % less of each run's time,
 * and the browser tests run axe some 200 times.
 */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(blocking, 'axe violations').toEqual([]);
}

/**
 * Every test fails on a console error or an uncaught exception in the page. The browser's own
 * "Failed to load resource" lines for HTTP error answers are not errors of the page: the tests
 * provoke those answers on purpose (wrong passwords, expired tokens) and check what the site shows.
 */
export const test = base.extend<{ consoleGuard: void }>({
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (
          /Failed to load resource: the server responded with a status of \d+/.test(message.text())
        )
          return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use();
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in through the API and returns the bearer header value, for set-up steps. */
export async function apiToken(
  request: APIRequestContext,
  user: { email: string; password: string } = ADMIN,
): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return `Bearer ${(await response.json()).data.access_token}`;
}

/** Who calls the API in set-up steps: tokens live 4 s in browser tests, so each call signs in afresh. */
export type Caller = { email: string; password: string };

/** One API call as `who`, signed in just before it; answers the envelope's data. */
export async function apiAs<T>(
  request: APIRequestContext,
  who: Caller,
  method: 'get' | 'post' | 'delete',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](`/api${url}`, {
    headers: { authorization: await apiToken(request, who) },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.status() === 204
    ? (undefined as T)
    : ((await response.json()) as { data: T }).data;
}

/** Invites people as the first admin through the API (the screen comes in User management). */
export async function invite(
  request: APIRequestContext,
  users: { email: string; fullName?: string; position: Position }[],
) {
  const response = await request.post('/api/users/bulk-create', {
    headers: { authorization: await apiToken(request) },
    data: { users },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { created: { id: string; email: string }[] };
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@company.test`;
}

/** Wrong passwords through the API until the email is locked (429). */
export async function lockOut(request: APIRequestContext, email: string) {
  // LOGIN_FAILURES_BEFORE_LOCK is 10 by default: the 10th failure locks, the 11th is refused.
  for (let attempt = 1; attempt <= 11; attempt += 1) {
    const response = await request.post('/api/auth/login', {
      data: { email, password: 'Wrong!2345pass' },
    });
    if (response.status() === 429) return;
    expect([400, 404]).toContain(response.status());
  }
  throw new Error(`${email} was not locked`);
}
