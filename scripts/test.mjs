// `npm test`: every test level in one command, and one closing line that sums them up.
//   0. the build (`npm run build`), which the bundle budgets and the browser tests measure;
//   1. unit and API tests (Vitest): shared, web, bench (bundle budgets), API on SQLite, and API on
//      PostgreSQL when TEST_DATABASE_URL is set;
//   2. browser tests (Playwright in Chromium) against the freshly built server.
// A level that cannot run for want of a service says so loudly; skipped tests fail the run.
// Line coverage is `npm run coverage` (scripts/coverage.mjs), kept out of this run for its time.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = `${root}test-results`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function banner(text) {
  const line = '!'.repeat(text.length + 8);
  console.log(`\n${line}\n!!! ${text} !!!\n${line}\n`);
}

if (!process.env.TEST_DATABASE_URL) {
  banner('TEST_DATABASE_URL is not set: the API suite is NOT run against PostgreSQL');
}

/** Runs a command in the repository's root; its exit status and wall time in seconds. */
function run(command, args, env = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return { status: result.status ?? 1, seconds: (performance.now() - started) / 1000 };
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const levels = [];

/** The first line of a failure's message, without colours: what went wrong, in a CI log's tail. */
function firstLine(message) {
  const line =
    stripVTControlCharacters(message ?? '')
      .trim()
      .split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** Playwright's failed tests (not the flaky ones that passed on retry), as "file › title: why". */
function failedSpecs(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => {
          const why = firstLine(test.results.at(-1)?.error?.message);
          return `${spec.file} › ${spec.title}: ${why}`;
        }),
    ),
    ...failedSpecs(suite.suites ?? []),
  ]);
}

// The bundle-budget tests (Vitest) and the browser tests both need the built site and server.
const build = run(npm, ['run', 'build']);
if (build.status !== 0) banner('npm run build failed: the bundle budgets and browser tests fail');

// 1. Vitest
{
  const output = `${resultsDir}/vitest.json`;
  const { status, seconds } = run(npx, [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  const report = readJson(output);
  levels.push({
    name: 'unit and API',
    status,
    seconds,
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    failures: (report?.testResults ?? []).flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'failed')
        .map(
          (test) =>
            `${file.name.slice(root.length)} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`,
        ),
    ),
  });
}

// 2. Playwright
{
  const output = `${resultsDir}/playwright.json`;
  const { status, seconds } =
    build.status === 0
      ? run(
          npx,
          ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
          {
            PLAYWRIGHT_JSON_OUTPUT_NAME: output,
          },
        )
      : { status: build.status, seconds: 0 };
  const playwright = readJson(output);
  const stats = playwright?.stats;
  levels.push({
    name: 'browser',
    status,
    seconds,
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
    skipped: stats?.skipped ?? 0,
    failures: failedSpecs(playwright?.suites ?? []),
  });
}

// The failed tests are named last, so that whoever reads only the end of a CI log sees them.
for (const level of levels) {
  for (const failure of level.failures) console.log(`failed (${level.name}): ${failure}`);
}
console.log('');
console.log(`build: exit ${build.status} in ${build.seconds.toFixed(0)} s`);
let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
for (const level of levels) {
  console.log(
    `${level.name}: ${level.passed} passed, ${level.failed} failed, ${level.skipped} skipped (exit ${level.status}) in ${level.seconds.toFixed(0)} s`,
  );
  passed += level.passed;
  failed += level.failed;
  skipped += level.skipped;
  if (level.status !== 0 || level.failed > 0 || level.passed === 0) ok = false;
}
if (skipped > 0) {
  banner(`${skipped} test(s) were skipped: a skipped test is not a passing test`);
  ok = false;
}
if (!process.env.TEST_DATABASE_URL) {
  banner('Reminder: PostgreSQL was NOT tested (TEST_DATABASE_URL unset)');
}
const totalSeconds = build.seconds + levels.reduce((sum, level) => sum + level.seconds, 0);
console.log(
  `total: ${passed} passed, ${failed} failed, ${skipped} skipped in ${totalSeconds.toFixed(0)} s (Node ${process.versions.node})`,
);
process.exit(ok ? 0 : 1);
