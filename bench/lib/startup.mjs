import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from './api-server.mjs';
import { median } from './stats.mjs';

/**
 * Time from spawning the built server to its first 200 on /api/health. The first start on an
 * empty folder migrates the database and creates the admin: it is reported on its own; the
 * median is over the restarts that follow, on the migrated database, as after a deploy.
 * @param {object} options
 * @param {string} options.root
 * @param {number} options.runs
 * @param {(line: string) => void} options.log
 */
export async function measureStartup({ root, runs, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-admin-bench-startup-'));
  try {
    const first = await startApiServer({ root, dataDir, authSecret: 'x'.repeat(48) });
    await first.stop();
    log(`first start (migrates): ${Math.round(first.startupMs)} ms`);
    /** @type {number[]} */
    const restarts = [];
    for (let run = 1; run <= runs; run += 1) {
      const server = await startApiServer({ root, dataDir, authSecret: 'x'.repeat(48) });
      await server.stop();
      restarts.push(server.startupMs);
      log(`start ${run}/${runs}: ${Math.round(server.startupMs)} ms`);
    }
    return { firstStartMs: first.startupMs, medianMs: median(restarts), runsMs: restarts };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
