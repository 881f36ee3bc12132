import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { BENCH_ADMIN, postJson, signIn } from './api-server.mjs';
import { builtServerStarter, NGINX_SITE_FILE, startCluster } from './cluster.mjs';
import {
  checkSharedLockout,
  checkSharedRateLimit,
  RATE_LIMIT_PER_MINUTE,
} from './cluster-limits.mjs';
import { runLoad } from './load.mjs';
import { runMixedLoad } from './mixed-load.mjs';
import { startSmtpSink } from './smtp-sink.mjs';
import { median, percentile, round } from './stats.mjs';

/** The load's concurrent callers. */
const WORKERS = 8;
/** How long the killed process stays down before it is started again. */
const DOWN_SEC = 5;
/**
 * After the restarted process is ready, nginx may still wait this long before it sends it
 * requests again: the `fail_timeout` of deploy/nginx/staff-admin.conf, the configuration the
 * cluster runs.
 */
const PROXY_FAIL_TIMEOUT_SEC = Number(
  /fail_timeout=(\d+)s/.exec(readFileSync(NGINX_SITE_FILE, 'utf8'))?.[1] ??
    fail(`no fail_timeout=<seconds>s in ${NGINX_SITE_FILE}`),
);
/** The throughput runs: profile calls through the proxy at this many connections. */
const PROFILE_CONNECTIONS = 16;
const PROFILE_WARMUP_SEC = 2;
const PROFILE_SEC = 5;
/**
 * One process, then two, this many times; each figure is the median of its runs. Taking turns
 * keeps a change in the machine's other load from landing on one of the two alone.
 */
const PROFILE_ROUNDS = 3;
const DRAIN_TIMEOUT_MS = 60_000;

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(message);
}

/**
 * The settings every process of the soak's cluster shares: one PostgreSQL database, one Redis,
 * one SMTP server; mail polled and retried quickly so the outbox drains soon after the load;
 * upload caps out of the load's way; sign-in limits low enough that the checks can hit them.
 * @param {{ databaseUrl: string, redisUrl: string, smtpUrl: string }} services
 */
function clusterEnv({ databaseUrl, redisUrl, smtpUrl }) {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `staff-admin-bench:${randomBytes(6).toString('hex')}:`,
    SMTP_URL: smtpUrl,
    MAIL_POLL_INTERVAL: '200ms',
    MAIL_RETRY_BASE: '500ms',
    MAIL_RETRY_MAX: '2s',
    // A mail claimed by the killed process is claimed again after this.
    MAIL_LEASE: '10s',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ACCESS_TOKEN_TTL: '1h',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
    LOGIN_FAILURES_BEFORE_LOCK: '5',
    UPLOADS_PER_MINUTE: '1000000',
    UPLOAD_UNUSED_MAX_FILES: '1000000',
    UPLOAD_UNUSED_MAX_BYTES: String(1e12),
    // Every process sees every picture with no shared folder (each has its own UPLOAD_DIR).
    UPLOAD_STORAGE: 'database',
  };
}

/**
 * A small PNG of noise, made with the server's own sharp.
 * @param {string} root
 */
