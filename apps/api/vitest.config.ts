import { defineConfig } from 'vitest/config';

/**
 * API tests boot the real app on a fresh database per file. The root config runs this suite as
 * `api:sqlite` and, with TEST_DATABASE_URL set, again as `api:postgres` (TEST_DB tells which).
 * With TEST_REDIS_URL set, every test app keeps its counters, rate limits and revocations in
 * Redis, test/multi-process/ starts two real API processes on one database and one Redis, and
 * test/faults/redis-outage.test.ts cuts an app off its Redis; without it they cannot run and are
 * left out, loudly.
 */
const withRedis = Boolean(process.env.TEST_REDIS_URL);
if (!withRedis) {
  const text =
    'TEST_REDIS_URL is not set: the two-process tests (test/multi-process) and the Redis ' +
    'outage test (test/faults/redis-outage.test.ts) do NOT run';
  const line = '!'.repeat(text.length + 8);
  console.warn(`\n${line}\n!!! ${text} !!!\n${line}\n`);
}

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: withRedis ? [] : ['test/multi-process/**', 'test/faults/redis-outage.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Each file boots its own app on its own database, so the files share nothing but loaded
    // modules: one worker keeps them loaded instead of importing the app anew for every file
    // (the SQLite suite took 212 s isolated, 87 s not; docs/performance.md).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
