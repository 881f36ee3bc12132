// Monitoring lists benchmark (issue 13): `node bench/monitoring/run.mjs`, or
// `npm run bench -- --sections=monitoring`. Seeds AUDIT_EVENTS (default 1,000,000) audit events
// and OCCURRENCES (default 100,000) error occurrences in ERROR_GROUPS (default 2,000) error groups into a
// fresh SQLite file and, when TEST_DATABASE_URL is set, a fresh PostgreSQL database (dropped
// afterwards), boots the real app and times GET /api/monitoring/error-groups and GET /api/audit,
// then the alert rules' evaluator pass over the same data (issue 37: its database time).
import {
  buildApp,
  loadConfig,
  createDatabase,
  migrateToLatest,
  createPasswordHasher,
} from '../lib/api-source.mjs';
import { SEEDED_ADMIN, analyze, insertSeededAdmin } from '../lib/seeded-admin.mjs';
import { benchOnEachEngine, printEngineFigures } from '../lib/engines.mjs';
import { queryTimer } from '../lib/query-timer.mjs';
import { seedAudit, seedErrors } from '../lib/seed-monitoring.mjs';

const { sql } = await import('kysely');

const AUDIT_EVENTS = Number(process.env.AUDIT_EVENTS ?? 1_000_000);
const OCCURRENCES = Number(process.env.OCCURRENCES ?? 100_000);
const GROUPS = Number(process.env.ERROR_GROUPS ?? 2_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
/** Passes of the alert rules' evaluator timed after the lists (issue 37), after 3 untimed ones. */
const ALERT_PASSES = Number(process.env.ALERT_PASSES ?? 30);
const WARMUP = 20;
const DAY = 24 * 60 * 60 * 1000;

// One day in the middle of the 90 days, for the time-range case.
const dayStart = new Date(Math.floor(Date.now() / DAY - 45) * DAY).toISOString();
const dayEnd = new Date(Math.floor(Date.now() / DAY - 44) * DAY - 1).toISOString();

/** The admin's calls, per list. `list` names the budget; every case here is budgeted. */
const CASES = [
  {
    list: 'errorGroups',
    name: 'error groups: default (last seen)',
    url: '/api/monitoring/error-groups',
    query: {},
  },
  {
    list: 'errorGroups',
    name: 'error groups: unresolved',
    url: '/api/monitoring/error-groups',
    query: { status: 'unresolved' },
  },
  {
    list: 'errorGroups',
    name: 'error groups: search "timeout"',
    url: '/api/monitoring/error-groups',
    query: { search: 'timeout' },
  },
  {
    list: 'errorGroups',
    name: 'error groups: sort count DESC',
    url: '/api/monitoring/error-groups',
    query: { sortBy: 'count', sortDirection: 'DESC' },
  },
  {
    list: 'errorGroups',
    name: 'error groups: sort lastSeenAt ASC',
    url: '/api/monitoring/error-groups',
    query: { sortBy: 'lastSeenAt', sortDirection: 'ASC' },
  },
  {
    list: 'errorGroups',
    name: 'error groups: browser, unresolved, by count',
    url: '/api/monitoring/error-groups',
    query: { source: 'browser', status: 'unresolved', sortBy: 'count' },
  },
  {
    list: 'errorGroups',
    name: 'error groups: deep page (190)',
    url: '/api/monitoring/error-groups',
    query: { page: '190' },
  },
  { list: 'audit', name: 'audit: default (newest first)', url: '/api/audit', query: {} },
  {
    list: 'audit',
    name: 'audit: action auth.login_failed',
    url: '/api/audit',
    query: { action: 'auth.login_failed' },
  },
  {
    list: 'audit',
    name: 'audit: action auth.locked_out',
    url: '/api/audit',
    query: { action: 'auth.locked_out' },
  },
  {
    list: 'audit',
    name: 'audit: one day',
    url: '/api/audit',
    query: { from: dayStart, to: dayEnd },
  },
  // The deepest page the audit list serves (AUDIT_PAGED_MAX_ROWS): offset 9,950.
  { list: 'audit', name: 'audit: deepest page (200)', url: '/api/audit', query: { page: '200' } },
];

/** One enabled rule of each kind, without channels: the pass's reading is timed, not delivery. */
const ALERT_RULES = [
  { kind: 'new_error_group' },
  { kind: 'error_regression' },
  { kind: 'error_spike', occurrences: 50, minutes: 5 },
  { kind: 'health_check_failing', check: 'database', minutes: 2 },
  { kind: 'mail_given_up' },
  { kind: 'lockout_spike', lockouts: 20, minutes: 5 },
  { kind: 'budget_threshold', percents: [80, 100] },
  { kind: 'budget_forecast_over' },
];

/**
 * Makes ALERT_RULES through the API, then runs the evaluator's pass as its periodic job does and
 * adds up the database time of each (the first 3 untimed).
 */
async function timeAlertPasses(app, headers, timer) {
  for (const rule of ALERT_RULES) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/monitoring/alert-rules',
      headers,
      payload: { name: rule.kind, channelIds: [], ...rule },
    });
    if (response.statusCode !== 201) {
      throw new Error(`alert rule ${rule.kind}: ${response.statusCode} ${response.body}`);
    }
  }
  const dbMs = [];
  const wallMs = [];
  let statements = 0;
  for (let i = 0; i < 3 + ALERT_PASSES; i += 1) {
    const pass = await timer.measure(() => app.alertEvaluator.evaluate());
    if (!pass.result.ran)
      throw new Error('the evaluator did not run: another holder had its lease');
    if (i >= 3) {
      dbMs.push(pass.dbMs);
      wallMs.push(pass.wallMs);
      statements = Math.max(statements, pass.statements);
    }
  }
  dbMs.sort((a, b) => a - b);
  wallMs.sort((a, b) => a - b);
  return {
    rules: ALERT_RULES.length,
    passes: ALERT_PASSES,
    statements,
    dbP50Ms: percentile(dbMs, 0.5),
    dbMaxMs: dbMs.at(-1),
    wallP50Ms: percentile(wallMs, 0.5),
  };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function benchEngine(label, env) {
  const config = loadConfig(env);
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    const passwordHash = await createPasswordHasher().hash(SEEDED_ADMIN.password);
    const seedStart = performance.now();
    await seedAudit(database, { events: AUDIT_EVENTS });
    const auditSeconds = (performance.now() - seedStart) / 1000;
    await seedErrors(database, { groups: GROUPS, occurrences: OCCURRENCES });
    await insertSeededAdmin(database.db, passwordHash);
    // A database in service has its visibility map and statistics; a fresh bulk load has neither.
    await analyze(database, sql);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const timer = queryTimer();
    database.db = database.db.withPlugin(timer.plugin);
    const app = await buildApp(config, { database });
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: SEEDED_ADMIN,
      });
      const headers = { authorization: `Bearer ${login.json().data.access_token}` };
      const results = [];
      for (const { list, name, url: route, query } of CASES) {
        const url = `${route}?${new URLSearchParams(query)}`;
        let totalItems = 0;
        const times = [];
        for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
          const start = performance.now();
          const response = await app.inject({ method: 'GET', url, headers });
          const elapsed = performance.now() - start;
          if (response.statusCode !== 200) {
            throw new Error(`${name}: ${response.statusCode} ${response.body}`);
          }
          if (i >= WARMUP) times.push(elapsed);
          totalItems = response.json().meta.totalItems;
        }
        times.sort((a, b) => a - b);
        results.push({
          list,
          name,
          totalItems,
          p50: percentile(times, 0.5),
          p99: percentile(times, 0.99),
        });
      }
      const alertPass = await timeAlertPasses(app, headers, timer);
      return { label, seedSeconds, auditSeconds, results, alertPass };
    } finally {
      await app.close();
    }
  } finally {
    await database.db.destroy();
  }
}

