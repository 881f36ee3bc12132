// The budgets of issue 6, in one place. `npm run bench -- --check` and the bundle-size test read
// them from here. Sizes use decimal units, as browsers' network panels do: 1 KB = 1000 bytes,
// 1 MB = 1000 KB.
import { LIGHTHOUSE_PRESETS, SCREENS } from './lib/screens.mjs';

export const KB = 1000;
export const MB = 1000 * KB;

/**
 * @typedef {object} Budget
 * @property {string} id
 * @property {string} label what the table prints
 * @property {string} figure dotted path of the figure in results/latest.json's `figures`
 * @property {'<' | '<=' | '>=' } op
 * @property {number} limit
 * @property {'ratio' | 'ms' | 'bytes' | 'score' | 'count' | 'shift'} unit (a shift: layout shift
 *   score, unitless)
 * @property {Requirement | Requirement[]} [requires] only checked when that optional service is
 *   configured (postgres) and that opt-in section ran (soak, scim, cluster, interactions)
 * @property {number} [testLimit] what `npm test` holds instead, for a budget out of reach (the
 *   bench still checks `limit`); see the entry
 */

/** @typedef {'postgres' | 'soak' | 'scim' | 'cluster'} Requirement */

/**
 * Issue 39: the interactions timed in Chromium with the Event Timing API (their names in
 * bench/lib/interactions.mjs), and the interaction to next paint each may take by CPU throttling
 * rate (1 = none, 4 = four times slower).
 */
export const INTERACTION_NAMES = {
  selectAllMatching: 'ticking "select all 100,000 that match"',
  sortUsers: 'sorting the user list',
  searchUsers: 'typing in the user list’s search',
  openCostsTab: 'opening a project’s Costs tab',
  importPreview: 'opening the CSV import’s preview of 10,000 rows',
  switchMonitoringTabs: 'switching Monitoring tabs',
};
export const INTERACTION_INP_MS = { 1: 100, 4: 200 };

/**
 * The id of an interaction's budget at a CPU throttling rate.
 * @param {string} name
 * @param {string | number} rate
 */
export const interactionBudgetId = (name, rate) => `interaction-${name}-cpu${rate}`;

/**
 * `npm run bench:peer`'s line (issue 39): our own-profile req/s at least this many times Directus's
 * on the same 10,000 people in the same run. Outside runs measured 60–64 ×.
 */
export const PEER_PROFILE_BUDGET = 50;

/**
 * Issue 39: the Lighthouse budgets of every main screen (lib/screens.mjs), per preset; a preset
 * without a limit has no budget for that figure. `figure` is the path in a preset's summary.
 * @type {Array<{ key: string, label: string, figure: string, op: '>=' | '<=', unit: Budget['unit'], limits: Partial<Record<import('./lib/screens.mjs').LighthousePreset, number>> }>}
 */
export const SCREEN_BUDGETS = [
  {
    key: 'performance',
    label: 'performance',
    figure: 'performance',
    op: '>=',
    unit: 'score',
    limits: { mobile: 95, desktop: 98 },
  },
  {
    key: 'accessibility',
    label: 'accessibility',
    figure: 'accessibility',
    op: '>=',
    unit: 'score',
    limits: { mobile: 100, desktop: 100 },
  },
  {
    key: 'bestPractices',
    label: 'best practices',
    figure: 'bestPractices',
    op: '>=',
    unit: 'score',
    limits: { mobile: 100, desktop: 100 },
  },
  {
    key: 'lcp',
    label: 'LCP',
    figure: 'metrics.lcpMs',
    op: '<=',
    unit: 'ms',
    limits: { mobile: 2000 },
  },
  {
    key: 'cls',
    label: 'CLS',
    figure: 'metrics.cls',
    op: '<=',
    unit: 'shift',
    limits: { mobile: 0.02, desktop: 0.02 },
  },
  {
    key: 'tbt',
    label: 'total blocking time',
    figure: 'metrics.tbtMs',
    op: '<=',
    unit: 'ms',
    limits: { mobile: 150, desktop: 150 },
  },
];

