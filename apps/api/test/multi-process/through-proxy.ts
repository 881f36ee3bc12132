import http from 'node:http';
import { startCluster, type Cluster } from '../../../../bench/lib/cluster.mjs';
import { startServerProcess, type ServerProcess } from '../server-process.js';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  // What JSON.parse gives, as in process-http.ts.
  json: () => ReturnType<typeof JSON.parse>;
}

export interface SendOptions {
  /** The client's own address (any of 127/8 is this machine on Linux). */
  from?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A keep-alive agent; a fresh connection per request unless given. */
  agent?: http.Agent;
}

/** One HTTP request from address `from`; rejects when the connection fails or is cut. */
export function send(
  base: string,
  method: string,
  path: string,
  { from = '127.0.0.2', token, body, headers = {}, agent }: SendOptions = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method,
      localAddress: from,
      agent: agent ?? false,
      headers: {
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('error', reject);
      response.on('aborted', () => reject(new Error('answer cut off')));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: text,
          json: () => JSON.parse(text),
        }),
      );
    });
    request.end(payload);
  });
}

export interface ProxyCluster {
  cluster: Cluster;
  /** Process `index` of the cluster as started last (a restart replaces it): its logs. */
  server: (index: number) => ServerProcess;
}

/** The cluster harness over the source server (src/server.ts under tsx), as the API tests run it. */
export async function startProxyCluster(env: Record<string, string>): Promise<ProxyCluster> {
  const byPort = new Map<number, ServerProcess>();
  const cluster = await startCluster({
    env,
    start: async (processEnv) => {
      const server = await startServerProcess(processEnv);
      byPort.set(Number(processEnv.PORT), server);
      return { kill: (signal) => server.stop(signal) };
    },
  });
  return { cluster, server: (index) => byPort.get(cluster.processes[index]!.port)! };
}

export interface LoadResult {
  method: string;
  path: string;
  /** The HTTP status, or 0 when the connection failed or the answer was cut off. */
  status: number;
  error?: string;
  startedAt: number;
  endedAt: number;
  /** A created project's code (POST), to find it in the database. */
  code?: string;
}

/**
 * Steady load through the proxy until stopped: `workers` loops, each on its own keep-alive
 * connection, alternating a profile read and a project creation (a write, not idempotent).
 */
export function startLoad(base: string, token: string, ownerId: string, workers = 4) {
  const results: LoadResult[] = [];
  let stopped = false;
  let serial = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const once = async (method: string, path: string, body?: object, code?: string) => {
    const startedAt = performance.now();
    try {
      const answer = await send(base, method, path, { token, body, agent });
      results.push({
        method,
        path,
        status: answer.status,
        ...(answer.status >= 300 ? { error: answer.body.slice(0, 200) } : {}),
        startedAt,
        endedAt: performance.now(),
        ...(code ? { code } : {}),
      });
    } catch (error) {
      results.push({
        method,
        path,
        status: 0,
        error: (error as Error).message,
        startedAt,
        endedAt: performance.now(),
        ...(code ? { code } : {}),
      });
    }
  };
  const loop = async () => {
    while (!stopped) {
      await once('GET', '/api/users/profile');
      serial += 1;
      const code = `LOAD-${serial}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
      await once(
        'POST',
        '/api/projects',
        {
          code,
          name: `Load ${serial}`,
          client: 'Acme',
          currency: 'GBP',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          ownerId,
          budget: { amount: 1_000, currency: 'GBP' },
        },
        code,
      );
    }
  };
  const running = Promise.all(Array.from({ length: workers }, loop));
  return {
    results,
    async stop() {
      stopped = true;
      await running;
      agent.destroy();
    },
  };
}
