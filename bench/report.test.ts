import { describe, expect, it } from 'vitest';
import { BUDGETS, KB, meets } from './budgets.mjs';
import { buildRows, evaluateBudgets, figureAt, formatTable } from './lib/report.mjs';
import { SCREENS } from './lib/screens.mjs';
import { median, percentile } from './lib/stats.mjs';

const budget = (id: string) => {
  const found = BUDGETS.find((b) => b.id === id);
  if (!found) throw new Error(`no budget ${id}`);
  return found;
};

describe('budgets', () => {
  it('compares with the operator of each budget, limits included only for <= and >=', () => {
    expect(meets(budget('profile-ratio'), 0.2)).toBe(true);
    expect(meets(budget('profile-ratio'), 0.19)).toBe(false);
    expect(meets(budget('startup'), 1499)).toBe(true);
    expect(meets(budget('startup'), 1500)).toBe(false);
    expect(meets(budget('login-js-gzip'), 145 * KB)).toBe(true);
    expect(meets(budget('login-js-gzip'), 145 * KB + 1)).toBe(false);
    expect(meets(budget('login-second-step-p99'), 249.9)).toBe(true);
    expect(meets(budget('login-second-step-p99'), 250)).toBe(false);
  });

  it('holds the whole two-step sign-in to the login figure’s 250 ms at p99', () => {
    expect(budget('login-second-step-p99')).toMatchObject({
      figure: 'login.secondStepP99Ms',
      op: '<',
      limit: 250,
      unit: 'ms',
    });
    expect(budget('login-second-step-p99').limit).toBe(budget('login-p99').limit);
  });

  it('never passes a figure that was not measured, and skips PostgreSQL only when unset', () => {
    const figures = { server: { profileRatio: 0.7 } };
    const withoutPg = evaluateBudgets(figures, { postgres: false });
    const status = (id: string, list = withoutPg) => list.find((b) => b.id === id)?.status;
    expect(status('profile-ratio')).toBe('ok');
    expect(status('startup')).toBe('NOT MEASURED');
    expect(status('search-postgres-p99')).toBe('skipped');
    const withPg = evaluateBudgets(figures, { postgres: true });
    expect(status('search-postgres-p99', withPg)).toBe('NOT MEASURED');
  });

  it('reads only finite numbers at a dotted path', () => {
    expect(figureAt({ a: { b: 3 } }, 'a.b')).toBe(3);
    expect(figureAt({ a: { b: '3' } }, 'a.b')).toBeUndefined();
    expect(figureAt({ a: { b: Number.NaN } }, 'a.b')).toBeUndefined();
    expect(figureAt({ a: null }, 'a.b')).toBeUndefined();
  });
});

describe('the table', () => {
  it('prints each budget with its figure and status, and says what was not measured', () => {
    const results = {
      figures: {
        startup: { firstStartMs: 900, medianMs: 2000, runsMs: [2000, 2100, 1900] },
      },
      notMeasured: { search: 'bench/search missing' },
      settings: { runs: 3, durationSec: 5 },
    };
    const table = formatTable(
      buildRows(results),
      evaluateBudgets(results.figures, { postgres: false }),
    );
    expect(table).toMatch(
      /start to first 200 on \/api\/health \(3 restarts\)\s+2000 ms\s+< 1500 ms\s+MISSED/,
    );
    expect(table).toContain('NOT MEASURED: bench/search missing');
    expect(table).toMatch(
      /search p50 on 100k users, SQLite \(worst budgeted case\)\s+–\s+< 10\.0 ms\s+NOT MEASURED/,
    );
    expect(table).toContain('skipped (TEST_DATABASE_URL unset)');
  });

  it('prints the two-step sign-ins beside the password-only ones, with their budget', () => {
    const login = {
      connections: 4,
      healthProbe: { connections: 2, overallRate: 100 },
      rps: 120,
      p50Ms: 30,
      p99Ms: 45,
      healthP50Ms: 2,
      healthP99Ms: 6,
      healthAloneP99Ms: 3.5,
      secondStepAccounts: 300,
      secondStepRps: 90,
      secondStepP50Ms: 40,
      secondStepP99Ms: 260,
    };
    const results = { figures: { login }, notMeasured: {}, settings: { runs: 3, durationSec: 5 } };
    const budgets = evaluateBudgets(results.figures, { postgres: false });
    expect(budgets.find((b) => b.id === 'login-second-step-p99')).toMatchObject({
      value: 260,
      status: 'MISSED',
    });
    const table = formatTable(buildRows(results), budgets);
    expect(table).toMatch(
      /two-step sign-ins \(password, then a recovery code; no probe\), 300 accounts\s+90 sign-ins\/s · p50 40\.0 ms · p99 260 ms/,
    );
    expect(table).toMatch(/two-step sign-in p99\s+260 ms\s+< 250 ms\s+MISSED/);
    expect(table).toMatch(/login p99\s+45\.0 ms\s+< 250 ms\s+ok/);
  });
});