/**
 * The id of a screen's Lighthouse budget.
 * @param {string} screen
 * @param {string} preset
 * @param {string} key
 */
export const screenBudgetId = (screen, preset, key) => `lighthouse-${screen}-${preset}-${key}`;

/** SCREEN_BUDGETS for each screen and preset. @returns {Budget[]} */
function screenBudgets() {
  return SCREENS.flatMap((screen) =>
    LIGHTHOUSE_PRESETS.flatMap((preset) =>
      SCREEN_BUDGETS.flatMap(({ key, label, figure, op, unit, limits }) => {
        const limit = limits[preset];
        if (limit === undefined) return [];
        return [
          {
            id: screenBudgetId(screen.id, preset, key),
            label: `Lighthouse ${label}, ${screen.label}, ${preset}`,
            figure: `site.lighthouse.${screen.id}.${preset}.${figure}`,
            op,
            limit,
            unit,
          },
        ];
      }),
    ),
  );
}

/** @type {Budget[]} */
export const BUDGETS = [
  {
    id: 'profile-ratio',
    label: 'profile req/s ÷ reference req/s',
    figure: 'server.profileRatio',
    op: '>=',
    // The owner's decision (issue 39): the 0.5 of issue 6 is retired. The design's own ceiling (a
    // minimal Fastify with an HS256 check and one SQLite read) is about 0.36 of the bare route,
    // and the ratio falls on faster machines (0.24 where the reference runs 81,000 req/s). The
    // line to hold is 0.2 here and 50 × Directus in `npm run bench:peer` (PEER_PROFILE_BUDGET).
    limit: 0.2,
    unit: 'ratio',
  },
  {
    id: 'search-sqlite-p50',
    label: 'search p50 on 100k users, SQLite (worst budgeted case)',
    figure: 'search.sqlite.worstP50Ms',
    op: '<',
    limit: 10,
    unit: 'ms',
  },
  {
    id: 'search-sqlite-p99',
    label: 'search p99 on 100k users, SQLite (worst budgeted case)',
    figure: 'search.sqlite.worstP99Ms',
    op: '<',
    limit: 30,
    unit: 'ms',
  },
  {
    id: 'search-postgres-p50',
    label: 'search p50 on 100k users, PostgreSQL (worst budgeted case)',
    figure: 'search.postgres.worstP50Ms',
    op: '<',
    limit: 10,
    unit: 'ms',
    requires: 'postgres',
  },
  {
    id: 'search-postgres-p99',
    label: 'search p99 on 100k users, PostgreSQL (worst budgeted case)',
    figure: 'search.postgres.worstP99Ms',
    op: '<',
    limit: 30,
    unit: 'ms',
    requires: 'postgres',
  },
  {
    id: 'budgeting-projects-sqlite-p50',
    label: 'project list p50, 1,000 projects + 1M cost entries, SQLite (worst case)',
    figure: 'budgeting.sqlite.listWorstP50Ms',
    op: '<',
    limit: 20,
    unit: 'ms',
  },
  {
    id: 'budgeting-projects-postgres-p50',
    label: 'project list p50, 1,000 projects + 1M cost entries, PostgreSQL (worst case)',
    figure: 'budgeting.postgres.listWorstP50Ms',
    op: '<',
    limit: 20,
    unit: 'ms',
    requires: 'postgres',
  },
  {
    id: 'budgeting-import-sqlite',
    label: 'import of a 10,000-row CSV (commit through the API), SQLite',
    figure: 'budgeting.sqlite.importMs',
    op: '<',
    limit: 5000,
    unit: 'ms',
  },
  {
    id: 'budgeting-import-postgres',
    label: 'import of a 10,000-row CSV (commit through the API), PostgreSQL',
    figure: 'budgeting.postgres.importMs',
    op: '<',
    limit: 5000,
    unit: 'ms',
    requires: 'postgres',
  },
  ...['sqlite', 'postgres'].flatMap((engine) =>
    /** @type {const} */ ([
      ['ids', 'deactivateByIdsMs', 'chosen ids'],
      ['filter', 'deactivateByFilterMs', 'every match of a filter'],
    ]).map(([kind, figure, what]) => ({
      id: `bulk-deactivate-${kind}-${engine}`,
      label: `bulk deactivate of 1,000 users in calls of 100 (${what}), ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
      figure: `bulk.${engine}.${figure}`,
      op: /** @type {const} */ ('<'),
      limit: 5000,
      unit: /** @type {const} */ ('ms'),
      ...(engine === 'postgres' ? { requires: /** @type {const} */ ('postgres') } : {}),
    })),
  ),
  {
    id: 'monitoring-error-groups-sqlite-p50',
    label: 'error-group list p50, 1M audit events + 100k occurrences, SQLite (worst case)',
    figure: 'monitoring.sqlite.errorGroupsWorstP50Ms',
    op: '<',
    limit: 20,
    unit: 'ms',
  },
  {
    id: 'monitoring-audit-sqlite-p50',
    label: 'audit list p50, 1M audit events + 100k occurrences, SQLite (worst case)',
    figure: 'monitoring.sqlite.auditWorstP50Ms',
    op: '<',
    limit: 20,
    unit: 'ms',
  },
  {
    id: 'monitoring-error-groups-postgres-p50',
    label: 'error-group list p50, 1M audit events + 100k occurrences, PostgreSQL (worst case)',
    figure: 'monitoring.postgres.errorGroupsWorstP50Ms',
    op: '<',
    limit: 20,
    unit: 'ms',
    requires: 'postgres',
  },
  {
    id: 'monitoring-audit-postgres-p50',
    label: 'audit list p50, 1M audit events + 100k occurrences, PostgreSQL (worst case)',
    figure: 'monitoring.postgres.auditWorstP50Ms',
    op: '<',
    limit: 20,
    unit: 'ms',
    requires: 'postgres',
  },
  // Issue 37: the alert rules' evaluator runs every minute; one rule of each kind.
  ...['sqlite', 'postgres'].map((engine) => ({
    id: `monitoring-alert-pass-${engine}`,
    label: `alert rules' pass, database time p50, 1M audit events + 100k occurrences, ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    figure: `monitoring.${engine}.alertPassDbP50Ms`,
    op: /** @type {const} */ ('<'),
    limit: 50,
    unit: /** @type {const} */ ('ms'),
    ...(engine === 'postgres' ? { requires: /** @type {const} */ ('postgres') } : {}),
  })),
  {
    id: 'login-p99',
    label: 'login p99 at 4 concurrent',
    figure: 'login.p99Ms',
    op: '<',
    limit: 250,
    unit: 'ms',
  },
  {
    id: 'login-second-step-p99',
    label: 'two-step sign-in p99 at 4 concurrent (password + recovery code)',
    figure: 'login.secondStepP99Ms',
    op: '<',
    limit: 250,
    unit: 'ms',
  },
  {
    id: 'health-p99-during-login',
    label: '/api/health p99 during the login load',
    figure: 'login.healthP99Ms',
    op: '<',
    limit: 20,
    unit: 'ms',
  },
  {
    // Issue 32: one anonymous report held the server 12 s; a flood within the per-IP limit must
    // leave the health check answering.
    id: 'health-p99-during-error-reports',
    label: '/api/health p99 during an anonymous flood of error reports',
    figure: 'errorReports.healthP99Ms',
    op: '<',
    limit: 50,
    unit: 'ms',
  },
  {
    id: 'login-js-gzip',
    label: 'first-load JS for /auth/login (gzip)',
    figure: 'site.bundles.login.js.gzip',
    op: '<=',
    // The owner's decision (issue 39): the 100 KB budget is retired, since React 19, React
    // Router, react-hook-form and TanStack Query alone come to about 124 KB; the line is 145 KB,
    // checked by npm test and the bench alike. 141.7 KB when it was drawn: issue 33's skip link,
    // the focus rule for invalid fields, the announced field error and the return to the page
    // asked for took it from 140.9 KB.
    limit: 145 * KB,
    unit: 'bytes',
  },
  {
    id: 'login-css-gzip',
    label: 'first-load CSS for /auth/login (gzip)',
    figure: 'site.bundles.login.css.gzip',
    op: '<=',
    limit: 20 * KB,
    unit: 'bytes',
  },
  {
    id: 'monitoring-js-gzip',
    label: 'Monitoring area JS beyond the signed-in layout (gzip)',
    figure: 'site.bundles.monitoring.js.gzip',
    op: '<=',
    // Issue 39: ≤ 60 KB, or today's figure if lower, as a line to hold: 18.8 KB on 2026-11-28.
    limit: 20 * KB,
    unit: 'bytes',
  },
  // Issue 39 asks ≤ 50 KB for User management and ≤ 60 KB for Budgeting, or today's figure if lower,
  // as a line to hold. Drawn on 2026-11-28 at 36.8 KB and 37.5 KB, once their dialogs loaded as
  // they open (components/ui/lazy-dialog.tsx) and a list's dates stopped bringing zod; 104.0 KB
  // and 124.3 KB before (06bae48).
  {
    id: 'users-js-gzip',
    label: 'User management area JS beyond the signed-in layout, /users (gzip)',
    figure: 'site.bundles.users.js.gzip',
    op: '<=',
    limit: 40 * KB,
    unit: 'bytes',
  },
  {
    id: 'budgeting-js-gzip',
    label: 'Budgeting area JS beyond the signed-in layout, /financial/projects (gzip)',
    figure: 'site.bundles.budgeting.js.gzip',
    op: '<=',
    limit: 40 * KB,
    unit: 'bytes',
  },
  {
    id: 'project-js-gzip',
    label: 'Budgeting project page JS beyond the signed-in layout, /financial/projects/:id (gzip)',
    figure: 'site.bundles.project.js.gzip',
    op: '<=',
    // A line to hold, drawn on 2026-11-28 at 85.8 KB (142.2 KB before): the page's five dialogs
    // load as they open, the Costs tab's "closed" label no longer brings the Closed months screen
    // and zod with it, and its date filters no longer bring react-hook-form. Most of the rest is
    // the person filter's Ariakit (38 KB).
    limit: 90 * KB,
    unit: 'bytes',
  },
  {
    id: 'profile-js-gzip',
    label: 'first-load JS for /users/profile (gzip)',
    figure: 'site.bundles.profile.js.gzip',
    op: '<=',
    // Holds the line drawn on 2026-11-26 at 231.7 KB, when the Security card stopped bringing zod
    // and the shared schemas with the page (7d885ca): a form's validation loads as it is used.
    limit: 240 * KB,
    unit: 'bytes',
  },
  {
    id: 'profile-css-gzip',
    label: 'first-load CSS for /users/profile (gzip)',
    figure: 'site.bundles.profile.css.gzip',
    op: '<=',
    limit: 20 * KB,
    unit: 'bytes',
  },
  ...screenBudgets(),
  // Issue 39: the interactions of bench/lib/interactions.mjs, at each CPU throttling rate; the
  // figure is the median of the repeats' INP, on the Lighthouse section's seeded site.
  ...Object.entries(INTERACTION_NAMES).flatMap(([name, what]) =>
    Object.entries(INTERACTION_INP_MS).map(([rate, limit]) => ({
      id: interactionBudgetId(name, rate),
      label: `INP, ${what}, ${rate}× CPU`,
      figure: `site.interactions.${name}.cpu${rate}.inpMs`,
      op: /** @type {const} */ ('<='),
      limit,
      unit: /** @type {const} */ ('ms'),
    })),
  ),
  {
    id: 'rss-after-load',
    label: 'server RSS after the load',
    figure: 'memory.rssAfterLoadBytes',
    op: '<=',
    limit: 150 * MB,
    unit: 'bytes',
  },
  {
    id: 'upload-burst-peak-rss',
    label: 'server RSS at its peak during a burst of concurrent uploads',
    figure: 'uploads.peakRssBytes',
    op: '<=',
    limit: 300 * MB,
    unit: 'bytes',
  },
  ...[
    ['soak-server-down', 'soak: the server stopped during it', 'soak.serverDown'],
    ['soak-health-failures', 'soak: /api/health calls not answered 200', 'soak.healthFailures'],
    ['soak-failed-calls', 'soak: profile and search calls not answered 2xx', 'soak.failedCalls'],
  ].map(([id, label, figure]) => ({
    id: /** @type {string} */ (id),
    label: /** @type {string} */ (label),
    figure: /** @type {string} */ (figure),
    op: /** @type {const} */ ('<='),
    limit: 0,
    unit: /** @type {const} */ ('count'),
    requires: /** @type {const} */ ('soak'),
  })),
  // Issue 38: two API processes on PostgreSQL + Redis behind nginx, one killed with SIGKILL
  // half-way and restarted (`--sections=cluster`, opt-in). A failure is allowed only from the
  // kill until the restarted process is ready plus the proxy's fail_timeout.
  ...[
    [
      'cluster-mails-lost',
      'cluster soak: invitations answered 2xx whose mail never came',
      'cluster.mailsLost',
    ],
    [
      'cluster-mails-duplicated',
      'cluster soak: invitations whose mail came twice or more',
      'cluster.mailsDuplicated',
    ],
    [
      'cluster-costs-lost',
      'cluster soak: cost entries answered 2xx missing from the database',
      'cluster.costEntriesLost',
    ],
    [
      'cluster-failures-before-kill',
      'cluster soak: calls failed before the kill',
      'cluster.failuresBeforeKill',
    ],
    [
      'cluster-failures-after-window',
      'cluster soak: calls failed after kill + restart + fail_timeout',
      'cluster.failuresAfterWindow',
    ],
    [
      'cluster-limits-not-shared',
      'cluster soak: lockout or rate limit not shared by the processes',
      'cluster.limitsNotShared',
    ],
  ].map(([id, label, figure]) => ({
    id: /** @type {string} */ (id),
    label: /** @type {string} */ (label),
    figure: /** @type {string} */ (figure),
    op: /** @type {const} */ ('<='),
    limit: 0,
    unit: /** @type {const} */ ('count'),
    requires: /** @type {const} */ ('cluster'),
  })),
  {
    id: 'cluster-profile-ratio',
    label: 'cluster: profile req/s through nginx, two processes ÷ one',
    figure: 'cluster.profile.ratio',
    op: '>=',
    limit: 1.3,
    unit: 'ratio',
    requires: 'cluster',
  },
  // Issue 36: a directory's first push (10,000 creates, 4 in flight) and its lookups by userName
  // on 100,000 users, on each engine; opt-in (`--sections=scim`), like the soak.
  ...['sqlite', 'postgres'].flatMap((engine) => {
    const name = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    /** @type {Requirement[]} */
    const requires = engine === 'postgres' ? ['scim', 'postgres'] : ['scim'];
    /** @type {Budget[]} */
    const budgets = [
      {
        id: `scim-create-p99-${engine}`,
        label: `SCIM create p99, 10,000 POST /Users at 4 concurrent, ${name}`,
        figure: `scim.${engine}.createP99Ms`,
        op: '<',
        limit: 100,
        unit: 'ms',
        requires,
      },
      {
        id: `scim-create-lost-${engine}`,
        label: `SCIM creates lost (not 201, or not in the database), ${name}`,
        figure: `scim.${engine}.lostCalls`,
        op: '<=',
        limit: 0,
        unit: 'count',
        requires,
      },
      {
        id: `scim-lookup-p50-${engine}`,
        label: `SCIM GET /Users?filter=userName eq p50 on 100k users, ${name}`,
        figure: `scim.${engine}.lookupP50Ms`,
        op: '<',
        limit: 5,
        unit: 'ms',
        requires,
      },
    ];
    return budgets;
  }),
  {
    id: 'startup',
    label: 'start to first 200 on /api/health',
    figure: 'startup.medianMs',
    op: '<',
    limit: 1500,
    unit: 'ms',
  },
];

/**
 * Whether a value meets a budget.
 * @param {Budget} budget
 * @param {number} value
 * @param {number} [limit] another limit than the budget's own
 */
export function meets(budget, value, limit = budget.limit) {
  switch (budget.op) {
    case '<':
      return value < limit;
    case '<=':
      return value <= limit;
    case '>=':
      return value >= limit;
  }
}
