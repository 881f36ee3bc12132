import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiServer } from './api-server.mjs';
import { captureOutput, freePort, stopProcess, waitFor200 } from './processes.mjs';

/**
 * Several real API processes on one database and one Redis, with Debian's nginx in front running
 * the configuration of deploy/nginx/staff-admin.conf (the one docs/operations.md shows), on
 * loopback ports. Used by the cluster tests (apps/api/test/multi-process) and the soak bench.
 */

export const NGINX_BINARY = '/usr/sbin/nginx';
/** The nginx configuration of a deployment, shown verbatim in docs/operations.md. */
export const NGINX_SITE_FILE = fileURLToPath(
  new URL('../../deploy/nginx/staff-admin.conf', import.meta.url),
);
/** The address the API processes see nginx connect from: what TRUST_PROXY names. */
export const PROXY_ADDRESS = '127.0.0.1';

/**
 * One API process as its starter hands it over.
 * @typedef {object} StartedProcess
 * @property {(signal: NodeJS.Signals) => Promise<number | null>} kill sends the signal; resolves
 *   with the exit code (null when a signal ended it) once the process has ended
 */

/**
 * Starts one API process with this environment (PORT included) and resolves once it listens.
 * @typedef {(env: Record<string, string>) => Promise<StartedProcess>} ProcessStarter
 */

/**
 * @typedef {object} ClusterProcess
 * @property {number} index
 * @property {number} port
 * @property {string} url http://127.0.0.1:<port>, the process itself (not through nginx)
 * @property {string} uploadDir
 * @property {(signal: NodeJS.Signals) => Promise<number | null>} kill sends the signal and
 *   resolves with the exit code once the process has ended
 * @property {() => Promise<void>} restart starts it again on the same port (once it has ended)
 * @property {() => boolean} running
 */

/**
 * @typedef {object} Cluster
 * @property {string} url nginx, the way clients reach the API
 * @property {ClusterProcess[]} processes
 * @property {string} dir the temporary folder of nginx and the uploads
 * @property {() => string} nginxOutput what nginx wrote (errors, warnings)
 * @property {() => Promise<void>} stop stops every process and nginx, removes the folder
 */

/**
 * Replaces the upstream addresses and the listen port of the site configuration, nothing else.
 * Each upstream takes the parameters (max_fails…) of the file's first `server` line.
 * @param {string} site the text of deploy/nginx/staff-admin.conf
 * @param {{ listen: string, upstreams: string[] }} addresses
 */
export function renderNginxSite(site, { listen, upstreams }) {
  const serverLine = /^( *)server (\S+)((?: [^;\n]*)?);\n/gm;
  const lines = [...site.matchAll(serverLine)];
  const first = lines[0];
  if (!first || first.index === undefined) throw new Error('no upstream server line to replace');
  const [, indent, , parameters] = first;
  const rendered = upstreams.map((address) => `${indent}server ${address}${parameters};\n`);
  let text = site.replace(serverLine, (_line, _indent, _address, _parameters, offset) =>
    offset === first.index ? rendered.join('') : '',
  );
  const listenLine = /^( *)listen \d+;$/m;
  if (!listenLine.test(text)) throw new Error('no `listen <port>;` line to replace');
  text = text.replace(listenLine, `$1listen ${listen};`);
  return text;
}

/**
 * The main nginx.conf around the site: in the foreground, as the current user, every path in
 * `dir`.
 * @param {string} dir
 */
function nginxMainConfig(dir) {
  // A master running as root hands its workers to `nobody`, who cannot enter `dir`.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  return `${user}daemon off;
worker_processes 2;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${join(dir, 'client-body')};
    proxy_temp_path ${join(dir, 'proxy')};
    fastcgi_temp_path ${join(dir, 'fastcgi')};
    uwsgi_temp_path ${join(dir, 'uwsgi')};
    scgi_temp_path ${join(dir, 'scgi')};
    include ${join(dir, 'staff-admin.conf')};
}
`;
}

/** Throws, saying how to install it, when Debian's nginx is not on this machine. */
export function assertNginxInstalled() {
  if (!existsSync(NGINX_BINARY)) {
    throw new Error(
      `${NGINX_BINARY} is missing: the proxy tests and the soak need Debian's nginx ` +
        '(apt-get install -y nginx)',
    );
  }
}

