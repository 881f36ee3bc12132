// The SCIM provisioning figures (issue 36): runs `node bench/scim/run.mjs` (it seeds its own
// databases: 90,000 people, then 10,000 created through POST /scim/v2/Users) and reads the JSON
// document it prints as its last line of stdout.
import { runBenchScript } from './bench-script.mjs';

const SCIM_SCRIPT = 'bench/scim/run.mjs';

/**
 * @typedef {object} ScimEngine
 * @property {number} users people in the database once the creates are done
 * @property {number} creates users created through POST /scim/v2/Users
 * @property {number} concurrency creates in flight at once
 * @property {number} lookups filtered GETs timed
 * @property {number} seedSeconds printed, not budgeted
 * @property {number} createMs every create, from the first call to the last answer
 * @property {number} createP50Ms
 * @property {number} createP99Ms one call's time, its wait for the others in flight included
 * @property {number} createMaxMs
 * @property {number} createCpuMsPerCall the bench process's CPU time (client and server) per create
 * @property {number} lostCalls creates answered other than 201, or missing from the database or
 *   the sync log afterwards
 * @property {number} [lookupP50Ms] GET /scim/v2/Users?filter=userName eq "…", one at a time
 * @property {number} [lookupP99Ms]
 */

/**
 * @param {object} options
 * @param {string} options.root
 * @param {(line: string) => void} options.log
 * @returns {Promise<{ source: string, engines: Record<string, ScimEngine> }>}
 */
export function measureScim({ root, log }) {
  return runBenchScript(SCIM_SCRIPT, { root, log });
}
