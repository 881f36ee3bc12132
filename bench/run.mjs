// `npm run bench`: measures the figures of issue 6 on this machine, prints one table and writes
// bench/results/latest.json. `-- --check` exits non-zero when a budget (budgets.mjs) is missed.
// Options: --runs=N (default 3), --duration=S seconds per load (default 5), --build (rebuild
// first), --sections=<list> (comma separated: throughput, login, uploads, error-reports, search,
// monitoring, budgeting, bulk, bundles, lighthouse, interactions, startup, and soak, scim and
// cluster, which run only when named), --repeats=N times each interaction is timed (default 5),
// --soak=S seconds of the soak (default 300), --cluster=S seconds of the cluster soak (default
// 180; it needs TEST_DATABASE_URL and TEST_REDIS_URL). Progress goes to stderr, the table to stdout.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, platform, release, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_ADMIN, databaseFile, signIn, startApiServer } from './lib/api-server.mjs';
import { ensureBuilt } from './lib/build.mjs';
import { measureFirstLoad } from './lib/bundle-size.mjs';
import { DEFAULT_REPEATS, measureInteractions } from './lib/interactions.mjs';
import { chromiumPath, measureLighthouse } from './lib/lighthouse.mjs';
import { sampleRss } from './lib/memory.mjs';
import { startReferenceServer } from './lib/reference.mjs';
import {
  buildRows,
  evaluateBudgets,
  formatBudget,
  formatTable,
  formatValue,
} from './lib/report.mjs';
import { measureBudgeting } from './lib/budgeting.mjs';
import { measureBulk } from './lib/bulk.mjs';
import { measureClusterSoak } from './lib/cluster-soak.mjs';
import { measureErrorReportFlood, REPORTS_PER_MINUTE } from './lib/error-report-flood.mjs';
import { measureMonitoring } from './lib/monitoring.mjs';
import { measureScim } from './lib/scim.mjs';
import { startScreensSite } from './lib/screens-site.mjs';
import { measureSearch } from './lib/search.mjs';
import { measureSoak } from './lib/soak.mjs';
import { HEALTH_PROBE, measureLoginUnderLoad, measureThroughput } from './lib/server-bench.mjs';
import { measureStartup } from './lib/startup.mjs';
import { twoStepSeeder } from './lib/two-step.mjs';
import { measureUploadBurst } from './lib/upload-burst.mjs';

const SECTIONS = [
  'throughput',
  'login',
  'uploads',
  'error-reports',
  'search',
  'monitoring',
  'budgeting',
  'bulk',
  'bundles',
  'lighthouse',
  'interactions',
  'startup',
  'soak',
  'scim',
  'cluster',
];
/**
 * Sections a plain `npm run bench` leaves out: they run only when --sections names them. The SCIM
 * section takes 2 to 3 minutes with PostgreSQL (10,000 creates over HTTP on each engine); the
 * cluster soak about 4 (3 of mixed load, then the throughput runs and the checks).
 */
const OPT_IN = ['soak', 'scim', 'cluster'];
const STARTUP_RUNS = 5;

const root = fileURLToPath(new URL('..', import.meta.url));
const args = readArgs();
const settings = {
  runs: positiveInt('--runs', args.runs),
  durationSec: positiveInt('--duration', args.duration),
  warmupSec: 2,
  soakSec: positiveInt('--soak', args.soak),
  clusterSec: positiveInt('--cluster', args.cluster),
  interactionRepeats: positiveInt('--repeats', args.repeats),
};
const only = args.sections?.split(',').map((s) => s.trim());
const unknown = only?.filter((s) => !SECTIONS.includes(s)) ?? [];
if (unknown.length > 0)
  fail(`unknown section(s) ${unknown.join(', ')}; use ${SECTIONS.join(', ')}`);
const wanted = (/** @type {string} */ section) =>
  only ? only.includes(section) : !OPT_IN.includes(section);

/** @type {Record<string, any>} */
const figures = {};
/** @type {Record<string, string>} */
const notMeasured = {};
let crashed = false;
const startedAt = new Date();
const loadAverageAtStart = loadavg().map((v) => Number(v.toFixed(2)));

/**
 * Runs one section; a failure is recorded as NOT MEASURED with its reason, never dropped.
 * @param {string} name
 * @param {(log: (line: string) => void) => Promise<void>} work
 */
