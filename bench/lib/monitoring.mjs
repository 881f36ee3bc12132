// The Monitoring list figures (issue 13): runs `node bench/monitoring/run.mjs` (it seeds its own
// databases: 1,000,000 audit events, 100,000 error occurrences) and reads the JSON document it
// prints as its last line of stdout.
import { runBenchScript } from './bench-script.mjs';

const MONITORING_SCRIPT = 'bench/monitoring/run.mjs';

/**
 * @typedef {object} MonitoringCase
 * @property {'errorGroups' | 'audit'} list the list the case calls (and whose budget it counts for)
 * @property {string} name
 * @property {number} matches
 * @property {number} p50Ms
 * @property {number} p99Ms
 */

/**
 * @typedef {object} MonitoringEngine
 * @property {number} seedSeconds printed, not budgeted
 * @property {number} errorGroupsWorstP50Ms
 * @property {number} auditWorstP50Ms
 * @property {MonitoringCase[]} cases
 * @property {AlertPass} alertPass
 * @property {number} alertPassDbP50Ms
 */

/**
 * @typedef {object} AlertPass the alert rules' evaluator, one rule of each kind (issue 37)
 * @property {number} rules
 * @property {number} passes
 * @property {number} statements the most a pass made
 * @property {number} dbP50Ms database time of a pass (bench/lib/query-timer.mjs), p50
 * @property {number} dbMaxMs
 * @property {number} wallP50Ms the whole pass, p50
 */

/**
 * @param {object} options
 * @param {string} options.root
 * @param {(line: string) => void} options.log
 * @returns {Promise<{ source: string, engines: Record<string, MonitoringEngine> }>}
 */
export async function measureMonitoring({ root, log }) {
  const { source, engines } = await runBenchScript(MONITORING_SCRIPT, { root, log });
  return { source, engines: summarizeMonitoring(engines) };
}

/**
 * The worst p50 of each list's cases, per engine.
 * @param {Record<string, { seedSeconds: number, cases: MonitoringCase[], alertPass: AlertPass }>} engines
 */
export function summarizeMonitoring(engines) {
  /** @type {Record<string, MonitoringEngine>} */
  const summary = {};
  for (const [engine, { seedSeconds, cases, alertPass }] of Object.entries(engines)) {
    const worst = (/** @type {MonitoringCase['list']} */ list) => {
      const p50s = cases.filter((c) => c.list === list).map((c) => c.p50Ms);
      if (p50s.length === 0) throw new Error(`${engine}: no ${list} case`);
      return Math.max(...p50s);
    };
    summary[engine] = {
      seedSeconds,
      errorGroupsWorstP50Ms: worst('errorGroups'),
      auditWorstP50Ms: worst('audit'),
      cases,
      alertPass,
      alertPassDbP50Ms: alertPass.dbP50Ms,
    };
  }
  return summary;
}
