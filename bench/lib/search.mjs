// The 100k-user search figures come from bench/search/, written separately. This adapter runs it
// (calling its exported function when it has one, else as `node bench/search/run.mjs`) and reads
// every { p50, p99 } figure from what it returns, writes or prints, grouped by database engine.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const SEARCH_SCRIPT = 'bench/search/run.mjs';
const ENTRY_NAMES = ['runSearchBench', 'measureSearch', 'runSearch', 'run', 'main', 'default'];

/**
 * @typedef {object} SearchCase
 * @property {string} name where the figure sat in the search bench's result
 * @property {'sqlite' | 'postgres'} engine
 * @property {number} p50Ms
 * @property {number} p99Ms
 */

/**
 * @param {object} options
 * @param {string} options.root
 * @param {(line: string) => void} options.log
 * @returns {Promise<{ notMeasured: string } | { source: string, engines: Record<string, { worstP50Ms: number, worstP99Ms: number, cases: SearchCase[] }>, raw: unknown }>}
 */
export async function measureSearch({ root, log }) {
  const script = join(root, SEARCH_SCRIPT);
  if (!existsSync(script)) return { notMeasured: 'bench/search missing' };

  const source = readFileSync(script, 'utf8');
  const exportsSomething = /^\s*export\s/m.test(source);
  let raw;
  let how;
  if (exportsSomething) {
    const module = await import(pathToFileURL(script).href);
    const name = ENTRY_NAMES.find((candidate) => typeof module[candidate] === 'function');
    if (name) {
      log(`calling ${name}() from ${SEARCH_SCRIPT}`);
      raw = await module[name]({ root, log });
      how = `${SEARCH_SCRIPT} ${name}()`;
    }
  }
  let exitNote = '';
  if (raw === undefined) {
    log(`running node ${SEARCH_SCRIPT}`);
    const run = await runScript(root, script);
    raw = run.result;
    how = `node ${SEARCH_SCRIPT}`;
    if (run.exitCode !== 0) exitNote = ` (it exited with ${run.exitCode})`;
  }
  const cases = findCases(raw);
  if (cases.length === 0) {
    return { notMeasured: `${how} gave no p50/p99 figures${exitNote}` };
  }
  if (exitNote) log(`${how}${exitNote}: its figures are kept and checked against the budgets`);
  /** @type {Record<string, { worstP50Ms: number, worstP99Ms: number, cases: SearchCase[] }>} */
  const engines = {};
  for (const engine of /** @type {const} */ (['sqlite', 'postgres'])) {
    const mine = cases.filter((c) => c.engine === engine);
    if (mine.length === 0) continue;
    engines[engine] = {
      worstP50Ms: Math.max(...mine.map((c) => c.p50Ms)),
      worstP99Ms: Math.max(...mine.map((c) => c.p99Ms)),
      cases: mine,
    };
  }
  return { source: /** @type {string} */ (how), engines, raw };
}

/**
 * Runs the script; its result is the last JSON document it printed on stdout, else the newest
 * JSON file it wrote under bench/results/ or bench/search/, else the tables it printed. A
 * non-zero exit with figures still yields them (the script may flag its own slow cases that way).
 * @param {string} root
 * @param {string} script
 * @returns {Promise<{ result: unknown, exitCode: number | null, stdout: string }>}
 */
async function runScript(root, script) {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout?.on('data', (/** @type {Buffer} */ chunk) => {
    stdout += chunk.toString('utf8');
    process.stderr.write(chunk);
  });
  child.stderr?.on('data', (/** @type {Buffer} */ chunk) => process.stderr.write(chunk));
  /** @type {number | null} */
  const exitCode = await new Promise((resolve) => child.once('exit', resolve));

  const printed = lastJson(stdout);
  if (printed !== undefined) return { result: printed, exitCode, stdout };
  const written = [join(root, 'bench/results'), join(root, 'bench/search')]
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir).map((file) => join(dir, file)))
    .filter((file) => file.endsWith('.json') && !file.endsWith('latest.json'))
    .filter((file) => statSync(file).mtimeMs >= startedAt)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (written[0]) return { result: JSON.parse(readFileSync(written[0], 'utf8')), exitCode, stdout };
  return { result: parsePrintedTables(stdout), exitCode, stdout };
}

/**
 * Reads tables printed as a title line naming the engine ("SQLite: …", "PostgreSQL: …"), a
 * header with "p50" and "p99" columns, then one row per case ending in its p50 and p99 numbers.
 * @param {string} text
 * @returns {{ engine: string, name: string, p50: number, p99: number }[]}
 */
export function parsePrintedTables(text) {
  /** @type {{ engine: string, name: string, p50: number, p99: number }[]} */
  const cases = [];
  /** @type {string | undefined} */
  let engine;
  let inTable = false;
  for (const line of text.split('\n')) {
    const title = /^(SQLite|PostgreSQL)\b/i.exec(line.trim());
    if (title) {
      engine = title[1];
      inTable = false;
      continue;
    }
    if (/p50/i.test(line) && /p99/i.test(line)) {
      inTable = engine !== undefined;
      continue;
    }
    const row = /^(.*?\S)\s{2,}.*?(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s*$/.exec(line);
    if (inTable && engine && row) {
      cases.push({
        engine,
        name: /** @type {string} */ (row[1]).trim(),
        p50: Number(row[2]),
        p99: Number(row[3]),
      });
    } else if (line.trim() === '') {
      inTable = false;
    }
  }
  return cases;
}

/** @param {string} text */
function lastJson(text) {
  const trimmed = text.trim();
  for (
    let start = trimmed.lastIndexOf('{');
    start >= 0;
    start = trimmed.lastIndexOf('{', start - 1)
  ) {
    try {
      return JSON.parse(trimmed.slice(start));
    } catch {
      // not a whole document from here: look further back
    }
  }
  return undefined;
}

const P50 = /^p50(ms)?$/i;
const P99 = /^p99(ms)?$/i;

/**
 * Every object holding numeric p50 and p99 fields, with the engine read from an `engine` field or
 * a key on the way to it (sqlite, postgres, pg).
 * @param {unknown} value
 * @param {string[]} [path]
 * @param {'sqlite' | 'postgres'} [engine]
 * @returns {SearchCase[]}
 */
export function findCases(value, path = [], engine = undefined) {
  if (value === null || typeof value !== 'object') return [];
  const record = /** @type {Record<string, unknown>} */ (value);
  const ownEngine = engineOf(record.engine) ?? engineOf(record.database) ?? engine;
  const p50 = Object.entries(record).find(([key, v]) => P50.test(key) && typeof v === 'number');
  const p99 = Object.entries(record).find(([key, v]) => P99.test(key) && typeof v === 'number');
  if (p50 && p99 && ownEngine) {
    const label = [record.name, record.scenario, record.case, record.label].find(
      (v) => typeof v === 'string',
    );
    return [
      {
        name: /** @type {string} */ (label ?? path.join('.')),
        engine: ownEngine,
        p50Ms: /** @type {number} */ (p50[1]),
        p99Ms: /** @type {number} */ (p99[1]),
      },
    ];
  }
  return Object.entries(record).flatMap(([key, child]) =>
    findCases(child, [...path, key], ownEngine ?? engineOf(key)),
  );
}

/** @param {unknown} value */
function engineOf(value) {
  if (typeof value !== 'string') return undefined;
  if (/sqlite/i.test(value)) return /** @type {const} */ ('sqlite');
  if (/^(postgres(ql)?|pg)$/i.test(value) || /postgres/i.test(value)) {
    return /** @type {const} */ ('postgres');
  }
  return undefined;
}
