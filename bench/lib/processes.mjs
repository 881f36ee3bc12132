import { request } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        server.close(() => resolve(port));
      });
    })
  );
}

/**
 * The HTTP status of one GET, or 0 when the connection fails.
 * @param {string} url
 * @returns {Promise<number>}
 */
function httpStatus(url) {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.setTimeout(2_000, () => req.destroy());
    req.end();
  });
}

/**
 * Polls `url` every few milliseconds until it answers 200; throws when `child` exits first or
 * after `timeoutMs`.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {() => string} describeOutput the child's last output, for the error message
 * @param {number} [timeoutMs]
 */
export async function waitFor200(url, child, describeOutput, timeoutMs = 30_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the process exited (${child.exitCode ?? child.signalCode}) before ${url} answered 200:\n${describeOutput()}`,
      );
    }
    if ((await httpStatus(url)) === 200) return;
    await sleep(5);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${describeOutput()}`);
}

/**
 * Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [graceMs]
 */
export async function stopProcess(child, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Keeps the last lines a child wrote, to explain a failure.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [maxLines]
 */
export function captureOutput(child, maxLines = 40) {
  /** @type {string[]} */
  const lines = [];
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}
