import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @typedef {object} CallRecord
 * @property {string} op
 * @property {number} at when the call started, ms since the load started
 * @property {number} ms how long it took
 * @property {number} status the HTTP status; 0 when no answer came (refused, reset, timed out)
 */

/**
 * @typedef {object} MixedLoadSetup
 * @property {string} url the proxy's base URL
 * @property {string} accessToken an admin's
 * @property {{ email: string, password: string }} credentials signed in with by the sign-in calls
 * @property {string} projectId the project the cost entries go to
 * @property {string} currency the project's
 * @property {Buffer} png the picture uploaded
 */

/** Each worker picks its next call with these weights. */
const MIX = [
  ['profile', 30],
  ['search', 15],
  ['sign-in', 10],
  ['upload', 8],
  ['picture', 12],
  ['invitation', 5],
  ['cost', 20],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + Number(weight), 0);
/**
 * Sign-ins across all workers at most this often: every one comes from the proxy's address, and
 * the per-address limit on sign-ins (RATE_LIMIT_PER_MINUTE) must stay out of the load's way.
 */
const SIGN_INS_PER_SECOND = 2;
const CALL_TIMEOUT_MS = 10_000;

/** @param {number} index */
function pick(index) {
  let rest = ((index * 2654435761) >>> 0) % TOTAL_WEIGHT;
  for (const [op, weight] of MIX) {
    rest -= Number(weight);
    if (rest < 0) return String(op);
  }
  return 'profile';
}

/**
 * A mixed load through the proxy for `durationSec`: `workers` loops, each making one call at a
 * time (profile reads, user searches, sign-ins, picture uploads and reads, invitations, cost
 * entries). Every call is recorded, and so is what the server accepted: the invitations'
 * addresses and the cost entries' ids answered 2xx, for the checks after the load.
 * Times are ms since `startedAt` (performance.now(); now by default), which the caller shares
 * with what it does beside the load.
 * @param {MixedLoadSetup & { workers: number, durationSec: number, startedAt?: number }} options
 */
export async function runMixedLoad(options) {
  const { url, accessToken, credentials, projectId, currency, png, workers, durationSec } = options;
  const auth = { authorization: `Bearer ${accessToken}` };
  /** @type {CallRecord[]} */
  const calls = [];
  /** @type {string[]} */
  const invited = [];
  /** @type {string[]} */
  const costIds = [];
  /** @type {string[]} */
  const pictures = [];
  const startedAt = options.startedAt ?? performance.now();
  const sinceStart = () => performance.now() - startedAt;
  const endAt = durationSec * 1000;
  let sequence = 0;
  let lastSignIn = -Infinity;

  /**
   * One call, recorded; resolves with its status and JSON body (when 2xx and JSON).
   * @param {string} op
   * @param {string} path
   * @param {RequestInit} init
   */
  const call = async (op, path, init) => {
    const at = sinceStart();
    let status = 0;
    /** @type {any} */
    let body;
    try {
      const response = await fetch(`${url}${path}`, {
        ...init,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      status = response.status;
      const type = response.headers.get('content-type') ?? '';
      if (type.includes('json')) body = await response.json();
      else await response.arrayBuffer();
    } catch {
      // No answer: status 0.
    }
    calls.push({ op, at, ms: sinceStart() - at, status });
    return { ok: status >= 200 && status < 300, body };
  };

  /**
   * @param {string} op
   * @returns {Promise<{ ok: boolean, body: any }>}
   */
  const run = async (op) => {
    const n = (sequence += 1);
    switch (op) {
      case 'search':
        return call(op, `/api/users?search=soak&limitPerPage=10&page=${1 + (n % 3)}`, {
          headers: auth,
        });
      case 'sign-in': {
        if (sinceStart() - lastSignIn < 1000 / SIGN_INS_PER_SECOND) return run('profile');
        lastSignIn = sinceStart();
        return call(op, '/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(credentials),
        });
      }
      case 'upload': {
        const form = new FormData();
        form.append('file', new Blob([png], { type: 'image/png' }), `soak-${n}.png`);
        const answer = await call(op, '/api/uploads?dir=users', {
          method: 'POST',
          headers: auth,
          body: form,
        });
        if (answer.ok) pictures.push(answer.body.data.path);
        return answer;
      }
      case 'picture': {
        const path = pictures[n % Math.max(1, pictures.length)];
        return path ? call(op, path, { headers: auth }) : run('upload');
      }
      case 'invitation': {
        const email = `soak-invite-${n}@example.com`;
        const answer = await call(op, '/api/users/bulk-create', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ users: [{ email, position: 'contractor' }] }),
        });
        if (answer.ok && answer.body.data.created.length === 1) invited.push(email);
        return answer;
      }
      case 'cost': {
        const answer = await call(op, `/api/projects/${projectId}/costs`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            date: '2026-01-15',
            description: `soak cost ${n}`,
            category: 'software',
            amount: { amount: 100 + (n % 1000), currency },
          }),
        });
        if (answer.ok) costIds.push(answer.body.data.id);
        return answer;
      }
      default:
        return call('profile', '/api/users/profile', { headers: auth });
    }
  };

  const worker = async (/** @type {number} */ index) => {
    let turn = index;
    while (sinceStart() < endAt) {
      const answer = await run(pick(turn));
      turn += workers;
      // A refused connection answers at once: a short pause keeps a worker from spinning.
      if (!answer.ok) await sleep(10);
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, i) => worker(i)));
  return { calls, invited, costIds, pictures, durationSec: sinceStart() / 1000 };
}
