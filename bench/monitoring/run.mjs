// Monitoring lists benchmark (issue 13): `node bench/monitoring/run.mjs`, or
// `npm run bench -- --sections=monitoring`. Seeds AUDIT_EVENTS (default 1,000,000) audit events
// and OCCURRENCES (default 100,000) error occurrences in ERROR_GROUPS (default 2,000) error groups into a
// fresh SQLite file and, when TEST_DATABASE_URL is set, a fresh PostgreSQL database (dropped
// afterwards), boots the real app and times GET /api/monitoring/error-groups and GET /api/audit,
// then the alert rules' evaluator pass over the same data (issue 37: its database time).
import { randomBytes, randomUUID } from 'node:crypto';
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
import { mulberry32 } from '../search/names.mjs';

const { sql } = await import('kysely');

const AUDIT_EVENTS = Number(process.env.AUDIT_EVENTS ?? 1_000_000);
const OCCURRENCES = Number(process.env.OCCURRENCES ?? 100_000);
const GROUPS = Number(process.env.ERROR_GROUPS ?? 2_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
/** Passes of the alert rules' evaluator timed after the lists (issue 37), after 3 untimed ones. */
const ALERT_PASSES = Number(process.env.ALERT_PASSES ?? 30);
const WARMUP = 20;
const ACTORS = 5_000;
const DAY = 24 * 60 * 60 * 1000;

// Audit actions in a plausible mix, out of 100: sign-ins dominate, admin changes are rare.
const ACTION_WEIGHTS = [
  ['auth.login_succeeded', 40],
  ['auth.login_failed', 12],
  ['auth.logout', 15],
  ['session.revoked', 4],
  ['access.denied', 5],
  ['auth.locked_out', 1],
  ['auth.unlocked', 1],
  ['auth.refresh_token_reused', 1],
  ['password.reset_requested', 3],
  ['password.reset_completed', 2],
  ['password.changed', 2],
  ['invitation.sent', 2],
  ['invitation.accepted', 2],
  ['invitation.expired', 1],
  ['user.created', 2],
  ['user.position_changed', 1],
  ['user.status_changed', 1],
  ['user.deleted', 1],
  ['upload.created', 2],
  ['error_group.status_changed', 1],
  ['mail.retried', 1],
];
const ACTION_SLOTS = ACTION_WEIGHTS.flatMap(([action, weight]) => Array(weight).fill(action));
/** Actions done by no signed-in user: the actor is null. */
const NO_ACTOR = ['auth.login_failed', 'auth.locked_out', 'password.reset_requested'];

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

/** A deterministic UUID-shaped id from a number (valid for PostgreSQL's uuid and isUuid). */
const idOf = (kind, n) => `${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const actorId = (n) => idOf('a0000000', n);

/**
 * 1M audit events in one INSERT ... SELECT per engine: a recursive CTE on SQLite, generate_series
 * on PostgreSQL. Times spread evenly over 90 days, in insertion order (as appended).
 */
async function seedAudit(database) {
  const { db, engine } = database;
  const now = Date.now();
  const spanSeconds = 90 * 24 * 60 * 60;
  const startSeconds = Math.floor(now / 1000) - spanSeconds;
  const actions = sql.join(
    ACTION_SLOTS.map((action, i) => sql`(${sql.lit(i)}, ${sql.lit(action)})`),
  );
  const noActor = sql.join(NO_ACTOR.map((a) => sql.lit(a)));
  const slots = ACTION_SLOTS.length;
  const agents = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ];
  if (engine === 'postgres') {
    await sql`
      with actions(slot, name) as (values ${actions})
      insert into audit_events (id, at, action, actor_id, target_id, ip, user_agent, details)
      select
        ('e0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
        to_timestamp(${sql.lit(startSeconds)} + (n::bigint * ${sql.lit(spanSeconds)}) / ${sql.lit(AUDIT_EVENTS)} + (n % 7) * 0.001),
        actions.name,
        case when actions.name in (${noActor}) then null
          else ('a0000000-0000-4000-8000-' || lpad(((n * 7919) % ${sql.lit(ACTORS)})::text, 12, '0'))::uuid end,
        ('a0000000-0000-4000-8000-' || lpad(((n * 104729) % ${sql.lit(ACTORS)})::text, 12, '0'))::uuid,
        '10.' || (n % 250) || '.' || ((n / 250) % 250) || '.' || (n % 7 + 1),
        case n % 3 when 0 then ${agents[0]} when 1 then ${agents[1]} else ${agents[2]} end,
        case when actions.name like 'user.%' then '{"before":"active","after":"inactive"}' else null end
      from generate_series(0::bigint, ${sql.lit(AUDIT_EVENTS - 1)}) as n
      join actions on actions.slot = (n * 31) % ${sql.lit(slots)}`.execute(db);
  } else {
    await sql`
      with recursive s(n) as (select 0 union all select n + 1 from s where n < ${sql.lit(AUDIT_EVENTS - 1)}),
      actions(slot, name) as (values ${actions})
      insert into audit_events (id, at, action, actor_id, target_id, ip, user_agent, details)
      select
        printf('e0000000-0000-4000-8000-%012d', n),
        strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.lit(startSeconds)} + (n * ${sql.lit(spanSeconds)}) / ${sql.lit(AUDIT_EVENTS)} + (n % 7) * 0.001, 'unixepoch'),
        actions.name,
        case when actions.name in (${noActor}) then null
          else printf('a0000000-0000-4000-8000-%012d', (n * 7919) % ${sql.lit(ACTORS)}) end,
        printf('a0000000-0000-4000-8000-%012d', (n * 104729) % ${sql.lit(ACTORS)}),
        '10.' || (n % 250) || '.' || ((n / 250) % 250) || '.' || (n % 7 + 1),
        case n % 3 when 0 then ${agents[0]} when 1 then ${agents[1]} else ${agents[2]} end,
        case when actions.name like 'user.%' then '{"before":"active","after":"inactive"}' else null end
      from s join actions on actions.slot = (s.n * 31) % ${sql.lit(slots)}`.execute(db);
  }
}

const SERVER_ERRORS = [
  ['TypeError', "Cannot read properties of undefined (reading 'email')"],
  ['Error', 'connect ETIMEDOUT 10.0.0.12:5432 (timeout)'],
  ['SqliteError', 'database is locked'],
  ['RangeError', 'Invalid time value'],
  ['Error', 'SMTP greeting timeout'],
  ['DatabaseError', 'deadlock detected'],
];
const BROWSER_ERRORS = [
  ['TypeError', "Cannot read properties of null (reading 'focus')"],
  ['ChunkLoadError', 'Loading chunk failed'],
  ['TypeError', 'Failed to fetch'],
  ['Error', 'ResizeObserver loop completed with undelivered notifications'],
  ['SyntaxError', 'Unexpected token < in JSON at position 0'],
  ['Error', 'Request timeout after 30000 ms'],
];
const ROUTES = ['/api/users', '/api/users/:id', '/api/auth/login', '/api/uploads', '/api/audit'];
const PAGES = ['/users', '/users/profile', '/monitoring/errors', '/auth/login', '/monitoring'];

/**
 * 2,000 groups (statuses mixed, both sources), 100,000 occurrences spread over the last 29 days
 * (inside the 30-day retention, so the job run at start removes none), and the users met.
 */
async function seedErrors(database) {
  const { db } = database;
  const random = mulberry32(20261123);
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  // A skewed share of the occurrences per group: a few groups hold most, as in real life.
  const weights = Array.from({ length: GROUPS }, () => 1 / (0.02 + random()) ** 1.5);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((w / weightSum) * OCCURRENCES)));
  let excess = counts.reduce((a, b) => a + b, 0) - OCCURRENCES;
  for (let g = 0; excess !== 0; g = (g + 1) % GROUPS) {
    if (excess > 0 && counts[g] > 1) {
      counts[g] -= 1;
      excess -= 1;
    } else if (excess < 0) {
      counts[g] += 1;
      excess += 1;
    }
  }

  await db.transaction().execute(async (trx) => {
    const groups = [];
    let occurrences = [];
    let groupUsers = [];
    const flush = async (force) => {
      if (occurrences.length >= 2000 || (force && occurrences.length > 0)) {
        await trx.insertInto('error_occurrences').values(occurrences).execute();
        occurrences = [];
      }
      if (groupUsers.length >= 5000 || (force && groupUsers.length > 0)) {
        await trx.insertInto('error_group_users').values(groupUsers).execute();
        groupUsers = [];
      }
    };
    for (let g = 0; g < GROUPS; g += 1) {
      const server = random() < 0.45;
      const [type, message] = (server ? SERVER_ERRORS : BROWSER_ERRORS)[g % 6];
      const where = server ? ROUTES[g % ROUTES.length] : PAGES[g % PAGES.length];
      const title = `${type}: ${message} in ${server ? 'handler' : 'component'} #${g} (${where})`;
      const lastSeen = now - Math.floor(random() * 29 * DAY);
      const firstSeen = lastSeen - Math.floor(random() * 56 * DAY);
      const roll = random();
      const status = roll < 0.6 ? 'unresolved' : roll < 0.85 ? 'resolved' : 'ignored';
      const groupId = idOf('b0000000', g);
      const users = new Set();
      for (let k = 0; k < counts[g]; k += 1) {
        const at =
          k === 0
            ? lastSeen
            : lastSeen - Math.floor(random() * Math.min(28 * DAY, lastSeen - firstSeen + 1));
        const userN = random() < 0.8 ? Math.floor(random() * ACTORS) : null;
        if (userN !== null && !users.has(userN)) {
          users.add(userN);
          groupUsers.push({ group_id: groupId, user_id: actorId(userN) });
        }
        occurrences.push({
          id: randomUUID(),
          group_id: groupId,
          at: iso(Math.max(at, now - 29 * DAY)),
          message,
          stack: `${type}: ${message}\n    at handler${g} (src/modules/m${g % 40}.ts:${10 + (g % 90)}:7)\n    at process (node:internal/process/task_queues:105:5)`,
          method: server ? 'GET' : null,
          route: server ? where : null,
          status: server ? 500 : null,
          request_id: server ? `req-${g}-${k}` : null,
          url: server ? null : where,
          release: `1.${g % 4}.0`,
          user_agent: server
            ? null
            : 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
          user_id: userN === null ? null : actorId(userN),
        });
        await flush(false);
      }
      groups.push({
        id: groupId,
        fingerprint: randomBytes(32).toString('hex'),
        source: server ? 'server' : 'browser',
        type,
        title,
        title_lower: title.toLowerCase(),
        status,
        first_seen_at: iso(firstSeen),
        last_seen_at: iso(lastSeen),
        occurrences: counts[g],
        users_affected: users.size,
        resolved_at: status === 'resolved' ? iso(lastSeen + DAY / 2) : null,
        regressed_at: status === 'unresolved' && g % 17 === 0 ? iso(lastSeen) : null,
      });
    }
    await flush(true);
    for (let start = 0; start < groups.length; start += 1000) {
      await trx
        .insertInto('error_groups')
        .values(groups.slice(start, start + 1000))
        .execute();
    }
  });
}

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
    await seedAudit(database);
    const auditSeconds = (performance.now() - seedStart) / 1000;
    await seedErrors(database);
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