function smallPng(root) {
  const sharp = createRequire(join(root, 'apps/api/package.json'))('sharp');
  const side = 64;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * The profile call through a cluster's proxy: a load of PROFILE_SEC after a warm-up, each time.
 * @param {string} url
 */
async function profileLoad(url) {
  const tokens = await signIn(url, BENCH_ADMIN);
  const load = {
    url: `${url}/api/users/profile`,
    headers: { authorization: `Bearer ${tokens.access_token}` },
    connections: PROFILE_CONNECTIONS,
  };
  return async () => {
    await runLoad({ ...load, durationSec: PROFILE_WARMUP_SEC });
    return runLoad({ ...load, durationSec: PROFILE_SEC });
  };
}

/**
 * The profile call's throughput through nginx with one process and with two, in turns.
 * @param {string} oneUrl
 * @param {string} twoUrl
 */
async function profileThroughput(oneUrl, twoUrl) {
  const oneLoad = await profileLoad(oneUrl);
  const twoLoad = await profileLoad(twoUrl);
  /** @type {import('./load.mjs').LoadResult[]} */
  const oneRuns = [];
  /** @type {import('./load.mjs').LoadResult[]} */
  const twoRuns = [];
  for (let turn = 0; turn < PROFILE_ROUNDS; turn += 1) {
    oneRuns.push(await oneLoad());
    twoRuns.push(await twoLoad());
  }
  const summary = (/** @type {import('./load.mjs').LoadResult[]} */ runs) => ({
    rps: round(median(runs.map((run) => run.rps)), 0),
    runsRps: runs.map((run) => round(run.rps, 0)),
    p99Ms: round(median(runs.map((run) => run.p99Ms)), 1),
    failed: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
  });
  const one = summary(oneRuns);
  const two = summary(twoRuns);
  return { oneProcess: one, twoProcesses: two, ratio: round(two.rps / one.rps, 2) };
}

/**
 * @param {import('./mixed-load.mjs').CallRecord[]} calls
 * @param {number} from ms
 * @param {number} to ms
 */
function latencyBetween(calls, from, to) {
  const ms = calls.filter((c) => c.at >= from && c.at < to && c.status >= 200 && c.status < 300);
  return ms.length === 0
    ? { calls: 0 }
    : {
        calls: ms.length,
        p99Ms: round(
          percentile(
            ms.map((c) => c.ms),
            99,
          ),
          1,
        ),
      };
}

/**
 * Failed calls (no answer, or not 2xx) by the second they started in, relative to the kill.
 * @param {import('./mixed-load.mjs').CallRecord[]} calls
 * @param {number} killAt
 */
function failuresBySecond(calls, killAt) {
  /** @type {Record<string, Record<string, number>>} */
  const seconds = {};
  for (const call of calls) {
    if (call.status >= 200 && call.status < 300) continue;
    const second = String(Math.floor((call.at - killAt) / 1000));
    const bucket = (seconds[second] ??= {});
    const key = `${call.op} ${call.status || 'no answer'}`;
    bucket[key] = (bucket[key] ?? 0) + 1;
  }
  return seconds;
}

/**
 * Waits until no mail of the outbox is waiting or claimed: every one was sent (or given up).
 * @param {pg.Client} client
 */
async function drainOutbox(client) {
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL OR claim_id IS NOT NULL',
    );
    if (rows[0].n === 0) return;
    if (performance.now() > deadline) {
      throw new Error(
        `${rows[0].n} mails still unsent ${DRAIN_TIMEOUT_MS / 1000} s after the load`,
      );
    }
    await sleep(200);
  }
}

/**
 * The multi-process soak (issue 38): two API processes on one PostgreSQL database and one Redis
 * behind nginx, under a mixed load for `durationSec`; one process is killed with SIGKILL half-way
 * and started again DOWN_SEC later. Before it, the profile call's throughput through nginx with
 * one process and with two.
 * @param {{ root: string, durationSec: number, log: (line: string) => void }} options
 */
