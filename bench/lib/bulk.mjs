// The bulk user action figures (issue 16): runs `node bench/bulk/run.mjs` (it seeds its own
// databases: 10,000 users) and reads the JSON document it prints as its last line of stdout.
import { runBenchScript } from './bench-script.mjs';

const BULK_SCRIPT = 'bench/bulk/run.mjs';

/**
 * @typedef {object} BulkEngine
 * @property {number} users people in the database
 * @property {number} targets users deactivated by each run
 * @property {number} callSize users per call
 * @property {number} seedSeconds printed, not budgeted
 * @property {number} deactivateByIdsMs every call of the run by ids, one after the other
 * @property {number} deactivateByFilterMs every call of the run by filter, following `next`
 */

/**
 * @param {object} options
 * @param {string} options.root
 * @param {(line: string) => void} options.log
 * @returns {Promise<{ source: string, engines: Record<string, BulkEngine> }>}
 */
export function measureBulk({ root, log }) {
  return runBenchScript(BULK_SCRIPT, { root, log });
}
