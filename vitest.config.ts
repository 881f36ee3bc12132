import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config.js';

/**
 * One run for every unit and API test. The API suite runs once on SQLite and, when
 * TEST_DATABASE_URL is set, a second time on PostgreSQL (TEST_DB tells the suite which).
 */
const apiOn = (engine: 'sqlite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: { name: `api:${engine}`, root: './apps/api', env: { TEST_DB: engine } },
});

export default defineConfig({
  test: {
    // Vitest's default worker count (cores − 1) is kept: 3 workers on 2 cores ran the unit and API
    // tests in 371 s instead of 502 s on a quiet machine, but under CI's load the site's tests
    // then waited more than 10 s for their lazy chunks and failed (docs/performance.md).

    // Coverage is measured by `npm test` (scripts/test.mjs turns it on); the figure is for reading, not a gate.
    coverage: {
      provider: 'v8',
      include: ['packages/shared/src/**', 'apps/api/src/**', 'apps/web/src/**'],
      exclude: ['**/*.test.{ts,tsx}', '**/testing/**', '**/*.d.ts'],
      reporter: ['json-summary'],
      reportsDirectory: './coverage',
      reportOnFailure: true,
    },
    projects: [
      'packages/shared',
      ...webProjects,
      // Needs the built site (bundle budgets): scripts/test.mjs builds before running Vitest.
      'bench',
      apiOn('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiOn('postgres')] : []),
    ],
  },
});
