import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * API tests boot the real app on a fresh database per file: `api:sqlite` always and, with
 * TEST_DATABASE_URL set, `api:postgres` too (TEST_DB tells the suite which). The server's unit
 * tests (test/unit: no app, no database engine) run once, as `api:unit`. With TEST_REDIS_URL set,
 * every test app keeps its counters, rate limits and revocations in Redis, test/multi-process/
 * starts two real API processes on one database and one Redis, and
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

const UNIT_TESTS = 'test/unit/**/*.test.ts';
/** Tests of what only PostgreSQL can do (transactions side by side): `api:postgres` only. */
const POSTGRES_ONLY = 'test/**/*.postgres.test.ts';
const NEEDS_REDIS = ['test/multi-process/**', 'test/faults/redis-outage.test.ts'];

function apiProject(
  name: string,
  files: { include: string[]; exclude: string[] },
  env: Record<string, string> = {},
): TestProjectInlineConfiguration {
  return {
    root,
    test: {
      name,
      environment: 'node',
      ...files,
      env,
      globalSetup: ['./test/global-setup.ts'],
      pool: 'forks',
      // Each file boots its own app on its own database, so the files share nothing but loaded
      // modules: one worker keeps them loaded instead of importing the app anew for every file
      // (the SQLite suite took 212 s isolated, 87 s not; docs/performance.md).
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 30_000,
    },
  };
}

const onEngine = (engine: 'sqlite' | 'postgres') =>
  apiProject(
    `api:${engine}`,
    {
      include: ['test/**/*.test.ts'],
      exclude: [
        UNIT_TESTS,
        ...(engine === 'sqlite' ? [POSTGRES_ONLY] : []),
        ...(withRedis ? [] : NEEDS_REDIS),
      ],
    },
    { TEST_DB: engine },
  );

/** The API's projects for the root config. */
export const apiProjects = [
  apiProject('api:unit', { include: [UNIT_TESTS], exclude: [] }),
  onEngine('sqlite'),
  ...(process.env.TEST_DATABASE_URL ? [onEngine('postgres')] : []),
];

export default defineConfig({ test: { projects: apiProjects } });
