// The 100k-user search figures: runs `node bench/search/run.mjs` (it seeds its own databases) and
// reads the JSON document it prints as its last line of stdout.
import { runBenchScript } from './bench-script.mjs';

const SEARCH_SCRIPT = 'bench/search/run.mjs';

/**
 * @typedef {object} SearchCase
 * @property {string} name
 * @property {number} matches
 * @property {number} p50Ms
 * @property {number} p99Ms
 * @property {boolean} budgeted false for the cases timed after a change (shown, not checked)
 */

/**
 * @param {object} options
 * @param {string} options.root
 * @param {(line: string) => void} options.log
 * @returns {Promise<{ source: string, engines: Record<string, { worstP50Ms: number, worstP99Ms: number, cases: SearchCase[] }> }>}
 */
export async function measureSearch({ root, log }) {
  const { source, engines } = await runBenchScript(SEARCH_SCRIPT, { root, log });
  return { source, engines: summarize(engines) };
}

/**
 * The worst p50 and p99 of each engine's budgeted cases.
 * @param {Record<string, SearchCase[]>} engines
 */
export function summarize(engines) {
  /** @type {Record<string, { worstP50Ms: number, worstP99Ms: number, cases: SearchCase[] }>} */
  const summary = {};
  for (const [engine, cases] of Object.entries(engines)) {
    const budgeted = cases.filter((c) => c.budgeted);
    if (budgeted.length === 0) throw new Error(`${engine}: no budgeted search case`);
    summary[engine] = {
      worstP50Ms: Math.max(...budgeted.map((c) => c.p50Ms)),
      worstP99Ms: Math.max(...budgeted.map((c) => c.p99Ms)),
      cases,
    };
  }
  return summary;
}
