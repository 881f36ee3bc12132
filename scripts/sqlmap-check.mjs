// Runs sqlmap (Debian's package) against the search and login parameters of the built server, on
// SQLite and, when TEST_DATABASE_URL is set, PostgreSQL. Exits non-zero if sqlmap reports an
// injection point or cannot run. Used by .ci/run after `npm run build`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { API_SERVER_ARGS } from '../apps/api/server-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = { email: 'sqlmap-admin@company.test', password: 'Kestrel!2345pass' };

function sqlmapAvailable() {
  return spawnSync('sqlmap', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** A port nothing listens on right now, from the system. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(String(port)));
    });
    probe.on('error', reject);
  });
}

async function waitForHealth(base) {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

function runSqlmap(label, args, workDir) {
  const result = spawnSync(
    'sqlmap',
    [
      '--batch',
      '--flush-session',
      '--disable-coloring',
      '--level=2',
      '--risk=1',
      '--technique=BEUST',
      '--time-sec=2',
      `--output-dir=${workDir}`,
      ...args,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const output = `${result.stdout}${result.stderr}`;
  const injectable =
    /identified the following injection point|is vulnerable|parameter '.*' is .*injectable/i.test(
      output.replace(/might (not )?be injectable/gi, ''),
    );
  const ran = /testing (connection to the target URL|if the target URL content is stable)/i.test(
    output,
  );
  console.log(
    `${label}: ${!ran ? 'DID NOT RUN' : injectable ? 'INJECTION FOUND' : 'no injection'}`,
  );
  if (!ran || injectable || process.env.SQLMAP_VERBOSE)
    console.log(output.split('\n').slice(-40).join('\n'));
  return ran && !injectable;
}

async function checkEngine(engine, databaseUrl) {
  const dir = mkdtempSync(join(tmpdir(), `staff-admin-sqlmap-${engine}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, API_SERVER_ARGS, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      INIT_CWD: dir,
      PORT: port,
      DATABASE_URL: databaseUrl ?? `sqlite:${dir}/db.sqlite`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_FAILURES_BEFORE_LOCK: '1000000',
      FORGOT_PASSWORD_PER_HOUR: '1000000',
      LOG_LEVEL: 'fatal',
    },
  });
  try {
    await waitForHealth(base);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = (await login.json()).data.access_token;
    const results = [
      runSqlmap(
        `${engine}: GET /api/users search`,
        [
          '-u',
          `${base}/api/users?search=ann&sortBy=email&sortDirection=ASC`,
          '-p',
          'search,sortBy,sortDirection',
          `--headers=Authorization: Bearer ${token}`,
        ],
        dir,
      ),
      runSqlmap(
        `${engine}: POST /api/auth/login`,
        [
          '-u',
          `${base}/api/auth/login`,
          '--method=POST',
          `--data=${JSON.stringify({ email: ADMIN.email, password: 'Wrong!pass123' })}`,
          '--headers=Content-Type: application/json',
          // Unknown emails answer 404 by contract; that is an answer, not a missing page.
          '--ignore-code=404',
          '-p',
          'email,password',
        ],
        dir,
      ),
    ];
    return results.every(Boolean);
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withPostgresDatabase(fn) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `sqlmap_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  }
}

if (!sqlmapAvailable()) {
  console.error(
    'sqlmap is not installed (Debian: apt-get install sqlmap): the injection scan cannot run',
  );
  process.exit(1);
}
let ok = await checkEngine('sqlite');
if (process.env.TEST_DATABASE_URL) {
  ok = (await withPostgresDatabase((url) => checkEngine('postgres', url))) && ok;
} else {
  console.log('!!! TEST_DATABASE_URL is not set: sqlmap did NOT scan PostgreSQL !!!');
}
process.exit(ok ? 0 : 1);