/**
 * Starts `processes` API processes and nginx in front of them.
 * @param {object} options
 * @param {ProcessStarter} options.start how one API process is started (the tests run the
 *   source, the bench the build: see `builtServerStarter`)
 * @param {Record<string, string>} options.env what every process gets: DATABASE_URL, REDIS_URL,
 *   REDIS_PREFIX, SMTP_URL, AUTH_SECRET, limits…
 * @param {number} [options.processes]
 * @returns {Promise<Cluster>}
 */
export async function startCluster({ start, env, processes = 2 }) {
  assertNginxInstalled();
  const dir = await mkdtemp(join(tmpdir(), 'staff-admin-cluster-'));
  /** @type {(() => Promise<unknown>)[]} */
  const cleanups = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
    const started = await Promise.all(
      ports.map(async (port, index) => {
        const uploadDir = join(dir, `uploads-${index + 1}`);
        await mkdir(uploadDir, { recursive: true });
        const member = clusterProcess(index, port, uploadDir, start, {
          ...env,
          INIT_CWD: dir,
          HOST: '127.0.0.1',
          PORT: String(port),
          UPLOAD_DIR: uploadDir,
          TRUST_PROXY: PROXY_ADDRESS,
        });
        cleanups.push(() => member.shutDown());
        await member.restart();
        return member;
      }),
    );

    const proxyPort = await freePort();
    const site = renderNginxSite(await readFile(NGINX_SITE_FILE, 'utf8'), {
      listen: `127.0.0.1:${proxyPort}`,
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
    });
    await writeFile(join(dir, 'staff-admin.conf'), site);
    await writeFile(join(dir, 'nginx.conf'), nginxMainConfig(dir));
    const nginx = spawn(NGINX_BINARY, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const nginxOutput = captureOutput(nginx, 200);
    cleanups.push(() => stopProcess(nginx));
    const url = `http://127.0.0.1:${proxyPort}`;
    await waitFor200(`${url}/api/ready`, nginx, nginxOutput);
    return { url, processes: started, dir, nginxOutput, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * @param {number} index
 * @param {number} port
 * @param {string} uploadDir
 * @param {ProcessStarter} start
 * @param {Record<string, string>} env
 */
function clusterProcess(index, port, uploadDir, start, env) {
  /** @type {StartedProcess | undefined} */
  let current;
  let alive = false;
  /** @type {(signal: NodeJS.Signals) => Promise<number | null>} */
  const kill = async (signal) => {
    if (!current) return null;
    const code = await current.kill(signal);
    alive = false;
    return code;
  };
  return {
    index,
    port,
    url: `http://127.0.0.1:${port}`,
    uploadDir,
    kill,
    running: () => alive,
    async restart() {
      if (alive) throw new Error(`process ${index + 1} is still running`);
      current = await start(env);
      alive = true;
    },
    /** SIGTERM, then SIGKILL if it has not ended within 15 s. */
    async shutDown() {
      if (!alive) return;
      const timer = setTimeout(() => void kill('SIGKILL'), 15_000);
      await kill('SIGTERM');
      clearTimeout(timer);
    },
  };
}

/**
 * Starts the built server (apps/api/dist) as the bench does, each process in its own data folder.
 * @param {{ root: string, dataDir: string, authSecret: string }} options
 * @returns {ProcessStarter}
 */
export function builtServerStarter({ root, dataDir, authSecret }) {
  return async (env) => {
    const processDir = join(dataDir, `process-${env.PORT}`);
    await mkdir(processDir, { recursive: true });
    return startApiServer({
      root,
      dataDir: processDir,
      authSecret,
      env,
      port: Number(env.PORT),
    });
  };
}