function print({ label, seedSeconds, auditSeconds, results, alertPass }) {
  console.log(
    `\n${label}: ${AUDIT_EVENTS.toLocaleString('en')} audit events (${auditSeconds.toFixed(1)} s) and ${OCCURRENCES.toLocaleString('en')} occurrences in ${GROUPS.toLocaleString('en')} groups seeded in ${seedSeconds.toFixed(1)} s; ${REQUESTS} requests per case`,
  );
  console.log(
    `${'case'.padEnd(44)} ${'matches'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(44)} ${String(r.totalItems).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}`,
    );
  }
  console.log(
    `alert rules' pass (${alertPass.rules} rules, ${alertPass.passes} passes, at most ${alertPass.statements} statements each): database time p50 ${alertPass.dbP50Ms.toFixed(2)} ms, max ${alertPass.dbMaxMs.toFixed(2)} ms; whole pass p50 ${alertPass.wallP50Ms.toFixed(2)} ms`,
  );
}

const reports = await benchOnEachEngine('staff-admin-bench-monitoring-', benchEngine, print);

// Last line of stdout: the figures for `npm run bench` (bench/lib/monitoring.mjs reads it).
printEngineFigures(reports, (r) => ({
  seedSeconds: r.seedSeconds,
  cases: r.results.map((c) => ({
    list: c.list,
    name: c.name,
    matches: c.totalItems,
    p50Ms: c.p50,
    p99Ms: c.p99,
  })),
  alertPass: r.alertPass,
}));
