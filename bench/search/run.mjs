// Search benchmark: `npm run bench:search -w @staff-admin/bench` (or `node bench/search/run.mjs`).
// Seeds USERS (default 100,000) people into a fresh SQLite file and, when TEST_DATABASE_URL is set,
// a fresh PostgreSQL database (dropped afterwards), boots the real app and times GET /api/users.
// REQUESTS sets the requests per case (200), ONLY keeps the cases whose name contains it.
import { randomUUID } from 'node:crypto';
import {
  buildApp,
  loadConfig,
  createDatabase,
  migrateToLatest,
  createPasswordHasher,
  loadApiModule,
} from '../lib/api-source.mjs';
import { SEEDED_ADMIN, insertSeededAdmin } from '../lib/seeded-admin.mjs';
import { benchOnEachEngine, printEngineFigures } from '../lib/engines.mjs';
import { mulberry32, person } from './names.mjs';

const { fullNameKey } = await loadApiModule('modules/users/users.repository.ts');
const { sql } = await import('kysely');

const USERS = Number(process.env.USERS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
/** Only the cases whose name contains this text (while working on one); all by default. */
const ONLY = process.env.ONLY ?? '';
const WARMUP = 20;
const BATCH = 500;
const DAY = 24 * 60 * 60 * 1000;

// Every case is budgeted (issue 17): a rare term, a common term, dense terms of one, two and three
// characters (no trigram index serves the shorter ones; '.co' matches half of the people and
// 'exa' all of them), an empty search with a deep page, each sort column and the list's filters.
const CASES = [
  { name: 'rare term (1 match)', query: { search: '.4242@' } },
  { name: 'rare Thai term', query: { search: 'พึ่งบุญ', sortBy: 'fullName', sortDirection: 'ASC' } },
  { name: 'no match', query: { search: 'zzqx' } },
  { name: 'common term', query: { search: 'smith' } },
  { name: 'very common term, 2 chars', query: { search: 'ar' } },
  {
    name: '2 chars, sort fullName',
    query: { search: 'łu', sortBy: 'fullName', sortDirection: 'ASC' },
  },
  {
    name: '2 Thai chars, sort fullName',
    query: { search: 'ใจ', sortBy: 'fullName', sortDirection: 'ASC' },
  },
  { name: '1 char, sort email', query: { search: 'z', sortBy: 'email', sortDirection: 'ASC' } },
  { name: '3 chars, half of everyone', query: { search: '.co' } },
  { name: '3 chars, half, page 2', query: { search: '.co', page: '2' } },
  // The list remembers counts until the users change. These come after a change each time, so
  // every request counts its matches anew: shown, not budgeted (docs/performance.md).
  { name: 'after a change: 2 chars', afterChange: true, query: { search: 'ar' } },
  { name: 'after a change: 3 chars, half', afterChange: true, query: { search: '.co' } },
  { name: '3 chars, everyone, sort name', query: { search: 'exa', sortBy: 'fullName' } },
  { name: 'literal % in term', query: { search: '50%' } },
  { name: 'deep page (9000)', query: { page: '9000' } },
  { name: 'sort fullName ASC', query: { sortBy: 'fullName', sortDirection: 'ASC' } },
  { name: 'sort fullName DESC', query: { sortBy: 'fullName', sortDirection: 'DESC' } },
  { name: 'sort email ASC', query: { sortBy: 'email', sortDirection: 'ASC' } },
  { name: 'sort position ASC', query: { sortBy: 'position', sortDirection: 'ASC' } },
  { name: 'sort status DESC', query: { sortBy: 'status', sortDirection: 'DESC' } },
  { name: 'sort createdAt DESC', query: { sortBy: 'createdAt', sortDirection: 'DESC' } },
  { name: 'common term, page 50', query: { search: 'smith', page: '50' } },
  { name: 'hide inactive, sort name', query: { includeInactive: 'false', sortBy: 'fullName' } },
  // The list's filters of issue 16: role, status, never signed in, no sign-in for N days, and the
  // last sign-in as a sort column (never signed in first ascending, last descending).
  { name: 'role + status', query: { position: 'finance', status: 'active' } },
  { name: 'never signed in', query: { neverSignedIn: 'true' } },
  { name: 'dormant 14 days', query: { dormantDays: '14' } },
  {
    name: 'admins dormant 14 days, by sign-in',
    query: { position: 'admin', dormantDays: '14', sortBy: 'lastSignInAt', sortDirection: 'ASC' },
  },
  { name: 'sort lastSignInAt ASC', query: { sortBy: 'lastSignInAt', sortDirection: 'ASC' } },
  { name: 'sort lastSignInAt DESC', query: { sortBy: 'lastSignInAt', sortDirection: 'DESC' } },
  {
    name: 'dormant 14 days, page 50, by sign-in',
    query: { dormantDays: '14', page: '50', sortBy: 'lastSignInAt', sortDirection: 'DESC' },
  },
];

async function seed(db, passwordHash) {
  const random = mulberry32(20251122);
  // The last sign-ins come from a PRNG of their own, so the people (and every older case's
  // matches) are the same as before they were seeded.
  const signIns = mulberry32(20260116);
  // Recent (a month ago, to the day): the retention job the app runs at start must expire none of
  // them, as it would people unused for a year.
  const now = Date.now();
  const baseTime = Math.floor(now / DAY - 30) * DAY;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < USERS; start += BATCH) {
      const rows = [];
      for (let index = start; index < Math.min(start + BATCH, USERS); index += 1) {
        const p = person(random, index, baseTime);
        // Three in four people who set up their account have signed in since (within 29 days).
        const signedIn = p.status !== 'pending' && signIns() < 0.75;
        const lastLoginAt = signedIn
          ? new Date(now - Math.floor(signIns() * 29 * DAY)).toISOString()
          : null;
        rows.push({
          id: randomUUID(),
          email: p.email,
          full_name: p.fullName,
          full_name_lower: fullNameKey(p.fullName),
          position: p.position,
          status: p.status,
          image_url: null,
          password_hash: p.status === 'pending' ? null : passwordHash,
          invited_by: null,
          created_at: p.createdAt,
          updated_at: p.createdAt,
          last_login_at: lastLoginAt,
        });
      }
      await trx.insertInto('users').values(rows).execute();
    }
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function benchEngine(label, env) {
  const config = loadConfig(env);
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    const hasher = createPasswordHasher();
    const passwordHash = await hasher.hash(SEEDED_ADMIN.password);
    const seedStart = performance.now();
    await seed(database.db, passwordHash);
    await insertSeededAdmin(database.db, passwordHash);
    // A database in service has its visibility map and statistics; a fresh bulk load has neither.
    if (database.engine === 'postgres') await sql`vacuum analyze users`.execute(database.db);
    const seedSeconds = (performance.now() - seedStart) / 1000;

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
      // A change the list counts (migration 0013's version moves on), to nobody's visible data.
      const change = () =>
        sql`update users set last_login_at = last_login_at where email = ${SEEDED_ADMIN.email}`.execute(
          database.db,
        );
      for (const { name, query, afterChange = false } of CASES.filter((c) =>
        c.name.includes(ONLY),
      )) {
        const url = `/api/users?${new URLSearchParams(query)}`;
        let totalItems = 0;
        const times = [];
        for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
          if (afterChange) await change();
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
          budgeted: !afterChange,
        });
      }
      return { label, seedSeconds, results };
    } finally {
      await app.close();
    }
  } finally {
    await database.db.destroy();
  }
}

function print({ label, seedSeconds, results }) {
  console.log(
    `\n${label}: ${USERS.toLocaleString('en')} users seeded in ${seedSeconds.toFixed(1)} s; ${REQUESTS} requests per case`,
  );
  console.log(
    `${'case'.padEnd(30)} ${'matches'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(30)} ${String(r.totalItems).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}${r.budgeted ? '' : '  (no budget)'}`,
    );
  }
}

const reports = await benchOnEachEngine('staff-admin-bench-', benchEngine, print);

// Last line of stdout: the figures for `npm run bench` (bench/lib/search.mjs reads it).
printEngineFigures(reports, (r) =>
  r.results.map((c) => ({
    name: c.name,
    matches: c.totalItems,
    p50Ms: c.p50,
    p99Ms: c.p99,
    budgeted: c.budgeted,
  })),
);
