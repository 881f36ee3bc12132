import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { captureOutput, freePort, stopProcess, waitFor200 } from './processes.mjs';
import { REFERENCE_PATH } from './reference-server.mjs';

/**
 * Starts the reference server (reference-server.mjs) in its own process.
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>} `url` is the route's full URL
 */
export async function startReferenceServer() {
  const port = await freePort();
  const script = fileURLToPath(new URL('./reference-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}${REFERENCE_PATH}`;
  try {
    await waitFor200(url, child, captureOutput(child));
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { url, pid: /** @type {number} */ (child.pid), stop: () => stopProcess(child) };
}