describe('the error-report flood', () => {
  it('holds /api/health to 50 ms at p99 while anonymous clients flood error reports', () => {
    const errorReports = {
      addresses: 20,
      reportsPerMinute: 30,
      healthProbe: { connections: 2, overallRate: 100 },
      accepted: 600,
      limited: 20,
      floodMs: 560,
      healthP50Ms: 0.4,
      healthP99Ms: 62,
      healthAloneP99Ms: 3.1,
    };
    const results = {
      figures: { errorReports },
      notMeasured: {},
      settings: { runs: 3, durationSec: 5 },
    };
    const budgets = evaluateBudgets(results.figures, { postgres: false });
    expect(budgets.find((b) => b.id === 'health-p99-during-error-reports')).toMatchObject({
      value: 62,
      status: 'MISSED',
    });
    const table = formatTable(buildRows(results), budgets);
    expect(table).toContain('Error reports: 20 anonymous addresses, each 31 reports at once');
    expect(table).toMatch(
      /reports accepted \(202\) \/ limited \(429\), flood time\s+600 \/ 20 · 560 ms/,
    );
    expect(table).toMatch(/\/api\/health p99, during the flood\s+62\.0 ms\s+< 50\.0 ms\s+MISSED/);
  });
});

describe('the bulk section', () => {
  it('holds each engine’s two bulk deactivations to 5 s, PostgreSQL only when configured', () => {
    const bulk = {
      sqlite: { seedSeconds: 0.8, deactivateByIdsMs: 1728, deactivateByFilterMs: 5200 },
    };
    const results = { figures: { bulk }, notMeasured: {}, settings: { runs: 3, durationSec: 5 } };
    const budgets = evaluateBudgets(results.figures, { postgres: false });
    const status = (id: string) => budgets.find((b) => b.id === id)?.status;
    expect(status('bulk-deactivate-ids-sqlite')).toBe('ok');
    expect(status('bulk-deactivate-filter-sqlite')).toBe('MISSED');
    expect(status('bulk-deactivate-ids-postgres')).toBe('skipped');
    expect(
      evaluateBudgets(results.figures, { postgres: true }).find(
        (b) => b.id === 'bulk-deactivate-filter-postgres',
      )?.status,
    ).toBe('NOT MEASURED');
    const table = formatTable(buildRows(results), budgets);
    expect(table).toMatch(
      /bulk deactivate of 1,000 users in calls of 100 \(chosen ids\), SQLite\s+1728 ms\s+< 5000 ms\s+ok/,
    );
    expect(table).toMatch(/sqlite: seeding \(not budgeted\)\s+0\.8 s/);
  });
});

describe('the interactions section', () => {
  const rate = (inpMs: number) => ({
    inpMs,
    maxInpMs: inpMs + 40,
    answerMs: 420,
    samplesInpMs: [inpMs],
    samplesAnswerMs: [420],
  });

  it('runs by default: a figure not measured never passes, and the table says why', () => {
    const budgets = evaluateBudgets({}, { postgres: false }).filter((b) =>
      b.id.startsWith('interaction-'),
    );
    expect(budgets.map((b) => b.status)).toEqual(Array(12).fill('NOT MEASURED'));
    const results = {
      figures: {},
      notMeasured: { interactions: 'interactions left out by --sections' },
      settings: { runs: 3, durationSec: 5 },
    };
    expect(formatTable(buildRows(results), budgets)).toContain(
      'NOT MEASURED: interactions left out by --sections',
    );
  });

  it('holds each interaction’s median INP to 100 ms at 1× CPU and 200 ms at 4×', () => {
    const budgets = BUDGETS.filter((b) => b.id.startsWith('interaction-'));
    expect(budgets).toHaveLength(12);
    for (const b of budgets) {
      expect(b.figure).toMatch(/^site\.interactions\.\w+\.cpu[14]\.inpMs$/);
      expect(b).toMatchObject({ op: '<=', unit: 'ms', limit: b.id.endsWith('cpu1') ? 100 : 200 });
    }
  });

  it('prints each interaction’s INP with its budget, its worst INP and its answer', () => {
    const results = {
      figures: {
        site: { interactions: { importPreview: { cpu1: rate(96), cpu4: rate(232) } } },
      },
      notMeasured: {},
      settings: { runs: 3, durationSec: 5, interactionRepeats: 5 },
    };
    const budgets = evaluateBudgets(results.figures, { postgres: false });
    const status = (id: string) => budgets.find((b) => b.id === id)?.status;
    expect(status('interaction-importPreview-cpu1')).toBe('ok');
    expect(status('interaction-importPreview-cpu4')).toBe('MISSED');
    expect(status('interaction-sortUsers-cpu1')).toBe('NOT MEASURED');
    const table = formatTable(buildRows(results), budgets);
    expect(table).toContain('Site: interactions in Chromium, Event Timing API, 5 repeats');
    expect(table).toMatch(
      /opening the CSV import’s preview of 10,000 rows, 4× CPU: INP max · answer \(median\)\s+272 ms · 420 ms/,
    );
    expect(table).toMatch(
      /INP, opening the CSV import’s preview of 10,000 rows, 4× CPU\s+232 ms\s+<= 200 ms\s+MISSED/,
    );
  });
});

