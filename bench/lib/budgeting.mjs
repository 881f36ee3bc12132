// The Budgeting figures (issue 14): runs `node bench/budgeting/run.mjs` (it seeds its own
// databases: 1,000 projects, 1,000,000 cost entries) and reads the JSON document it prints as its
// last line of stdout.
import { join } from 'node:path';
import { runScript } from './monitoring.mjs';

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
export async function measureBudgeting({ root, log }) {
  log(`running node ${BUDGETING_SCRIPT}`);
  const { stdout, exitCode } = await runScript(root, join(root, BUDGETING_SCRIPT));
  const lastLine = stdout.trimEnd().split('\n').at(-1) ?? '';
  /** @type {{ engines?: Record<string, BudgetingEngine> }} */
  let printed;
  try {
    printed = JSON.parse(lastLine);
  } catch {
    throw new Error(`${BUDGETING_SCRIPT} exited with ${exitCode} without its JSON result`);
  }
  return { source: `node ${BUDGETING_SCRIPT}`, engines: printed.engines ?? {} };
}
