import {
  BUDGETS,
  INTERACTION_INP_MS,
  INTERACTION_NAMES,
  interactionBudgetId,
  KB,
  MB,
  meets,
  SCREEN_BUDGETS,
  screenBudgetId,
} from '../budgets.mjs';
import { LIGHTHOUSE_PRESETS, SCREENS } from './screens.mjs';

/** @type {Record<import('./screens.mjs').Screen['session'], string>} */
const SESSION_LABELS = {
  signedOut: 'signed out',
  twoStep: 'after the password',
  admin: 'admin',
  finance: 'finance',
};

/**
 * @typedef {'ok' | 'MISSED' | 'NOT MEASURED' | 'skipped'} BudgetStatus
 * @typedef {import('../budgets.mjs').Budget & { value: number | undefined, status: BudgetStatus, note?: string }} BudgetResult
 * @typedef {{ section: string } | { label: string, value: string, budgetId?: string }} Row
 */

/**
 * The value at a dotted path, when it is a finite number.
 * @param {unknown} figures
 * @param {string} path
 */
export function figureAt(figures, path) {
  /** @type {unknown} */
  let value = figures;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = /** @type {Record<string, unknown>} */ (value)[key];
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Every budget with its figure and status. A figure that was not measured never passes; a
 * budget for an optional service that is not configured, or of an opt-in section that did not
 * run, is skipped, and says so.
 * @param {unknown} figures
 * @param {{ postgres: boolean, soak?: boolean, scim?: boolean, cluster?: boolean }} context
 * @returns {BudgetResult[]}
 */
export function evaluateBudgets(figures, context) {
  const notes = {
    postgres: 'TEST_DATABASE_URL unset',
    soak: 'the soak runs with --sections=soak',
    scim: 'the SCIM section runs with --sections=scim',
    cluster: 'the cluster soak runs with --sections=cluster',
  };
  return BUDGETS.map((budget) => {
    const unmet = [budget.requires ?? []].flat().find((requirement) => !context[requirement]);
    if (unmet) {
      return { ...budget, value: undefined, status: 'skipped', note: notes[unmet] };
    }
    const value = figureAt(figures, budget.figure);
    if (value === undefined) return { ...budget, value, status: 'NOT MEASURED' };
    return { ...budget, value, status: meets(budget, value) ? 'ok' : 'MISSED' };
  });
}

/** @param {number} ms */
function formatMs(ms) {
  return `${ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** @param {number} bytes */
export function formatBytes(bytes) {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${(bytes / KB).toFixed(1)} KB`;
}

/** @param {number} value */
const formatCount = (value) => Math.round(value).toLocaleString('en-GB');

/**
 * @param {import('../budgets.mjs').Budget['unit']} unit
 * @param {number} value
 */
export function formatValue(unit, value) {
  switch (unit) {
    case 'ms':
      return formatMs(value);
    case 'bytes':
      return formatBytes(value);
    case 'ratio':
      return value.toFixed(2);
    case 'score':
    case 'count':
      return String(value);
    case 'shift':
      return value.toFixed(3);
  }
}

/** @param {import('../budgets.mjs').Budget} budget */
export function formatBudget(budget) {
  return `${budget.op} ${formatValue(budget.unit, budget.limit)}`;
}

/**
 * @param {{ figures: any, notMeasured: Record<string, string>, settings: any }} results
 * @returns {Row[]}
 */
export function buildRows({ figures, notMeasured, settings }) {
  /** @type {Row[]} */
  const rows = [];
  /** A section that was not measured says so on a line of its own. */
  const missing = (/** @type {string} */ section) => {
    if (notMeasured[section]) rows.push({ section: `  NOT MEASURED: ${notMeasured[section]}` });
  };
  const load = (
    /** @type {{ rps: number, p50Ms: number, p99Ms: number }} */ r,
    perSecond = 'req/s',
  ) => `${formatCount(r.rps)} ${perSecond} · p50 ${formatMs(r.p50Ms)} · p99 ${formatMs(r.p99Ms)}`;
  const runs = `${settings.durationSec} s × ${settings.runs} runs`;

  const server = figures.server;
  rows.push({
    section: `Server throughput: autocannon, ${server?.connections ?? '?'} connections, ${runs}`,
  });
  missing('throughput');
  if (server) {
    rows.push({ label: 'reference: bare Fastify, constant JSON', value: load(server.reference) });
    rows.push({ label: 'GET /api/users/profile, valid token', value: load(server.profile) });
    rows.push({
      label: 'profile ÷ reference (p50, p99 latency)',
      value: `${server.profileP50Ratio.toFixed(1)} × · ${server.profileP99Ratio.toFixed(1)} ×`,
    });
    rows.push({
      label: 'profile ÷ reference (req/s)',
      value: server.profileRatio.toFixed(2),
      budgetId: 'profile-ratio',
    });
  }

  rows.push({ section: 'Search on 100,000 users: bench/search' });
  missing('search');
  for (const engine of ['sqlite', 'postgres']) {
    const result = figures.search?.[engine];
    if (!result) continue;
    for (const c of result.cases) {
      rows.push({
        label: `${engine}: ${c.name}`,
        value: `p50 ${formatMs(c.p50Ms)} · p99 ${formatMs(c.p99Ms)}${c.budgeted ? '' : ' · no budget'}`,
      });
    }
  }
  for (const id of ['sqlite-p50', 'sqlite-p99', 'postgres-p50', 'postgres-p99']) {
    rows.push({ label: '', value: '', budgetId: `search-${id}` });
  }

  rows.push({
    section: 'Monitoring lists on 1,000,000 audit events and 100,000 occurrences: bench/monitoring',
  });
  missing('monitoring');
  for (const engine of ['sqlite', 'postgres']) {
    const result = figures.monitoring?.[engine];
    if (!result) continue;
    rows.push({
      label: `${engine}: seeding (not budgeted)`,
      value: `${result.seedSeconds.toFixed(1)} s`,
    });
    for (const c of result.cases) {
      rows.push({
        label: `${engine}: ${c.name}`,
        value: `p50 ${formatMs(c.p50Ms)} · p99 ${formatMs(c.p99Ms)}`,
      });
    }
    const pass = result.alertPass;
    rows.push({
      label: `${engine}: alert rules' pass (${pass.rules} rules), database time`,
      value: `p50 ${formatMs(pass.dbP50Ms)} · max ${formatMs(pass.dbMaxMs)} · whole pass p50 ${formatMs(pass.wallP50Ms)}`,
    });
  }
  for (const id of [
    'error-groups-sqlite-p50',
    'audit-sqlite-p50',
    'error-groups-postgres-p50',
    'audit-postgres-p50',
    'alert-pass-sqlite',
    'alert-pass-postgres',
  ]) {
    rows.push({ label: '', value: '', budgetId: `monitoring-${id}` });
  }

  rows.push({
    section: 'Bulk deactivate of 1,000 signed-in users of 10,000, over HTTP: bench/bulk',
  });
  missing('bulk');
  for (const engine of ['sqlite', 'postgres']) {
    const result = figures.bulk?.[engine];
    if (!result) continue;
    rows.push({
      label: `${engine}: seeding (not budgeted)`,
      value: `${result.seedSeconds.toFixed(1)} s`,
    });
  }
  for (const id of ['ids-sqlite', 'filter-sqlite', 'ids-postgres', 'filter-postgres']) {
    rows.push({ label: '', value: '', budgetId: `bulk-deactivate-${id}` });
  }

  const login = figures.login;
  rows.push({
    section: `Sign-in: ${login?.connections ?? 4} connections, /api/health probed at ${login?.healthProbe?.overallRate ?? '?'} req/s meanwhile, ${runs}`,
  });
  missing('login');
  if (login) {
    rows.push({ label: 'POST /api/auth/login', value: load(login) });
    rows.push({ label: 'login p99', value: formatMs(login.p99Ms), budgetId: 'login-p99' });
    rows.push({ label: '/api/health p99, alone', value: formatMs(login.healthAloneP99Ms) });
    rows.push({
      label: '/api/health p99, during the login load',
      value: formatMs(login.healthP99Ms),
      budgetId: 'health-p99-during-login',
    });
    rows.push({
      label: `two-step sign-ins (password, then a recovery code; no probe), ${login.secondStepAccounts} accounts`,
      value: load(
        { rps: login.secondStepRps, p50Ms: login.secondStepP50Ms, p99Ms: login.secondStepP99Ms },
        'sign-ins/s',
      ),
    });
    rows.push({
      label: 'two-step sign-in p99',
      value: formatMs(login.secondStepP99Ms),
      budgetId: 'login-second-step-p99',
    });
  }

  const reports = figures.errorReports;
  rows.push({
    section: `Error reports: ${reports?.addresses ?? '?'} anonymous addresses, each ${reports ? reports.reportsPerMinute + 1 : '?'} reports at once (the per-IP limit and one more; the issue's stack and other attack strings), /api/health probed at ${reports?.healthProbe?.overallRate ?? '?'} req/s meanwhile, ${runs}`,
  });
  missing('error-reports');
  if (reports) {
    rows.push({
      label: 'reports accepted (202) / limited (429), flood time',
      value: `${reports.accepted} / ${reports.limited} · ${formatMs(reports.floodMs)}`,
    });
    rows.push({ label: '/api/health p99, alone', value: formatMs(reports.healthAloneP99Ms) });
    rows.push({
      label: '/api/health p99, during the flood',
      value: formatMs(reports.healthP99Ms),
      budgetId: 'health-p99-during-error-reports',
    });
  }

  rows.push({
    section: 'Site: first-load JS and CSS from the Vite manifest (gzip -9, brotli q11)',
  });
  missing('bundles');
  const bundles = figures.site?.bundles;
  if (bundles) {
    for (const [page, sizes] of Object.entries(bundles)) {
      for (const kind of /** @type {const} */ (['js', 'css'])) {
        const s = /** @type {any} */ (sizes)[kind];
        rows.push({
          label: `${/** @type {any} */ (sizes).path} ${kind.toUpperCase()} (${s.files.length} file${s.files.length === 1 ? '' : 's'})`,
          value: `${formatBytes(s.gzip)} gzip · ${formatBytes(s.brotli)} br · ${formatBytes(s.raw)} raw`,
          budgetId: page === 'login' && kind === 'js' ? 'login-js-gzip' : `${page}-${kind}-gzip`,
        });
      }
    }
  }

  const lighthouse = figures.site?.lighthouse;
  rows.push({
    section: `Site: Lighthouse ${lighthouse?.version ?? '12'}, mobile (4× CPU, slow 4G, simulated) and desktop presets, ${settings.runs} runs, seeded site (bench/lib/screens-site.mjs)`,
  });
  missing('lighthouse');
  for (const screen of SCREENS) {
    for (const preset of LIGHTHOUSE_PRESETS) {
      const audit = lighthouse?.[screen.id]?.[preset];
      if (!audit) continue;
      const m = audit.metrics;
      rows.push({
        label: `${screen.label} (${SESSION_LABELS[screen.session]}), ${preset}`,
        value: `FCP ${formatMs(m.fcpMs ?? NaN)} · LCP ${formatMs(m.lcpMs ?? NaN)} · TBT ${formatMs(m.tbtMs ?? NaN)} · CLS ${(m.cls ?? NaN).toFixed(3)}`,
      });
      for (const { key, limits } of SCREEN_BUDGETS) {
        if (limits[preset] === undefined) continue;
        rows.push({ label: '', value: '', budgetId: screenBudgetId(screen.id, preset, key) });
      }
      if (audit.failedAudits.length > 0) {
        rows.push({
          label: '  audits below 1',
          value: audit.failedAudits.map((/** @type {string} */ a) => a.split(':')[0]).join(', '),
        });
      }
    }
  }

  const interactions = figures.site?.interactions;
  rows.push({
    section: `Site: interactions in Chromium, Event Timing API, ${settings.interactionRepeats ?? 'N'} repeats at each CPU rate; the budget holds the median INP, the answer (last input to the answer on screen) is not budgeted`,
  });
  missing('interactions');
  for (const [name, what] of Object.entries(INTERACTION_NAMES)) {
    for (const rate of Object.keys(INTERACTION_INP_MS)) {
      const result = interactions?.[name]?.[`cpu${rate}`];
      if (!result) continue;
      rows.push({
        label: `${what}, ${rate}× CPU: INP max · answer (median)`,
        value: `${formatMs(result.maxInpMs)} · ${formatMs(result.answerMs)}`,
      });
      rows.push({ label: '', value: '', budgetId: interactionBudgetId(name, rate) });
    }
  }

  rows.push({ section: 'Server memory and start' });
  missing('memory');
  const memory = figures.memory;
  if (memory) {
    rows.push({
      label: 'RSS idle (signed in, before any load)',
      value: formatBytes(memory.rssIdleBytes),
    });
    rows.push({
      label: '',
      value: formatBytes(memory.rssAfterLoadBytes),
      budgetId: 'rss-after-load',
    });
  }
  missing('uploads');
  const uploads = figures.uploads;
  if (uploads) {
    rows.push({
      label: `upload burst: ${uploads.calls} concurrent calls × ${uploads.filesPerCall} PNGs of ${formatBytes(uploads.fileBytes)}, in ${formatMs(uploads.burstMs)}; RSS before / after`,
      value: `${formatBytes(uploads.rssBeforeBytes)} / ${formatBytes(uploads.rssAfterBytes)}`,
    });
    rows.push({
      label: '',
      value: formatBytes(uploads.peakRssBytes),
      budgetId: 'upload-burst-peak-rss',
    });
  }
  missing('startup');
  const startup = figures.startup;
  if (startup) {
    rows.push({
      label: 'first start on an empty folder (migrates)',
      value: formatMs(startup.firstStartMs),
    });
    rows.push({
      label: `start to first 200 on /api/health (${startup.runsMs.length} restarts)`,
      value: formatMs(startup.medianMs),
      budgetId: 'startup',
    });
  }
  const scim = figures.scim;
  // Opt-in: shown when it ran, or was named and failed.
  if (scim || notMeasured.scim?.startsWith('scim failed')) {
    const any = /** @type {any} */ (Object.values(scim ?? {}).find((v) => typeof v === 'object'));
    const count = (/** @type {number | undefined} */ n, /** @type {string} */ fallback) =>
      n === undefined ? fallback : formatCount(n);
    rows.push({
      section: `SCIM provisioning over HTTP: ${count(any?.creates, '10,000')} POST /scim/v2/Users at ${any?.concurrency ?? 4} in flight, then GET ?filter=userName eq on ${count(any?.users, '100,000')} users: bench/scim`,
    });
    missing('scim');
    for (const engine of ['sqlite', 'postgres']) {
      const result = scim?.[engine];
      if (!result) continue;
      rows.push({
        label: `${engine}: seeding ${formatCount(result.users - result.creates)} people (not budgeted)`,
        value: `${result.seedSeconds.toFixed(1)} s`,
      });
      rows.push({
        label: `${engine}: creates`,
        value: `${formatCount(result.creates / (result.createMs / 1000))} /s · p50 ${formatMs(result.createP50Ms)} · p99 ${formatMs(result.createP99Ms)} · max ${formatMs(result.createMaxMs)} · CPU ${formatMs(result.createCpuMsPerCall)} a call`,
      });
      rows.push({
        label: `${engine}: ${formatCount(result.lookups)} lookups, one at a time`,
        value:
          result.lookupP50Ms === undefined
            ? 'not timed (creates lost)'
            : `p50 ${formatMs(result.lookupP50Ms)} · p99 ${formatMs(result.lookupP99Ms)}`,
      });
    }
    for (const engine of ['sqlite', 'postgres']) {
      for (const kind of ['create-p99', 'create-lost', 'lookup-p50']) {
        rows.push({ label: '', value: '', budgetId: `scim-${kind}-${engine}` });
      }
    }
  }
  const soak = figures.soak;
  if (soak) {
    rows.push({
      section: `Soak: profile and search calls at 10 connections for ${Math.round(soak.durationSec)} s, /api/health every second`,
    });
    rows.push({
      label: `passes (profile + search), ${soak.node}`,
      value: `${formatCount(soak.passesPerSecond)} /s · p99 ${formatMs(soak.passP99Ms)}`,
    });
    rows.push({
      label: `/api/health (${soak.healthCalls} calls)`,
      value: `p99 ${formatMs(soak.healthP99Ms)} · max ${formatMs(soak.healthMaxMs)}`,
    });
    rows.push({
      label: 'server RSS at start / end',
      value: `${formatBytes(soak.rssStartBytes)} / ${soak.rssEndBytes ? formatBytes(soak.rssEndBytes) : 'gone'}`,
    });
    for (const id of ['soak-server-down', 'soak-health-failures', 'soak-failed-calls']) {
      rows.push({ label: '', value: '', budgetId: id });
    }
  }
  const cluster = figures.cluster;
  if (cluster || notMeasured.cluster?.startsWith('cluster failed')) {
    rows.push({
      section: `Cluster soak: 2 API processes on PostgreSQL + Redis behind nginx, mixed load${cluster ? ` at ${cluster.workers} callers for ${Math.round(cluster.durationSec)} s, SIGKILL to one at ${cluster.killAtSec} s, restarted (ready ${cluster.readyAfterKillSec} s after the kill)` : ''}; load generator, nginx and both processes share this machine's cores`,
    });
    missing('cluster');
  }
  if (cluster) {
    rows.push({
      label: `calls (${Object.entries(cluster.byOperation)
        .map(([op, n]) => `${op} ${n}`)
        .join(', ')})`,
      value: `${formatCount(cluster.calls)} · ${formatCount(cluster.callsPerSecond)} /s · ${cluster.failedCalls} failed`,
    });
    for (const [second, failures] of Object.entries(cluster.failuresBySecondFromKill).sort(
      ([a], [b]) => Number(a) - Number(b),
    )) {
      rows.push({
        label: `failed in second ${second} from the kill`,
        value: Object.entries(/** @type {Record<string, number>} */ (failures))
          .map(([what, n]) => `${what} ×${n}`)
          .join(', '),
      });
    }
    const p99 = (/** @type {{ calls: number, p99Ms?: number }} */ part) =>
      part.p99Ms === undefined
        ? 'no calls'
        : `${formatMs(part.p99Ms)} (${formatCount(part.calls)})`;
    rows.push({
      label: 'p99 of 2xx calls before / during (kill to ready + fail_timeout) / after',
      value: `${p99(cluster.p99.before)} / ${p99(cluster.p99.during)} / ${p99(cluster.p99.after)}`,
    });
    rows.push({
      label: `mail: invitations answered 2xx, delivered once`,
      value: `${cluster.invitationsAccepted - cluster.mailsLost - cluster.mailsDuplicated} of ${cluster.invitationsAccepted}`,
    });
    rows.push({
      label: 'lockout via process 1 refused on process 2 · rate limit across both',
      value: `${cluster.lockoutShared.rightPasswordOnSecond} · ${cluster.rateLimitShared.accepted} accepted of limit ${cluster.rateLimitShared.limit}`,
    });
    rows.push({
      label: `profile req/s through nginx, one process / two (median of ${cluster.profile.oneProcess.runsRps.length} turns each)`,
      value: `${formatCount(cluster.profile.oneProcess.rps)} / ${formatCount(cluster.profile.twoProcesses.rps)}`,
    });
    for (const id of [
      'cluster-mails-lost',
      'cluster-mails-duplicated',
      'cluster-costs-lost',
      'cluster-failures-before-kill',
      'cluster-failures-after-window',
      'cluster-limits-not-shared',
      'cluster-profile-ratio',
    ]) {
      rows.push({ label: '', value: '', budgetId: id });
    }
  }
  return rows;
}

/**
 * The one table: figure, median value, budget and status. Rows tied to a budget take their label
 * from the budget when they have none.
 * @param {Row[]} rows
 * @param {BudgetResult[]} budgets
 */
export function formatTable(rows, budgets) {
  const byId = new Map(budgets.map((b) => [b.id, b]));
  /** @type {(string[] | string)[]} */
  const lines = [];
  for (const row of rows) {
    if ('section' in row) {
      lines.push(row.section);
      continue;
    }
    const budget = row.budgetId ? byId.get(row.budgetId) : undefined;
    const value =
      row.value || (budget?.value !== undefined ? formatValue(budget.unit, budget.value) : '');
    lines.push([
      `  ${row.label || budget?.label || ''}`,
      value || (budget ? '–' : ''),
      budget ? formatBudget(budget) : '',
      budget ? (budget.note ? `${budget.status} (${budget.note})` : budget.status) : '',
    ]);
  }
  const cells = lines.filter((line) => Array.isArray(line));
  const widths = [0, 1, 2].map((i) =>
    Math.max(...cells.map((cells) => /** @type {string} */ (cells[i]).length)),
  );
  const header = ['figure (median)', 'value', 'budget', 'status'];
  const pad = (/** @type {string[]} */ cols) =>
    cols
      .map((col, i) => (i < 3 ? col.padEnd(Math.max(widths[i] ?? 0, header[i]?.length ?? 0)) : col))
      .join('  ')
      .trimEnd();
  const out = [pad(header), '-'.repeat(pad(header).length + 12)];
  for (const line of lines) out.push(Array.isArray(line) ? pad(line) : line);
  return out.join('\n');
}
