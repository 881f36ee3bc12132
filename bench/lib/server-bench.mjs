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
export const HEALTH_PROBE = { connections: 2, overallRate: 100 };
/**
 * Recovery codes at hand before each two-step load, per sign-in the fastest rate seen so far
 * would make in it. A two-step sign-in makes the password call and more, so the password-only
 * load is a first estimate; the margin covers a shared machine that gets quieter.
 */
const SECOND_STEP_CODE_MARGIN = 2;

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
 * @typedef {{ email: string, password: string, code: string }} RecoveryCode
 * @typedef {object} RecoveryCodePool
 * @property {(accounts: import('./two-step.mjs').TwoStepAccount[]) => void} add
 * @property {() => RecoveryCode} take the next unused code
 * @property {() => number} remaining
 * @property {() => number} accounts
 */

/**
 * Unused recovery codes, handed out once each. Each batch of accounts is added first codes
 * first, so sign-ins in flight at once are different people's.
 * @returns {RecoveryCodePool}
 */
function recoveryCodePool() {
  /** @type {RecoveryCode[]} */
  const codes = [];
  let accounts = 0;
  let next = 0;
  return {
    add(batch) {
      accounts += batch.length;
      const ranked = batch.flatMap(({ email, password, recoveryCodes }) =>
        recoveryCodes.map((code, rank) => ({ rank, code: { email, password, code } })),
      );
      codes.push(...ranked.sort((a, b) => a.rank - b.rank).map(({ code }) => code));
    },
    take() {
      const code = codes[next];
      // runLoad's maxOverallRequests keeps every load within the codes at hand.
      if (!code) throw new Error('no recovery code left');
      next += 1;
      return code;
    },
    remaining: () => codes.length - next,
    accounts: () => accounts,
  };
}

/**
 * One two-step sign-in as a sequence for runLoad: the password call with the next account, then
 * the second-step call with the challenge it answered and that account's recovery code.
 * @param {RecoveryCodePool} pool
 * @returns {import('autocannon').Request[]}
 */
function twoStepSignIn(pool) {
  const headers = { 'content-type': 'application/json' };
  /** @typedef {{ code?: string, challenge?: string }} SignInContext */
  return [
    {
      method: 'POST',
      path: '/api/auth/login',
      headers,
      setupRequest: (request, context) => {
        const { email, password, code } = pool.take();
        /** @type {SignInContext} */ (context).code = code;
        return { ...request, body: JSON.stringify({ email, password }) };
      },
      onResponse: (status, body, context) => {
        // Anything but a challenge leaves it empty: the second step is then refused (400).
        /** @type {SignInContext} */ (context).challenge =
          status === 200 ? (JSON.parse(body)?.data?.second_step?.challenge_token ?? '') : '';
      },
    },
    {
      method: 'POST',
      path: '/api/auth/login/second-step',
      headers,
      setupRequest: (request, context) => {
        const { challenge, code } = /** @type {SignInContext} */ (context);
        return {
          ...request,
          body: JSON.stringify({ challenge_token: challenge, method: 'recovery_code', code }),
        };
      },
    },
  ];
}

/**
 * Two-step sign-ins at 4 connections after a warm-up: each sample is a whole sign-in, the
 * password call and the second-step call (a recovery code) timed together. Before each load,
 * `seedTwoStep` tops the codes up to what the fastest rate seen so far would use, with a margin;
 * a load that uses them all the same ends early (and says so) rather than reuse one.
 * @param {object} options
 * @param {string} options.apiUrl
 * @param {(codes: number) => Promise<import('./two-step.mjs').TwoStepAccount[]>} options.seedTwoStep
 * @param {number} options.fastestRps the password-only load's best run: a first estimate
 * @param {LoadSettings} options.settings
 * @param {(line: string) => void} options.log
 */
async function measureTwoStepSignIns({ apiUrl, seedTwoStep, fastestRps, settings, log }) {
  const pool = recoveryCodePool();
  const signIns = { url: apiUrl, requests: twoStepSignIn(pool), connections: LOGIN_CONNECTIONS };
  let fastest = fastestRps;
  /** @param {string} what @param {number} durationSec */
  const load = async (what, durationSec) => {
    const wanted = Math.max(
      Math.ceil(fastest * durationSec * SECOND_STEP_CODE_MARGIN),
      2 * LOGIN_CONNECTIONS,
    );
    if (pool.remaining() < wanted) pool.add(await seedTwoStep(wanted - pool.remaining()));
    // A whole number of sign-ins per connection, together at most the codes at hand.
    const perConnection = Math.floor(pool.remaining() / LOGIN_CONNECTIONS);
    const result = await runLoad({
      ...signIns,
      durationSec,
      maxOverallRequests: LOGIN_CONNECTIONS * perConnection * signIns.requests.length,
    });
    assertClean(what, result);
    if (result.durationSec < durationSec - 0.5) {
      log(`${what}: recovery codes used up after ${result.durationSec.toFixed(1)} s`);
    }
    fastest = Math.max(fastest, result.rps);
    return result;
  };
  await load('two-step sign-in warm-up', settings.warmupSec);
  /** @type {import('./load.mjs').LoadResult[]} */
  const runs = [];
  for (let run = 1; run <= settings.runs; run += 1) {
    const result = await load(
      'POST /api/auth/login + /api/auth/login/second-step',
      settings.durationSec,
    );
    runs.push(result);
    log(
      `run ${run}/${settings.runs}: two-step sign-in p99 ${result.p99Ms.toFixed(1)} ms (${Math.round(result.rps)}/s)`,
    );
  }
  return { accounts: pool.accounts(), ...summarize(runs) };
}

/**
 * Sign-ins at 4 connections while a paced probe measures /api/health; before each run the probe
 * also runs alone, so the table shows what the login load adds. Then two-step sign-ins (password,
 * then a recovery code) at 4 connections, on accounts `seedTwoStep` makes with at least the
 * number of recovery codes asked for (see measureTwoStepSignIns).
 * @param {object} options
 * @param {string} options.apiUrl
 * @param {{ email: string, password: string }} options.credentials
 * @param {(codes: number) => Promise<import('./two-step.mjs').TwoStepAccount[]>} options.seedTwoStep
 * @param {LoadSettings} options.settings
 * @param {(line: string) => void} options.log
 */
export async function measureLoginUnderLoad({ apiUrl, credentials, seedTwoStep, settings, log }) {
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
  const secondStep = await measureTwoStepSignIns({
    apiUrl,
    seedTwoStep,
    fastestRps: Math.max(...loginRuns.map((r) => r.rps)),
    settings,
    log,
  });
  return {
    connections: LOGIN_CONNECTIONS,
    healthProbe: HEALTH_PROBE,
    rps: logins.rps,
    p50Ms: logins.p50Ms,
    p99Ms: logins.p99Ms,
    healthP50Ms: median(healthRuns.map((r) => r.p50Ms)),
    healthP99Ms: median(healthRuns.map((r) => r.p99Ms)),
    healthAloneP99Ms: median(idleHealthRuns.map((r) => r.p99Ms)),
    secondStepAccounts: secondStep.accounts,
    secondStepRps: secondStep.rps,
    secondStepP50Ms: secondStep.p50Ms,
    secondStepP99Ms: secondStep.p99Ms,
    runs: {
      login: loginRuns,
      health: healthRuns,
      healthAlone: idleHealthRuns,
      secondStep: secondStep.runs,
    },
  };
}
