// The per-engine scaffolding of the benches that seed their own databases (search, monitoring,
// budgeting, bulk): each measures a fresh SQLite file and, when TEST_DATABASE_URL is set, a fresh
// PostgreSQL database dropped afterwards, then prints its figures as the last line of stdout for
// `npm run bench` (bench/lib/bench-script.mjs reads it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** @typedef {'sqlite' | 'postgres'} EngineKey */

/**
 * Runs `bench` on each engine, one after the other, and prints each report with `print` as it
 * comes. `env` is what the bench's app is configured from (its loadConfig input).
 * @template {object} Report
 * @param {string} tmpPrefix the temporary folder's name prefix
 * @param {(label: string, env: Record<string, string>) => Promise<Report>} bench
 * @param {(report: Report) => void} print
 * @returns {Promise<Partial<Record<EngineKey, Report>>>}
 */
export async function benchOnEachEngine(tmpPrefix, bench, print) {
  const dir = mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  /** @type {Partial<Record<EngineKey, Report>>} */
  const reports = {};
  try {
    reports.sqlite = await bench('SQLite', appEnv(`sqlite:${path.join(dir, 'bench.db')}`, dir));
    print(reports.sqlite);
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const name = `staff_admin_bench_${randomBytes(6).toString('hex')}`;
      await withPg(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
      try {
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        reports.postgres = await bench('PostgreSQL', appEnv(url.toString(), dir));
        print(reports.postgres);
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
  return reports;
}

/**
 * Prints `{ engines: { sqlite?, postgres? } }` as the last line of stdout, each engine's figures
 * taken from its report by `figures`.
 * @template {object} Report
 * @param {Partial<Record<EngineKey, Report>>} reports
 * @param {(report: Report) => unknown} figures
 */
export function printEngineFigures(reports, figures) {
  const engines = Object.fromEntries(
    Object.entries(reports).map(([engine, report]) => [engine, figures(report)]),
  );
  console.log(`\n${JSON.stringify({ engines })}`);
}

/**
 * The app of a bench: production mode, no log, no site, a fresh secret.
 * @param {string} databaseUrl
 * @param {string} dir
 */
function appEnv(databaseUrl, dir) {
  return {
    NODE_ENV: 'production',
    INIT_CWD: dir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dir, 'no-site'),
  };
}

/**
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} work
 */
async function withPg(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
