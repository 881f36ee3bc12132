import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { API_SERVER_ARGS } from '../../apps/api/server-command.mjs';
import { captureOutput, freePort, stopProcess, waitFor200 } from './processes.mjs';

/** The first admin every bench server creates on its empty database. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Passw0rd!' };

/**
 * The SQLite file of a bench server.
 * @param {string} dataDir
 */
export const databaseFile = (dataDir) => join(dataDir, 'db.sqlite');

/** Variables of the parent environment a server may see; everything else is set below. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'SystemRoot'];

/**
 * The environment of a bench server: production mode, its own data folder and SQLite file, quiet
 * logs, and limits high enough that the load is never rate limited or locked out.
 * @param {string} dataDir
 * @param {number} port
 * @param {string} authSecret
 */
function serverEnv(dataDir, port, authSecret) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return {
    ...env,
    NODE_ENV: 'production',
    INIT_CWD: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${databaseFile(dataDir)}`,
    AUTH_SECRET: authSecret,
    ACCESS_TOKEN_TTL: '1h',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_FAILURES_BEFORE_LOCK: '1000000',
  };
}

/**
 * @typedef {object} ApiServer
 * @property {string} url base URL without a trailing slash
 * @property {number} pid
 * @property {number} startupMs from spawn to the first 200 on /api/health
 * @property {() => string | undefined} exit how the process ended (its code or signal), if it has
 * @property {() => Promise<void>} stop
 * @property {(signal: NodeJS.Signals) => Promise<number | null>} kill sends the signal; resolves
 *   with the exit code (null when a signal ended it) once the process has ended
 */

/**
 * Starts the built server (apps/api/dist/server.js) on a free port and waits for /api/health.
 * @param {object} options
 * @param {string} options.root repository root
 * @param {string} options.dataDir folder for the database, uploads and the auth secret
 * @param {string} [options.authSecret] the same secret across restarts keeps tokens valid
 * @param {Record<string, string>} [options.env] more settings for this server
 * @param {number} [options.port] a free one unless given (a restart behind a proxy keeps its port)
 * @returns {Promise<ApiServer>}
 */
export async function startApiServer({
  root,
  dataDir,
  authSecret = randomBytes(48).toString('base64url'),
  env = {},
  port: givenPort,
}) {
  const port = givenPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, API_SERVER_ARGS, {
    cwd: root,
    env: { ...serverEnv(dataDir, port, authSecret), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitFor200(`${url}/api/health`, child, output);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  const startupMs = performance.now() - startedAt;
  return {
    url,
    pid: /** @type {number} */ (child.pid),
    startupMs,
    exit: () =>
      child.exitCode === null && child.signalCode === null
        ? undefined
        : String(child.exitCode ?? child.signalCode),
    stop: () => stopProcess(child),
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Calls the API with a JSON body (when given) and a bearer token (when given), and returns the
 * answer's `data`; anything but a 2xx answer throws.
 * @param {string} url base URL of the server
 * @param {string} path
 * @param {{ body?: object, accessToken?: string }} [options]
 * @returns {Promise<any>}
 */
export async function postJson(url, path, { body, accessToken } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`;
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = /** @type {any} */ (await response.json());
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`POST ${path} failed: ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer?.data;
}

/**
 * Signs in through the API and returns the token pair.
 * @param {string} url
 * @param {{ email: string, password: string }} credentials
 * @returns {Promise<{ access_token: string, refresh_token: string }>}
 */
export async function signIn(url, credentials) {
  const data = await postJson(url, '/api/auth/login', { body: credentials });
  if (typeof data?.access_token !== 'string') {
    throw new Error(`sign-in failed: no token pair in ${JSON.stringify(data)}`);
  }
  return data;
}
