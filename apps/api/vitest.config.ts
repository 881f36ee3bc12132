import { defineConfig } from 'vitest/config';

/**
 * API tests boot the real app on a fresh database per file. The root config runs this suite as
 * `api:sqlite` and, with TEST_DATABASE_URL set, again as `api:postgres` (TEST_DB tells which).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
