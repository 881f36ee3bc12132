import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { apiProjects } from './apps/api/vitest.config.js';
import { webProjects } from './apps/web/vitest.config.js';

/**
 * One run for every unit and API test: shared, the site's (apps/web/vitest.config.ts), the bundle
 * budgets, and the API's (apps/api/vitest.config.ts: its unit tests once, the API suite on SQLite
 * and, when TEST_DATABASE_URL is set, a second time on PostgreSQL).
 */

export default defineConfig({
  test: {
    // Two workers on a 2-core machine, not Vitest's default (cores − 1 = one): one worker left a
    // core idle while the API tests waited on PostgreSQL, Redis, SMTP and argon2 (374 s -> 231 s
    // with coverage, docs/performance.md). Three were too many under CI's load, when each site test
    // file still loaded its lazy chunks anew; the site's files now share a worker's modules.
    maxWorkers: Math.max(2, availableParallelism() - 1),

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
      ...apiProjects,
    ],
  },
});
