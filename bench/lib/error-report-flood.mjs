import { assertClean, runLoad } from './load.mjs';
import { median } from './stats.mjs';

/** Clients of the flood: a small botnet, each with its own address. */
export const FLOOD_ADDRESSES = 20;
/** The per-IP limit the bench server runs with (ERROR_REPORTS_PER_MINUTE, as shipped). */
export const REPORTS_PER_MINUTE = 30;

/**
 * Bodies the flood cycles through: the report of issue 32 (a stack of "token-" 1,333 times, 12 s
 * of one core before its fix), attack strings on the scrubber's other patterns at the stack's
 * limit of 8,000 characters, and a report whose message is new each time (a new group each).
 * @param {number} index
 */
function floodBody(index) {
  const stacks = [
    'token-'.repeat(1333),
    `Y${'-N'.repeat(3999)}`,
    `${'A+'.repeat(3999)}@`,
    'eyJ-'.repeat(2000),
    `${'token '.repeat(1333)}=`,
  ];
  const stack = stacks[index % (stacks.length + 1)];
  return JSON.stringify({
    kind: 'error',
    type: 'Error',
    message: stack === undefined ? `x ${index}` : 'x',
    ...(stack === undefined ? {} : { stack }),
    url: '/',
  });
}

/**
 * Each address sends one more report than the per-IP limit allows in a minute, one after the
 * other as fast as the server answers: the most a client may do, at once. The bench is the
 * server's proxy (TRUST_PROXY), so X-Forwarded-For names the address.
 * @param {string} apiUrl
 * @param {string} prefix the run's first two octets, so that every run has fresh addresses
 */
async function flood(apiUrl, prefix) {
  /** @type {Record<number, number>} */
  const statuses = {};
  const client = async (/** @type {number} */ address) => {
    for (let sent = 0; sent <= REPORTS_PER_MINUTE; sent += 1) {
      const response = await fetch(`${apiUrl}/api/monitoring/error-reports`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `${prefix}.${Math.floor(address / 250)}.${(address % 250) + 1}`,
        },
        body: floodBody(address * (REPORTS_PER_MINUTE + 1) + sent),
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: FLOOD_ADDRESSES }, (_, address) => client(address)));
  const floodMs = performance.now() - started;
  const accepted = statuses[202] ?? 0;
  const limited = statuses[429] ?? 0;
  if (accepted !== FLOOD_ADDRESSES * REPORTS_PER_MINUTE || limited !== FLOOD_ADDRESSES) {
    throw new Error(`the flood was not answered as the limit says: ${JSON.stringify(statuses)}`);
  }
  return { accepted, limited, floodMs };
}

/**
 * /api/health, probed as in the login section, alone and then while anonymous clients flood
 * POST /api/monitoring/error-reports within the per-IP limit (issue 32: one such report held the
 * server 12 s).
 * @param {object} options
 * @param {string} options.apiUrl
 * @param {{ connections: number, overallRate: number }} options.probe
 * @param {import('./server-bench.mjs').LoadSettings} options.settings
 * @param {(line: string) => void} options.log
 */
export async function measureErrorReportFlood({ apiUrl, probe, settings, log }) {
  const health = { url: `${apiUrl}/api/health`, ...probe };
  /** @type {import('./load.mjs').LoadResult[]} */
  const alone = [];
  /** @type {import('./load.mjs').LoadResult[]} */
  const during = [];
  /** @type {Awaited<ReturnType<typeof flood>>[]} */
  const floods = [];
  for (let run = 1; run <= settings.runs; run += 1) {
    const idle = await runLoad({ ...health, durationSec: settings.warmupSec });
    assertClean('/api/health alone', idle);
    const [reports, probed] = await Promise.all([
      flood(apiUrl, `10.${run}`),
      runLoad({ ...health, durationSec: settings.durationSec }),
    ]);
    assertClean('/api/health during the error-report flood', probed);
    alone.push(idle);
    during.push(probed);
    floods.push(reports);
    log(
      `run ${run}/${settings.runs}: ${reports.accepted} reports in ${Math.round(reports.floodMs)} ms, health p99 ${probed.p99Ms.toFixed(1)} ms (alone ${idle.p99Ms.toFixed(1)} ms)`,
    );
  }
  return {
    addresses: FLOOD_ADDRESSES,
    reportsPerMinute: REPORTS_PER_MINUTE,
    healthProbe: probe,
    accepted: median(floods.map((f) => f.accepted)),
    limited: median(floods.map((f) => f.limited)),
    floodMs: median(floods.map((f) => f.floodMs)),
    healthP50Ms: median(during.map((r) => r.p50Ms)),
    healthP99Ms: median(during.map((r) => r.p99Ms)),
    healthAloneP99Ms: median(alone.map((r) => r.p99Ms)),
    runs: { floods, health: during, healthAlone: alone },
  };
}