describe('the SCIM section', () => {
  const engine = {
    users: 100_000,
    creates: 10_000,
    concurrency: 4,
    lookups: 2_000,
    seedSeconds: 11.7,
    createMs: 37_400,
    createP50Ms: 9.8,
    createP99Ms: 72.1,
    createMaxMs: 215,
    createCpuMsPerCall: 2.6,
    lostCalls: 0,
    lookupP50Ms: 1.23,
    lookupP99Ms: 22.7,
  };

  it('is skipped unless --sections=scim names it, and PostgreSQL only when configured', () => {
    const skipped = evaluateBudgets({}, { postgres: true, scim: false }).filter((b) =>
      b.id.startsWith('scim-'),
    );
    expect(skipped).toHaveLength(6);
    for (const b of skipped) {
      expect(b).toMatchObject({
        status: 'skipped',
        note: 'the SCIM section runs with --sections=scim',
      });
    }
    const figures = { scim: { sqlite: engine } };
    const withoutPg = evaluateBudgets(figures, { postgres: false, scim: true });
    const status = (id: string, list = withoutPg) => list.find((b) => b.id === id)?.status;
    expect(status('scim-create-p99-sqlite')).toBe('ok');
    expect(status('scim-create-lost-sqlite')).toBe('ok');
    expect(status('scim-lookup-p50-sqlite')).toBe('ok');
    expect(withoutPg.find((b) => b.id === 'scim-lookup-p50-postgres')).toMatchObject({
      status: 'skipped',
      note: 'TEST_DATABASE_URL unset',
    });
    const withPg = evaluateBudgets(figures, { postgres: true, scim: true });
    expect(status('scim-create-p99-postgres', withPg)).toBe('NOT MEASURED');
  });

  it('holds creates to 100 ms at p99 with none lost, and lookups to 5 ms at p50', () => {
    const postgres = { ...engine, createP99Ms: 155, lostCalls: 3, lookupP50Ms: undefined };
    const results = {
      figures: { scim: { source: 'node bench/scim/run.mjs', sqlite: engine, postgres } },
      notMeasured: {},
      settings: { runs: 3, durationSec: 5 },
    };
    const budgets = evaluateBudgets(results.figures, { postgres: true, scim: true });
    const status = (id: string) => budgets.find((b) => b.id === id)?.status;
    expect(status('scim-create-p99-postgres')).toBe('MISSED');
    expect(status('scim-create-lost-postgres')).toBe('MISSED');
    expect(status('scim-lookup-p50-postgres')).toBe('NOT MEASURED');
    const table = formatTable(buildRows(results), budgets);
    expect(table).toContain(
      'SCIM provisioning over HTTP: 10,000 POST /scim/v2/Users at 4 in flight',
    );
    expect(table).toMatch(/sqlite: seeding 90,000 people \(not budgeted\)\s+11\.7 s/);
    expect(table).toMatch(/sqlite: creates\s+267 \/s · p50 9\.80 ms · p99 72\.1 ms/);
    expect(table).toMatch(
      /SCIM create p99, 10,000 POST \/Users at 4 concurrent, SQLite\s+72\.1 ms\s+< 100 ms\s+ok/,
    );
    expect(table).toMatch(
      /SCIM GET \/Users\?filter=userName eq p50 on 100k users, SQLite\s+1\.23 ms\s+< 5\.00 ms\s+ok/,
    );
    expect(table).toMatch(/postgres: 2,000 lookups, one at a time\s+not timed \(creates lost\)/);
    expect(table).toMatch(
      /SCIM creates lost \(not 201, or not in the database\), PostgreSQL\s+3\s+<= 0\s+MISSED/,
    );
  });

  it('stays out of the table of a run that left it out, and says when it failed', () => {
    for (const reason of [
      'scim runs only when --sections names it',
      'scim left out by --sections',
    ]) {
      const results = {
        figures: {},
        notMeasured: { scim: reason },
        settings: { runs: 3, durationSec: 5 },
      };
      const table = formatTable(buildRows(results), evaluateBudgets({}, { postgres: false }));
      expect(table).not.toContain('SCIM');
    }
    const failed = {
      figures: {},
      notMeasured: { scim: 'scim failed: lookup of u1@example.com: 500' },
      settings: { runs: 3, durationSec: 5 },
    };
    const budgets = evaluateBudgets({}, { postgres: false, scim: true });
    const table = formatTable(buildRows(failed), budgets);
    expect(table).toContain('NOT MEASURED: scim failed: lookup of u1@example.com: 500');
    expect(table).toMatch(
      /SCIM create p99, 10,000 POST \/Users at 4 concurrent, SQLite\s+–\s+< 100 ms\s+NOT MEASURED/,
    );
  });
});

