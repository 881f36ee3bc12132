// Budgeting benchmark (issue 14): `node bench/budgeting/run.mjs`, or
// `npm run bench -- --sections=budgeting`. Seeds PROJECTS (default 1,000) projects and
// COST_ENTRIES (default 1,000,000) cost entries into a fresh SQLite file and, when
// TEST_DATABASE_URL is set, a fresh PostgreSQL database (dropped afterwards), boots the real app,
// times GET /api/projects, and times the commit of a 10,000-row CSV import over HTTP.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  buildApp,
  loadConfig,
  createDatabase,
  migrateToLatest,
  createPasswordHasher,
} from '../lib/api-source.mjs';
import { benchOnEachEngine, printEngineFigures } from '../lib/engines.mjs';
import { costImportCsv, projectId, seedProjectsAndCosts } from '../lib/seed-budgeting.mjs';

const { sql } = await import('kysely');

const PROJECTS = Number(process.env.PROJECTS ?? 1_000);
const COST_ENTRIES = Number(process.env.COST_ENTRIES ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 10_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WARMUP = 20;
const FINANCE = { email: 'bench-finance@example.com', password: 'Bench-Finance-Pass-1' };

/** The finance user's calls; every case is budgeted (the worst p50). */
const CASES = [
  { name: 'projects: default (code)', query: {} },
  {
    name: 'projects: sort percentUsed DESC',
    query: { sortBy: 'percentUsed', sortDirection: 'DESC' },
  },
  { name: 'projects: sort remaining ASC', query: { sortBy: 'remaining', sortDirection: 'ASC' } },
  { name: 'projects: search "acme"', query: { search: 'acme' } },
  { name: 'projects: archived', query: { status: 'archived' } },
  { name: 'projects: USD', query: { currency: 'USD' } },
  { name: 'projects: page 10 of 100 per page', query: { page: '10', limitPerPage: '100' } },
];

/** A multipart body for app.inject with one CSV file. */
function csvForm(csv) {
  const boundary = `----bench-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="costs.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function benchEngine(label, env) {
  const config = loadConfig(env);
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    const now = new Date().toISOString();
    const financeId = randomUUID();
    await database.db
      .insertInto('users')
      .values({
        id: financeId,
        email: FINANCE.email,
        full_name: 'Bench Finance',
        full_name_lower: 'bench finance',
        position: 'finance',
        status: 'active',
        password_hash: await createPasswordHasher().hash(FINANCE.password),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const seedStart = performance.now();
    await seedProjectsAndCosts(database, {
      projects: PROJECTS,
      costEntries: COST_ENTRIES,
      ownerId: financeId,
    });
    if (database.engine === 'postgres') await sql`vacuum analyze`.execute(database.db);
    else await sql`analyze`.execute(database.db);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const app = await buildApp(config, { database });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: FINANCE });
      const headers = { authorization: `Bearer ${login.json().data.access_token}` };
      const results = [];
      for (const { name, query } of CASES) {
        const url = `/api/projects?${new URLSearchParams(query)}`;
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
          name,
          totalItems,
          p50: percentile(times, 0.5),
          p99: percentile(times, 0.99),
        });
      }

      const form = csvForm(costImportCsv(IMPORT_ROWS));
      const importStart = performance.now();
      const imported = await app.inject({
        method: 'POST',
        url: `/api/projects/${projectId(1)}/costs/import?dryRun=false`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
      const importMs = performance.now() - importStart;
      if (imported.statusCode !== 201) {
        throw new Error(`import: ${imported.statusCode} ${imported.body.slice(0, 500)}`);
      }
      return { label, seedSeconds, results, importMs };
    } finally {
      await app.close();
    }
  } finally {
    await database.db.destroy();
  }
}

function print({ label, seedSeconds, results, importMs }) {
  console.log(
    `\n${label}: ${PROJECTS.toLocaleString('en')} projects and ${COST_ENTRIES.toLocaleString('en')} cost entries seeded in ${seedSeconds.toFixed(1)} s; ${REQUESTS} requests per case`,
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
    `import of ${IMPORT_ROWS.toLocaleString('en')} CSV rows (commit): ${importMs.toFixed(0)} ms`,
  );
}

const reports = await benchOnEachEngine('staff-admin-bench-budgeting-', benchEngine, print);

// Last line of stdout: the figures for `npm run bench` (bench/lib/budgeting.mjs reads it).
printEngineFigures(reports, (r) => ({
  seedSeconds: r.seedSeconds,
  listWorstP50Ms: Math.max(...r.results.map((c) => c.p50)),
  importMs: r.importMs,
  cases: r.results.map((c) => ({
    name: c.name,
    matches: c.totalItems,
    p50Ms: c.p50,
    p99Ms: c.p99,
  })),
}));
