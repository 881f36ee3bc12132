import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_ADMIN, databaseFile, signIn, startApiServer } from './api-server.mjs';
import { runLoad } from './load.mjs';
import { rssBytes } from './memory.mjs';
import { people, seedOurPeople } from './people.mjs';
import { percentile } from './stats.mjs';

/** The load's connections, as the throughput section's. */
const CONNECTIONS = 10;
/** One /api/health call this often, beside the load. */
const PROBE_INTERVAL_MS = 1_000;

/**
 * Calls `url` every PROBE_INTERVAL_MS until stopped; each call's status (0: no answer) and time.
 * @param {string} url
 */
function startHealthProbe(url) {
  /** @type {{ status: number, ms: number }[]} */
  const calls = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const status = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      calls.push({ status, ms: performance.now() - started });
      await sleep(PROBE_INTERVAL_MS);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return calls;
    },
  };
}

/**
 * The soak (issue 31): the built server, on the Node running the bench, under the profile and
 * search load for `durationSec` (5 minutes by default) with 10,000 people, while /api/health is
 * called once a second. It must stay up and answer every health call.
 * @param {object} options
 * @param {string} options.root
 * @param {number} options.durationSec
 * @param {(line: string) => void} options.log
 */
export async function measureSoak({ root, durationSec, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-admin-bench-soak-'));
  const api = await startApiServer({ root, dataDir });
  try {
    seedOurPeople(databaseFile(dataDir), people());
    const tokens = await signIn(api.url, BENCH_ADMIN);
    const rssStartBytes = rssBytes(api.pid);
    log(`${durationSec} s of profile and search calls at ${CONNECTIONS} connections`);
    const probe = startHealthProbe(`${api.url}/api/health`);
    const load = await runLoad({
      url: api.url,
      connections: CONNECTIONS,
      durationSec,
      headers: { authorization: `Bearer ${tokens.access_token}` },
      requests: [
        { method: 'GET', path: '/api/users/profile' },
        { method: 'GET', path: '/api/users?search=son&limitPerPage=10&page=2' },
      ],
    });
    const health = await probe.stop();
    const exit = api.exit();
    const healthMs = health.map((call) => call.ms);
    const result = {
      node: process.version,
      durationSec: load.durationSec,
      passes: load.requests,
      passesPerSecond: load.rps,
      passP99Ms: load.p99Ms,
      failedCalls: load.non2xx + load.errors,
      healthCalls: health.length,
      healthFailures: health.filter((call) => call.status !== 200).length,
      healthP99Ms: percentile(healthMs, 99),
      healthMaxMs: Math.max(...healthMs),
      serverExit: exit ?? 'still running',
      serverDown: exit === undefined ? 0 : 1,
      rssStartBytes,
      rssEndBytes: exit === undefined ? rssBytes(api.pid) : undefined,
    };
    log(
      `${result.passes} passes (profile + search), ${result.failedCalls} calls failed; ` +
        `health ${result.healthCalls - result.healthFailures}/${result.healthCalls} answered, server ${result.serverExit}`,
    );
    return result;
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