describe('stats', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
  });
});

describe('the Lighthouse section', () => {
  const audit = (performance: number, metrics: Record<string, number>) => ({
    performance,
    accessibility: 100,
    bestPractices: 100,
    metrics: { fcpMs: 800, tbtMs: 40, ...metrics },
    failedAudits: [],
  });

  it('budgets every screen with both presets from one table, LCP on mobile only', () => {
    const ids = BUDGETS.filter((b) => b.id.startsWith('lighthouse-')).map((b) => b.id);
    expect(ids).toHaveLength(SCREENS.length * (6 + 5));
    for (const screen of SCREENS) {
      expect(budget(`lighthouse-${screen.id}-mobile-performance`).limit).toBe(95);
      expect(budget(`lighthouse-${screen.id}-desktop-performance`).limit).toBe(98);
      expect(budget(`lighthouse-${screen.id}-mobile-lcp`)).toMatchObject({ op: '<=', limit: 2000 });
      expect(ids).not.toContain(`lighthouse-${screen.id}-desktop-lcp`);
      for (const preset of ['mobile', 'desktop']) {
        expect(budget(`lighthouse-${screen.id}-${preset}-accessibility`).limit).toBe(100);
        expect(budget(`lighthouse-${screen.id}-${preset}-bestPractices`).limit).toBe(100);
        expect(budget(`lighthouse-${screen.id}-${preset}-cls`).limit).toBe(0.02);
        expect(budget(`lighthouse-${screen.id}-${preset}-tbt`).limit).toBe(150);
      }
    }
  });

  it('prints each screen and preset with its figures and budgets', () => {
    const results = {
      figures: {
        site: {
          lighthouse: {
            version: '12.8.2',
            users: {
              mobile: audit(94, { lcpMs: 2100, cls: 0.0213 }),
              desktop: audit(99, { lcpMs: 700, cls: 0 }),
            },
          },
        },
      },
      notMeasured: {},
      settings: { runs: 3, durationSec: 5 },
    };
    const budgets = evaluateBudgets(results.figures, { postgres: false });
    const status = (id: string) => budgets.find((b) => b.id === id)?.status;
    expect(status('lighthouse-users-mobile-performance')).toBe('MISSED');
    expect(status('lighthouse-users-desktop-performance')).toBe('ok');
    expect(status('lighthouse-login-mobile-performance')).toBe('NOT MEASURED');
    const table = formatTable(buildRows(results), budgets);
    expect(table).toMatch(
      /\/users \(100,000 people\) \(admin\), mobile\s+FCP 800 ms · LCP 2100 ms/,
    );
    expect(table).toMatch(
      /Lighthouse LCP, \/users \(100,000 people\), mobile\s+2100 ms\s+<= 2000 ms\s+MISSED/,
    );
    expect(table).toMatch(
      /Lighthouse CLS, \/users \(100,000 people\), mobile\s+0\.021\s+<= 0\.020\s+MISSED/,
    );
    expect(table).toMatch(
      /Lighthouse CLS, \/users \(100,000 people\), desktop\s+0\.000\s+<= 0\.020\s+ok/,
    );
  });
});
