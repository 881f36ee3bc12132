import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
    // One worker more than cores: API tests spend much of their time waiting on PostgreSQL, Redis,
    // SMTP and argon2's threads, so Vitest's default (cores − 1) leaves the cores idle. Measured on
    // 2 cores (docs/performance.md › Test suite): 502 s with 1 worker, 371 s with 3.
    maxWorkers: availableParallelism() + 1,
    // Measured by `npm test` (scripts/test.mjs turns it on); the figure is for reading, not a gate.
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
      'apps/web',
      // Needs the built site (bundle budgets): scripts/test.mjs builds before running Vitest.
      'bench',
      apiOn('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiOn('postgres')] : []),
    ],
  },
});
