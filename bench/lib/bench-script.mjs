// Runs one of the benches that seed their own databases (`node bench/<name>/run.mjs`) for
// `npm run bench`, and reads the figures it prints as its last line of stdout
// (bench/lib/engines.mjs writes it).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * @param {string} script the script's path from the repository root
 * @param {object} options
 * @param {string} options.root
 * @param {(line: string) => void} options.log
 * @returns {Promise<{ source: string, engines: Record<string, any> }>}
 */
export async function runBenchScript(script, { root, log }) {
  log(`running node ${script}`);
  const { stdout, exitCode } = await runScript(root, join(root, script));
  const lastLine = stdout.trimEnd().split('\n').at(-1) ?? '';
  /** @type {{ engines?: Record<string, any> }} */
  let printed;
  try {
    printed = JSON.parse(lastLine);
  } catch {
    throw new Error(`${script} exited with ${exitCode} without its JSON result`);
  }
  return { source: `node ${script}`, engines: printed.engines ?? {} };
}

/**
 * @param {string} root
 * @param {string} script
 * @returns {Promise<{ stdout: string, exitCode: number | null }>}
 */
async function runScript(root, script) {
  const child = spawn(process.execPath, [script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout?.on('data', (/** @type {Buffer} */ chunk) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (/** @type {Buffer} */ chunk) => process.stderr.write(chunk));
  /** @type {number | null} */
  const exitCode = await new Promise((resolve) => child.once('exit', resolve));
  return { stdout, exitCode };
}
