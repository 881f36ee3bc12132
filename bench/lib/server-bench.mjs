import { assertClean, runLoad } from './load.mjs';
import { median } from './stats.mjs';

/**
 * @typedef {object} LoadSettings
 * @property {number} runs
 * @property {number} durationSec
 * @property {number} warmupSec
 */

/** Connections of the throughput loads, the same for the reference and the profile route. */
const THROUGHPUT_CONNECTIONS = 10;
/** The login figure: 4 sign-ins at once. */
const LOGIN_CONNECTIONS = 4;
/** The /api/health probe beside the login load: paced, so it measures waiting, not saturation. */
const HEALTH_PROBE = { connections: 2, overallRate: 100 };

/** @param {import('./load.mjs').LoadResult[]} results */
function summarize(results) {
  return {
    rps: median(results.map((r) => r.rps)),
    p50Ms: median(results.map((r) => r.p50Ms)),
    p99Ms: median(results.map((r) => r.p99Ms)),
    runs: results,
  };
}

/**
 * The median over runs of `measured[i][key] / reference[i][key]`.
 * @param {import('./load.mjs').LoadResult[]} measured
 * @param {import('./load.mjs').LoadResult[]} reference
 * @param {'rps' | 'p50Ms' | 'p99Ms'} key
 */
function pairedRatio(measured, reference, key) {
  return median(measured.map((run, i) => run[key] / (reference[i]?.[key] ?? Number.NaN)));
}

/**
 * Reference and profile loads alternate, run after run, so both see the same machine; each ratio
 * is the median of the per-pair ratios.
 * @param {object} options
 * @param {string} options.referenceUrl
 * @param {string} options.profileUrl
 * @param {string} options.accessToken
 * @param {LoadSettings} options.settings
 * @param {(line: string) => void} options.log
 */
export async function measureThroughput({ referenceUrl, profileUrl, accessToken, settings, log }) {
  const reference = { url: referenceUrl, connections: THROUGHPUT_CONNECTIONS };
  const profile = {
    url: profileUrl,
    connections: THROUGHPUT_CONNECTIONS,
    headers: { authorization: `Bearer ${accessToken}` },
  };
  log(`warm-up: ${settings.warmupSec} s each`);
  assertClean(
    'reference warm-up',
    await runLoad({ ...reference, durationSec: settings.warmupSec }),
  );
  assertClean('profile warm-up', await runLoad({ ...profile, durationSec: settings.warmupSec }));

  /** @type {import('./load.mjs').LoadResult[]} */
  const referenceRuns = [];
  /** @type {import('./load.mjs').LoadResult[]} */
  const profileRuns = [];
  for (let run = 1; run <= settings.runs; run += 1) {
    const ref = await runLoad({ ...reference, durationSec: settings.durationSec });
    assertClean('reference', ref);
    const prof = await runLoad({ ...profile, durationSec: settings.durationSec });
    assertClean('GET /api/users/profile', prof);
    referenceRuns.push(ref);
    profileRuns.push(prof);
    log(
      `run ${run}/${settings.runs}: reference ${Math.round(ref.rps)} req/s, profile ${Math.round(prof.rps)} req/s`,
    );
  }
  return {
    connections: THROUGHPUT_CONNECTIONS,
    reference: summarize(referenceRuns),
    profile: summarize(profileRuns),
    profileRatio: pairedRatio(profileRuns, referenceRuns, 'rps'),
    profileP50Ratio: pairedRatio(profileRuns, referenceRuns, 'p50Ms'),
    profileP99Ratio: pairedRatio(profileRuns, referenceRuns, 'p99Ms'),
  };
}

/**
 * Sign-ins at 4 connections while a paced probe measures /api/health; before each run the probe
 * also runs alone, so the table shows what the login load adds.
 * @param {object} options
 * @param {string} options.apiUrl
 * @param {{ email: string, password: string }} options.credentials
 * @param {LoadSettings} options.settings
 * @param {(line: string) => void} options.log
 */
export async function measureLoginUnderLoad({ apiUrl, credentials, settings, log }) {
  const login = {
    url: `${apiUrl}/api/auth/login`,
    method: /** @type {const} */ ('POST'),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
    connections: LOGIN_CONNECTIONS,
  };
  const health = { url: `${apiUrl}/api/health`, ...HEALTH_PROBE };
  assertClean('login warm-up', await runLoad({ ...login, durationSec: settings.warmupSec }));

  /** @type {import('./load.mjs').LoadResult[]} */
  const loginRuns = [];
  /** @type {import('./load.mjs').LoadResult[]} */
  const healthRuns = [];
  /** @type {import('./load.mjs').LoadResult[]} */
  const idleHealthRuns = [];
  for (let run = 1; run <= settings.runs; run += 1) {
    const idle = await runLoad({ ...health, durationSec: settings.warmupSec });
    assertClean('/api/health alone', idle);
    const [signIns, probe] = await Promise.all([
      runLoad({ ...login, durationSec: settings.durationSec }),
      runLoad({ ...health, durationSec: settings.durationSec }),
    ]);
    assertClean('POST /api/auth/login', signIns);
    assertClean('/api/health during the login load', probe);
    idleHealthRuns.push(idle);
    loginRuns.push(signIns);
    healthRuns.push(probe);
    log(
      `run ${run}/${settings.runs}: login p99 ${signIns.p99Ms.toFixed(1)} ms (${Math.round(signIns.rps)}/s), health p99 ${probe.p99Ms.toFixed(1)} ms (alone ${idle.p99Ms.toFixed(1)} ms)`,
    );
  }
  const logins = summarize(loginRuns);
  return {
    connections: LOGIN_CONNECTIONS,
    healthProbe: HEALTH_PROBE,
    rps: logins.rps,
    p50Ms: logins.p50Ms,
    p99Ms: logins.p99Ms,
    healthP50Ms: median(healthRuns.map((r) => r.p50Ms)),
    healthP99Ms: median(healthRuns.map((r) => r.p99Ms)),
    healthAloneP99Ms: median(idleHealthRuns.map((r) => r.p99Ms)),
    runs: { login: loginRuns, health: healthRuns, healthAlone: idleHealthRuns },
  };
}
