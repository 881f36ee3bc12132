// The Budgeting figures (issue 14): runs `node bench/budgeting/run.mjs` (it seeds its own
// databases: 1,000 projects, 1,000,000 cost entries) and reads the JSON document it prints as its
// last line of stdout.
import { runBenchScript } from './bench-script.mjs';

const BUDGETING_SCRIPT = 'bench/budgeting/run.mjs';

/**
 * @typedef {object} BudgetingEngine
 * @property {number} seedSeconds printed, not budgeted
 * @property {number} listWorstP50Ms the project list's worst case
 * @property {number} importMs the commit of a 10,000-row CSV over HTTP
 * @property {{ name: string, matches: number, p50Ms: number, p99Ms: number }[]} cases
 */

/**
 * @param {object} options
 * @param {string} options.root
 * @param {(line: string) => void} options.log
 * @returns {Promise<{ source: string, engines: Record<string, BudgetingEngine> }>}
 */
export function measureBudgeting({ root, log }) {
  return runBenchScript(BUDGETING_SCRIPT, { root, log });
}
