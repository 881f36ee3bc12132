import autocannon from 'autocannon';
import { percentile } from './stats.mjs';

/**
 * @typedef {object} LoadOptions
 * @property {string} url
 * @property {'GET' | 'POST'} [method]
 * @property {Record<string, string>} [headers]
 * @property {string} [body]
 * @property {number} connections
 * @property {number} durationSec
 * @property {number} [overallRate] requests per second across all connections (unset: as fast as possible)
 * @property {number} [maxOverallRequests] the load ends after this many requests, if sooner
 * @property {import('autocannon').Request[]} [requests] calls each connection makes in turn, in
 *   place of the one call above (see runLoad)
 */

/**
 * @typedef {object} LoadResult
 * @property {number} requests answers with a 2xx status (with `requests`: whole passes)
 * @property {number} rps 2xx answers (passes) per second
 * @property {number} p50Ms
 * @property {number} p99Ms
 * @property {number} non2xx
 * @property {number} errors connection errors, timeouts included
 * @property {number} durationSec how long it ran (less than asked when maxOverallRequests ended it)
 */

/**
 * Drives one autocannon load and computes the latency percentiles from every 2xx answer's own
 * timing (autocannon's histogram has a 1 ms resolution, too coarse for sub-millisecond routes).
 * With `requests`, one sample is a whole pass through them on one connection, its answers'
 * timings summed: a pass with a non-2xx answer, or unfinished at the end, is no sample.
 * @param {LoadOptions} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad(options) {
  /** @type {number[]} */
  const latencies = [];
  const steps = options.requests?.length ?? 1;
  /** The pass under way on each connection: its answers so far and their summed timing. */
  const passes = new Map();
  // Without a callback autocannon returns its event emitter, which is also a promise of the result.
  const instance =
    /** @type {import('autocannon').Instance & Promise<import('autocannon').Result>} */ (
      /** @type {unknown} */ (
        autocannon({
          url: options.url,
          method: options.method ?? 'GET',
          headers: options.headers ?? {},
          body: options.body,
          connections: options.connections,
          duration: options.durationSec,
          overallRate: options.overallRate,
          maxOverallRequests: options.maxOverallRequests,
          requests: options.requests,
          timeout: 10,
        })
      )
    );
  instance.on('response', (client, status, _bytes, ms) => {
    if (status < 200 || status >= 300) {
      passes.delete(client);
    } else if (steps === 1) {
      latencies.push(ms);
    } else {
      const pass = passes.get(client) ?? { answers: 0, ms: 0 };
      pass.answers += 1;
      pass.ms += ms;
      if (pass.answers < steps) {
        passes.set(client, pass);
      } else {
        latencies.push(pass.ms);
        passes.delete(client);
      }
    }
  });
  const result = await instance;
  if (latencies.length === 0) {
    throw new Error(
      `${options.method ?? 'GET'} ${options.url}: no 2xx answer (${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
  }
  return {
    requests: latencies.length,
    rps: latencies.length / result.duration,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    durationSec: result.duration,
  };
}

/**
 * Throws when a load got any non-2xx answer or error: such a run measures the wrong thing.
 * @param {string} what
 * @param {LoadResult} result
 */
export function assertClean(what, result) {
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${what}: ${result.non2xx} non-2xx answers and ${result.errors} errors out of ${result.requests + result.non2xx + result.errors} requests`,
    );
  }
}