async function section(name, work) {
  if (!wanted(name)) {
    notMeasured[name] = only
      ? `${name} left out by --sections`
      : `${name} runs only when --sections names it`;
    return;
  }
  const log = (/** @type {string} */ line) => process.stderr.write(`[${name}] ${line}\n`);
  const t0 = performance.now();
  try {
    await work(log);
    log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } catch (error) {
    crashed = true;
    notMeasured[name] = `${name} failed: ${error instanceof Error ? error.message : String(error)}`;
    log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

const build = (() => {
  try {
    return ensureBuilt(root, {
      force: args.build,
      log: (line) => process.stderr.write(`[build] ${line}\n`),
    });
  } catch (error) {
    return fail(`cannot measure: ${error instanceof Error ? error.message : String(error)}`);
  }
})();

await section('bundles', async () => {
  figures.site = { ...figures.site, bundles: measureFirstLoad(join(root, 'apps/web/dist')) };
});

const serverSections = ['throughput', 'login'].filter(wanted);
if (serverSections.length > 0) {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-admin-bench-'));
  /** @type {Array<() => Promise<void>>} */
  const stops = [];
  try {
    const api = await startApiServer({ root, dataDir });
    stops.push(api.stop);
    const tokens = await signIn(api.url, BENCH_ADMIN);
    const rssIdleBytes = await sampleRss(api.pid);

    await section('throughput', async (log) => {
      const reference = await startReferenceServer();
      stops.push(reference.stop);
      figures.server = await measureThroughput({
        referenceUrl: reference.url,
        profileUrl: `${api.url}/api/users/profile`,
        accessToken: tokens.access_token,
        settings,
        log,
      });
      await reference.stop();
    });
    await section('login', async (log) => {
      figures.login = await measureLoginUnderLoad({
        apiUrl: api.url,
        credentials: BENCH_ADMIN,
        seedTwoStep: twoStepSeeder({
          root,
          apiUrl: api.url,
          databaseFile: databaseFile(dataDir),
          credentials: BENCH_ADMIN,
          log,
        }),
        settings,
        log,
      });
    });
    if (figures.server && figures.login) {
      figures.memory = { rssIdleBytes, rssAfterLoadBytes: await sampleRss(api.pid) };
    } else {
      notMeasured.memory = 'RSS after load needs the throughput and login sections';
    }
  } catch (error) {
    crashed = true;
    const reason = `the bench server did not start: ${error instanceof Error ? error.message : String(error)}`;
    for (const name of [...serverSections, 'memory']) notMeasured[name] ??= reason;
    process.stderr.write(`[server] FAILED: ${reason}\n`);
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  notMeasured.memory = 'RSS after load needs the throughput and login sections';
}

/** Debian's Chromium, or the reason the screen sections cannot run. */
function requireChromium() {
  const executablePath = chromiumPath();
  if (!executablePath) {
    throw new Error(
      `Chromium not found at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'} (set CHROMIUM_PATH)`,
    );
  }
  return executablePath;
}

// The Lighthouse audits and the interactions use one seeded site (bench/lib/screens-site.mjs):
// seeding the screens' data takes a minute or more on a 2-core machine.
/** @type {Promise<import('./lib/screens-site.mjs').ScreensSite> | undefined} */
let screensSite;
const seededSite = (/** @type {(line: string) => void} */ log) =>
  (screensSite ??= startScreensSite({ root, log }));
try {
  await section('lighthouse', async (log) => {
    const executablePath = requireChromium();
    const screens = await measureLighthouse({
      executablePath,
      site: await seededSite(log),
      runs: settings.runs,
      log,
    });
    const lighthousePackage = createRequire(import.meta.url)('lighthouse/package.json');
    figures.site = {
      ...figures.site,
      lighthouse: { version: lighthousePackage.version, ...screens },
    };
  });
  await section('interactions', async (log) => {
    const executablePath = requireChromium();
    figures.site = {
      ...figures.site,
      interactions: await measureInteractions({
        executablePath,
        site: await seededSite(log),
        repeats: settings.interactionRepeats,
        log,
      }),
    };
  });
} finally {
  await screensSite?.then(
    (site) => site.stop(),
    () => {},
  );
}

await section('uploads', async (log) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-admin-bench-uploads-'));
  // Caps raised so that every call of the burst is processed, as if many users uploaded at once.
  const api = await startApiServer({
    root,
    dataDir,
    env: {
      UPLOADS_PER_MINUTE: '1000000',
      UPLOAD_UNUSED_MAX_FILES: '1000000',
      UPLOAD_UNUSED_MAX_BYTES: String(1e12),
    },
  });
  try {
    const tokens = await signIn(api.url, BENCH_ADMIN);
    figures.uploads = await measureUploadBurst({
      root,
      apiUrl: api.url,
      pid: api.pid,
      accessToken: tokens.access_token,
      log,
    });
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

await section('error-reports', async (log) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-admin-bench-error-reports-'));
  // The bench is this server's proxy, so that X-Forwarded-For can name many clients; the per-IP
  // limit is the shipped one, said here so that the flood knows it.
  const api = await startApiServer({
    root,
    dataDir,
    env: { TRUST_PROXY: '127.0.0.1', ERROR_REPORTS_PER_MINUTE: String(REPORTS_PER_MINUTE) },
  });
  try {
    figures.errorReports = await measureErrorReportFlood({
      apiUrl: api.url,
      probe: HEALTH_PROBE,
      settings,
      log,
    });
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

await section('startup', async (log) => {
  figures.startup = await measureStartup({ root, runs: STARTUP_RUNS, log });
});

await section('search', async (log) => {
  const result = await measureSearch({ root, log });
  figures.search = { source: result.source, ...result.engines };
});

await section('monitoring', async (log) => {
  const result = await measureMonitoring({ root, log });
  figures.monitoring = { source: result.source, ...result.engines };
});

await section('budgeting', async (log) => {
  const result = await measureBudgeting({ root, log });
  figures.budgeting = { source: result.source, ...result.engines };
});

await section('bulk', async (log) => {
  const result = await measureBulk({ root, log });
  figures.bulk = { source: result.source, ...result.engines };
});

await section('soak', async (log) => {
  figures.soak = await measureSoak({ root, durationSec: settings.soakSec, log });
});

await section('scim', async (log) => {
  const result = await measureScim({ root, log });
  figures.scim = { source: result.source, ...result.engines };
});

await section('cluster', async (log) => {
  figures.cluster = await measureClusterSoak({ root, durationSec: settings.clusterSec, log });
});

const context = {
  postgres: Boolean(process.env.TEST_DATABASE_URL),
  soak: wanted('soak'),
  scim: wanted('scim'),
  cluster: wanted('cluster'),
};
const budgets = evaluateBudgets(figures, context);
const results = {
  meta: {
    startedAt: startedAt.toISOString(),
    durationSec: Math.round((Date.now() - startedAt.getTime()) / 1000),
    node: process.version,
    platform: `${platform()} ${release()}`,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    loadAverageAtStart,
    loadAverageAtEnd: loadavg().map((v) => Number(v.toFixed(2))),
    git: gitDescribe(),
    build,
    postgres: context.postgres,
  },
  settings: { ...settings, startupRuns: STARTUP_RUNS },
  figures,
  notMeasured,
  budgets: budgets.map(({ id, label, figure, op, limit, value, status, note }) => ({
    id,
    label,
    figure,
    op,
    limit,
    value,
    status,
    ...(note ? { note } : {}),
  })),
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);

const { meta } = results;
console.log(
  `\nStaff Admin bench · ${meta.startedAt} · Node ${meta.node} · ${meta.cpus} · git ${meta.git} · ${meta.durationSec} s`,
);
console.log(
  `load average ${meta.loadAverageAtStart[0]} at start, ${meta.loadAverageAtEnd[0]} at end · every figure is the median of its runs · server on SQLite, NODE_ENV=production\n`,
);
console.log(formatTable(buildRows(results), budgets));
console.log('');
for (const [name, reason] of Object.entries(notMeasured)) {
  console.log(`!!! NOT MEASURED (${name}): ${reason}`);
}
for (const budget of budgets.filter((b) => b.status === 'skipped')) {
  console.log(`!!! budget skipped: ${budget.label} (${budget.note})`);
}
const counts = ['ok', 'MISSED', 'NOT MEASURED', 'skipped'].map(
  (status) => `${budgets.filter((b) => b.status === status).length} ${status}`,
);
console.log(`budgets: ${counts.join(', ')} · results in bench/results/latest.json`);

if (args.check) {
  const failed = budgets.filter((b) => b.status === 'MISSED' || b.status === 'NOT MEASURED');
  for (const budget of failed) {
    const value = budget.value === undefined ? '' : ` is ${formatValue(budget.unit, budget.value)}`;
    console.log(
      `--check: ${budget.status}: ${budget.label}${value} (budget ${formatBudget(budget)})`,
    );
  }
  if (failed.length > 0) process.exit(1);
  console.log('--check: every budget met');
}
process.exit(crashed ? 1 : 0);

/**
 * Options from the command line. Through the root script (`npm run bench -- --check`) npm keeps
 * unknown flags for itself and hands them over as npm_config_<name> variables: read those too.
 */
function readArgs() {
  const options = /** @type {const} */ ({
    check: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    soak: { type: 'string', default: '300' },
    cluster: { type: 'string', default: '180' },
    repeats: { type: 'string', default: String(DEFAULT_REPEATS) },
    sections: { type: 'string' },
  });
  const { values, tokens } = parseArgs({ options, tokens: true });
  const given = new Set(tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : [])));
  const fromNpm = (/** @type {string} */ name) => process.env[`npm_config_${name}`] || undefined;
  return {
    check: given.has('check') ? values.check : fromNpm('check') === 'true',
    build: given.has('build') ? values.build : fromNpm('build') === 'true',
    runs: given.has('runs') ? values.runs : (fromNpm('runs') ?? values.runs),
    duration: given.has('duration') ? values.duration : (fromNpm('duration') ?? values.duration),
    soak: given.has('soak') ? values.soak : (fromNpm('soak') ?? values.soak),
    cluster: given.has('cluster') ? values.cluster : (fromNpm('cluster') ?? values.cluster),
    repeats: given.has('repeats') ? values.repeats : (fromNpm('repeats') ?? values.repeats),
    sections: given.has('sections') ? values.sections : fromNpm('sections'),
  };
}

/** @param {string} name @param {string | undefined} value */
function positiveInt(name, value) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) fail(`${name} must be a whole number of at least 1`);
  return number;
}

/** @param {string} message @returns {never} */
function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

/** The commit measured, with "+dirty" when the tree has uncommitted changes. */
function gitDescribe() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return dirty ? `${commit}+dirty` : commit;
  } catch {
    return 'unknown';
  }
}