export async function measureClusterSoak({ root, durationSec, log }) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!serverUrl) throw new Error('the cluster soak needs PostgreSQL: set TEST_DATABASE_URL');
  if (!redisUrl) throw new Error('the cluster soak needs Redis: set TEST_REDIS_URL');
  const name = `staff_admin_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const db = new pg.Client({ connectionString: databaseUrl });
  let dbConnected = false;
  const dir = mkdtempSync(join(tmpdir(), 'staff-admin-bench-cluster-'));
  const smtp = await startSmtpSink(root);
  /** @type {Array<() => Promise<void>>} */
  const stops = [];
  try {
    const env = clusterEnv({ databaseUrl, redisUrl, smtpUrl: smtp.url });
    // Each process gets its own UPLOAD_DIR from the harness; pictures live in the database.
    const start = builtServerStarter({
      root,
      dataDir: dir,
      authSecret: randomBytes(48).toString('base64url'),
    });

    log(
      `profile throughput through nginx: one process, then two, ${PROFILE_ROUNDS} times ` +
        `(${PROFILE_CONNECTIONS} connections, ${PROFILE_SEC} s each)`,
    );
    const single = await startCluster({ start, env, processes: 1 });
    stops.push(single.stop);
    const cluster = await startCluster({ start, env, processes: 2 });
    stops.push(cluster.stop);
    const profile = await profileThroughput(single.url, cluster.url);
    await single.stop();
    stops.splice(stops.indexOf(single.stop), 1);
    log(
      `profile: ${profile.oneProcess.rps} req/s with one process, ${profile.twoProcesses.rps} with two`,
    );

    await db.connect();
    dbConnected = true;
    const tokens = await signIn(cluster.url, BENCH_ADMIN);
    const me = await fetch(`${cluster.url}/api/users/profile`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    }).then((response) => /** @type {Promise<any>} */ (response.json()));
    const project = await postJson(cluster.url, '/api/projects', {
      accessToken: tokens.access_token,
      body: {
        code: 'SOAK-1',
        name: 'Soak',
        client: 'Bench',
        currency: 'EUR',
        startDate: '2026-01-01',
        ownerId: me.data.id,
        budget: { amount: 100_000_000, currency: 'EUR' },
      },
    });
    const [first, second] = cluster.processes;
    if (!first || !second) throw new Error('the cluster has fewer than two processes');

    log(
      `${durationSec} s of mixed load at ${WORKERS} callers; SIGKILL to process 2 at ${Math.round(durationSec / 2)} s, restarted ${DOWN_SEC} s later`,
    );
    const startedAt = performance.now();
    const sinceStart = () => performance.now() - startedAt;
    const timeline = (async () => {
      await sleep(durationSec * 500);
      const killAt = sinceStart();
      await second.kill('SIGKILL');
      await sleep(Math.max(0, killAt + DOWN_SEC * 1000 - sinceStart()));
      const restartAt = sinceStart();
      await second.restart();
      return { killAt, restartAt, readyAt: sinceStart() };
    })();
    const load = await runMixedLoad({
      url: cluster.url,
      accessToken: tokens.access_token,
      credentials: BENCH_ADMIN,
      projectId: project.id,
      currency: 'EUR',
      png: await smallPng(root),
      workers: WORKERS,
      durationSec,
      startedAt,
    });
    const { killAt, restartAt, readyAt } = await timeline;
    const windowEnd = readyAt + PROXY_FAIL_TIMEOUT_SEC * 1000;

    log('checking: limits across processes, the outbox, the cost entries');
    const lockout = await checkSharedLockout({
      first,
      second,
      accessToken: tokens.access_token,
      smtp,
    });
    const rateLimit = await checkSharedRateLimit({ first, second });
    await drainOutbox(db);
    const counts = load.invited.map((email) => smtp.count(email));
    const { rows } = await db.query('SELECT id FROM cost_entries WHERE project_id = $1', [
      project.id,
    ]);
    const stored = new Set(rows.map((row) => row.id));

    const duplicated = load.invited.filter((email) => smtp.count(email) > 1);
    const { rows: duplicatedRows } = await db.query(
      'SELECT recipient, attempts, last_error FROM mail_outbox WHERE recipient = ANY($1)',
      [duplicated],
    );
    const failed = load.calls.filter((c) => c.status < 200 || c.status >= 300);
    const result = {
      durationSec: round(load.durationSec, 1),
      workers: WORKERS,
      calls: load.calls.length,
      callsPerSecond: round(load.calls.length / load.durationSec, 0),
      byOperation: Object.fromEntries(
        [...new Set(load.calls.map((c) => c.op))].map((op) => [
          op,
          load.calls.filter((c) => c.op === op).length,
        ]),
      ),
      killAtSec: round(killAt / 1000, 1),
      restartedAtSec: round(restartAt / 1000, 1),
      readyAfterKillSec: round((readyAt - killAt) / 1000, 1),
      proxyFailTimeoutSec: PROXY_FAIL_TIMEOUT_SEC,
      pictures: 'database',
      failedCalls: failed.length,
      // A call in flight at the kill is a failure around it; one that ended before it is not.
      failuresBeforeKill: failed.filter((c) => c.at + c.ms < killAt).length,
      failuresAfterWindow: failed.filter((c) => c.at >= windowEnd).length,
      failuresBySecondFromKill: failuresBySecond(load.calls, killAt),
      p99: {
        before: latencyBetween(load.calls, 0, killAt),
        during: latencyBetween(load.calls, killAt, windowEnd),
        after: latencyBetween(load.calls, windowEnd, Infinity),
      },
      invitationsAccepted: load.invited.length,
      mailsLost: counts.filter((n) => n === 0).length,
      mailsDuplicated: counts.filter((n) => n > 1).length,
      // The outbox rows of the mails that came twice: a kill between the relay's acceptance and
      // the row's marking as sent leaves the mail claimed, and it is sent again after MAIL_LEASE.
      duplicatedMails: duplicatedRows,
      costEntriesAccepted: load.costIds.length,
      costEntriesLost: load.costIds.filter((id) => !stored.has(id)).length,
      lockoutShared: lockout,
      rateLimitShared: rateLimit,
      limitsNotShared: (lockout.shared ? 0 : 1) + (rateLimit.shared ? 0 : 1),
      profile,
    };
    log(
      `${result.calls} calls, ${result.failedCalls} failed (${result.failuresBeforeKill} before the kill, ` +
        `${result.failuresAfterWindow} after kill + restart + ${PROXY_FAIL_TIMEOUT_SEC} s); ` +
        `mail ${result.mailsLost} lost, ${result.mailsDuplicated} twice of ${result.invitationsAccepted}; ` +
        `cost entries ${result.costEntriesLost} lost of ${result.costEntriesAccepted}`,
    );
    return result;
  } finally {
    for (const stop of stops.reverse()) await stop();
    await smtp.stop();
    if (dbConnected) await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
