// Cost import benchmark (issue 14): `node bench/imports/run.mjs`, or
// `npm run bench -- --sections=imports`. Boots the real app on a fresh SQLite file and, when
// TEST_DATABASE_URL is set, a fresh PostgreSQL database (dropped afterwards), listens on a local
// port and times over HTTP the import of a ROWS-row CSV (default 10,000; a fifth of it labour,
// priced from cost rates): the dry run (not budgeted) and the commit (budgeted: < 5 s), RUNS
// times (default 3), each into a new project.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { mulberry32 } from '../search/names.mjs';

register();
const apiSrc = fileURLToPath(new URL('../../apps/api/src/', import.meta.url));
const load = (file) => import(path.join(apiSrc, file));
const { buildApp } = await load('app.ts');
const { loadConfig } = await load('config/env.ts');
const { createDatabase } = await load('db/database.ts');
const { migrateToLatest } = await load('db/migrate.ts');
const { createPasswordHasher } = await load('lib/password-hasher.ts');
const { default: pg } = await import('pg');

const ROWS = Number(process.env.ROWS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 3);
const PEOPLE = 20;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Pass-1' };
const CATEGORIES = ['contractor', 'software', 'hardware', 'travel', 'other'];
const WORDS = ['Licence', 'Laptop', 'Train', 'Hotel', 'Review', 'Hosting', 'Courier', 'Support'];

const personEmail = (n) => `bench-person-${n}@example.com`;

/** A file as a finance team would export it: the first half of 2026, a fifth labour. */
function costFile(seed) {
  const random = mulberry32(seed);
  const lines = ['date,category,description,amount,currency,person,hours'];
  for (let i = 0; i < ROWS; i += 1) {
    const month = 1 + Math.floor(random() * 6);
    const day = 1 + Math.floor(random() * 28);
    const date = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const word = WORDS[Math.floor(random() * WORDS.length)];
    if (random() < 0.2) {
      const hours = (1 + Math.floor(random() * 800) / 100).toFixed(2);
      const person = personEmail(Math.floor(random() * PEOPLE));
      lines.push(`${date},labour,"${word} work, item ${i}",,GBP,${person},${hours}`);
    } else {
      const category = CATEGORIES[Math.floor(random() * CATEGORIES.length)];
      const amount = (Math.floor(random() * 500_000) / 100).toFixed(2);
      lines.push(`${date},${category},${word} ${i},${amount},GBP,,`);
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function seedPeople(db, passwordHash) {
  const now = new Date().toISOString();
  const user = (email, fullName, position) => ({
    id: randomUUID(),
    email,
    full_name: fullName,
    full_name_lower: fullName.toLowerCase(),
    position,
    status: 'active',
    password_hash: passwordHash,
    created_at: now,
    updated_at: now,
  });
  const people = Array.from({ length: PEOPLE }, (_, n) =>
    user(personEmail(n), `Bench Person ${n}`, 'contractor'),
  );
  const admin = user(ADMIN.email, 'Bench Admin', 'admin');
  await db
    .insertInto('users')
    .values([admin, ...people])
    .execute();
  return { adminId: admin.id, people: people.map((person) => person.id) };
}

async function benchEngine(label, databaseUrl, dir) {
  const config = loadConfig({
    NODE_ENV: 'production',
    INIT_CWD: dir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dir, 'no-site'),
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    const passwordHash = await createPasswordHasher().hash(ADMIN.password);
    const { adminId, people } = await seedPeople(database.db, passwordHash);

    const app = await buildApp(config, { database });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const json = async (method, url, body, token) => {
        const response = await fetch(`${base}/api${url}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
        return text ? JSON.parse(text) : undefined;
      };
      const token = (await json('POST', '/auth/login', ADMIN)).data.access_token;
      for (const [n, userId] of people.entries()) {
        await json(
          'POST',
          '/cost-rates',
          { userId, rate: { amount: 3000 + n * 175, currency: 'GBP' }, validFrom: '2025-01-01' },
          token,
        );
      }
      const importFile = async (projectId, csv, dryRun) => {
        const form = new FormData();
        form.append('file', new Blob([csv], { type: 'text/csv' }), 'costs.csv');
        const start = performance.now();
        const response = await fetch(
          `${base}/api/projects/${projectId}/costs/import?dryRun=${dryRun}`,
          { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
        );
        const body = await response.json();
        const ms = performance.now() - start;
        if (response.status !== (dryRun ? 200 : 201)) {
          throw new Error(`import (dryRun=${dryRun}): ${response.status} ${JSON.stringify(body)}`);
        }
        return { ms, result: body.data };
      };

      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const csv = costFile(20261125 + run);
        const project = (
          await json(
            'POST',
            '/projects',
            {
              code: `BENCH-${run + 1}`,
              name: `Import bench ${run + 1}`,
              client: 'Bench',
              currency: 'GBP',
              startDate: '2026-01-01',
              endDate: '2026-12-31',
              ownerId: adminId,
              budget: { amount: 100_000_000_00, currency: 'GBP' },
            },
            token,
          )
        ).data;
        const dry = await importFile(project.id, csv, true);
        const commit = await importFile(project.id, csv, false);
        const detail = (await json('GET', `/projects/${project.id}`, undefined, token)).data;
        if (
          commit.result.validCount !== ROWS ||
          detail.costCount !== ROWS ||
          detail.actual.amount !== commit.result.total.amount
        ) {
          throw new Error(
            `run ${run + 1}: ${commit.result.validCount} rows recorded, project shows ${detail.costCount}`,
          );
        }
        runs.push({
          bytes: Buffer.byteLength(csv),
          dryRunMs: dry.ms,
          commitMs: commit.ms,
          totalMinor: commit.result.total.amount,
        });
      }
      return { label, runs };
    } finally {
      await app.close();
    }
  } finally {
    await database.db.destroy();
  }
}

async function withPg(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function print({ label, runs }) {
  console.log(
    `\n${label}: ${ROWS.toLocaleString('en')} rows (${(runs[0].bytes / 1e6).toFixed(2)} MB) over HTTP, ${runs.length} runs`,
  );
  console.log(`${'run'.padEnd(6)} ${'dry run ms'.padStart(12)} ${'commit ms'.padStart(12)}`);
  for (const [i, r] of runs.entries()) {
    console.log(
      `${String(i + 1).padEnd(6)} ${r.dryRunMs.toFixed(0).padStart(12)} ${r.commitMs.toFixed(0).padStart(12)}`,
    );
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-bench-imports-'));
const reports = [];
try {
  reports.push(await benchEngine('SQLite', `sqlite:${path.join(dir, 'bench.db')}`, dir));
  print(reports.at(-1));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `staff_admin_bench_${randomBytes(6).toString('hex')}`;
    await withPg(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      reports.push(await benchEngine('PostgreSQL', url.toString(), dir));
      print(reports.at(-1));
    } finally {
      await withPg(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    }
  } else {
    console.log('\nTEST_DATABASE_URL is not set: PostgreSQL is not measured.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Last line of stdout: the figures for `npm run bench` (bench/lib/imports.mjs reads it).
const engineKey = { SQLite: 'sqlite', PostgreSQL: 'postgres' };
const engines = Object.fromEntries(
  reports.map((r) => [
    engineKey[r.label],
    {
      rows: ROWS,
      bytes: r.runs[0].bytes,
      dryRunMs: r.runs.map((run) => run.dryRunMs),
      commitMs: r.runs.map((run) => run.commitMs),
    },
  ]),
);
console.log(`\n${JSON.stringify({ engines })}`);
