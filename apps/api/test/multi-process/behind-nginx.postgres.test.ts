import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TokenPair } from '@staff-admin/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { createDatabase, type Database } from '../../src/db/database.js';
import { createTestDatabaseUrl, testEnv, waitUntil } from '../helpers.js';
import { FAST_MAIL_ENV, startSmtpServer, type TestSmtpServer } from '../smtp.js';
import {
  send,
  startLoad,
  startProxyCluster,
  type LoadResult,
  type ProxyCluster,
} from './through-proxy.js';

/**
 * Two real API processes on one PostgreSQL database and one Redis, with Debian's nginx in front
 * running deploy/nginx/staff-admin.conf (the configuration docs/operations.md shows): the client
 * address the limits see, failover when a process dies, and a SIGTERM under load that cuts no
 * request. PostgreSQL only: a deployment behind a proxy has several machines, hence PostgreSQL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('test/multi-process needs TEST_REDIS_URL');

const ADMIN = { email: 'boss@example.com', password: 'Harbor-Finch-19' };

let dir: string;
let drop: () => Promise<void>;
let database: Database;
let smtp: TestSmtpServer;
let proxy: ProxyCluster;
let admin: TokenPair;
let adminId: string;

const through = (method: string, url: string, options?: Parameters<typeof send>[3]) =>
  send(proxy.cluster.url, method, url, options);

/** Requests the process logged as arriving, with the client address it saw. */
const arrivals = (index: number) =>
  proxy
    .server(index)
    .logs()
    .filter((line) => line.msg === 'incoming request')
    .map((line) => line.req as { url: string; remoteAddress: string });

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-behind-nginx-'));
  const created = await createTestDatabaseUrl(dir);
  drop = created.drop;
  smtp = await startSmtpServer();
  proxy = await startProxyCluster({
    DATABASE_URL: created.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `staff-admin-test:${randomBytes(6).toString('hex')}:`,
    SMTP_URL: smtp.url,
    ...FAST_MAIL_ENV,
    RATE_LIMIT_PER_MINUTE: '10',
    LOGIN_FAILURES_BEFORE_LOCK: '3',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST_DIR: path.join(dir, 'no-site'),
  });
  database = createDatabase(loadConfig(testEnv(dir, created.url)).database);
  const login = await through('POST', '/api/auth/login', { body: ADMIN, from: '127.0.0.9' });
  expect(login.status, login.body).toBe(200);
  admin = login.json().data;
  adminId = (await through('GET', '/api/users/profile', { token: admin.access_token })).json().data
    .id;
}, 90_000);

afterAll(async () => {
  await proxy?.cluster.stop();
  await database?.db.destroy();
  await smtp?.stop();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('behind nginx: the client address', () => {
  it('is the real one: a per-IP limit counts the client, not nginx, and a forged X-Forwarded-For changes nothing', async () => {
    const check = (from: string, headers: Record<string, string> = {}) =>
      through('GET', '/api/users/check-token?token=x&jwtTokenType=confirmation_token', {
        from,
        headers,
      });
    // RATE_LIMIT_PER_MINUTE=10 for 127.0.0.2, half of them claiming to be someone else.
    for (let i = 0; i < 10; i += 1) {
      const forged: Record<string, string> =
        i % 2 === 0 ? { 'x-forwarded-for': `203.0.113.${i}` } : {};
      expect((await check('127.0.0.2', forged)).status).toBe(400);
    }
    const limited = await check('127.0.0.2', { 'x-forwarded-for': '203.0.113.77' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not limited, even when it claims to be the limited one.
    expect((await check('127.0.0.3', { 'x-forwarded-for': '127.0.0.2' })).status).toBe(400);

    // Both processes took a share, and each saw the client's own address.
    for (const index of [0, 1]) {
      const seen = arrivals(index).filter((req) => req.url.startsWith('/api/users/check-token'));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.some((req) => req.remoteAddress === '127.0.0.2')).toBe(true);
      expect(seen.every((req) => ['127.0.0.2', '127.0.0.3'].includes(req.remoteAddress))).toBe(
        true,
      );
    }
  });

  it('shares the lockout across both processes and records the real address of each failure', async () => {
    // The admin's address: the load below keeps the admin's token, signing in no more.
    const email = ADMIN.email;
    for (let i = 0; i < 3; i += 1) {
      const failed = await through('POST', '/api/auth/login', {
        body: { email, password: 'Wrong-password-1' },
        from: '127.0.0.4',
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
      expect(failed.status).toBe(400);
    }
    const locked = await through('POST', '/api/auth/login', {
      body: { email, password: 'Wrong-password-1' },
      from: '127.0.0.5',
    });
    expect(locked.status).toBe(429);
    for (const index of [0, 1]) {
      expect(arrivals(index).some((req) => req.url === '/api/auth/login')).toBe(true);
    }
    const failures = await database.db
      .selectFrom('audit_events')
      .select('ip')
      .where('action', '=', 'auth.login_failed')
      .execute();
    // The three failures, then the attempt refused by the lock (also a failure).
    expect(failures.map((row) => row.ip).sort()).toEqual([
      '127.0.0.4',
      '127.0.0.4',
      '127.0.0.4',
      '127.0.0.5',
    ]);
  });
});

/** Every load result, by what it was and how it ended, for a failure's message. */
const summary = (results: LoadResult[]) =>
  JSON.stringify(
    results.filter((result) => result.status === 0 || result.status >= 300),
    null,
    1,
  );

/** Waits until the load has made `count` more requests than `from` (polling, not timing). */
const moreRequests = (results: LoadResult[], count: number) => {
  const target = results.length + count;
  return waitUntil(() => results.length >= target, {
    timeoutMs: 30_000,
    what: `${count} more requests`,
  });
};

/** The created projects among `codes` that are in the database. */
async function storedProjects(codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await database.db
    .selectFrom('projects')
    .select('code')
    .where('code', 'in', codes)
    .execute();
  return rows.map((row) => row.code);
}

/** Restarts process `index` and waits until nginx sends it requests again. */
async function restartAndRejoin(index: number) {
  await proxy.cluster.processes[index]!.restart();
  const load = startLoad(proxy.cluster.url, admin.access_token, adminId, 2);
  try {
    await waitUntil(() => arrivals(index).some((req) => req.url === '/api/users/profile'), {
      timeoutMs: 20_000,
      what: `process ${index + 1} back in nginx's rotation`,
    });
  } finally {
    await load.stop();
  }
}

describe('behind nginx: a process going away', () => {
  // The process a test stopped starts again, and nginx sends it requests, before the next test.
  afterEach(async () => {
    for (const [index, member] of proxy.cluster.processes.entries()) {
      if (!member.running()) await restartAndRejoin(index);
    }
  }, 30_000);

  it('SIGKILL: reads go on through the other process; only writes in flight at that moment may fail, and no 2xx write is lost', async () => {
    const load = startLoad(proxy.cluster.url, admin.access_token, adminId);
    await moreRequests(load.results, 40);
    expect(await proxy.cluster.processes[0]!.kill('SIGKILL')).toBeNull();
    const deadAt = performance.now();
    await moreRequests(load.results, 80);
    await load.stop();

    const { results } = load;
    // nginx resends a read the dead process did not answer; every read succeeded.
    const reads = results.filter((result) => result.method === 'GET');
    expect(
      reads.filter((result) => result.status !== 200),
      summary(results),
    ).toEqual([]);
    // A write nginx had already sent to the killed process is not resent (it may have been
    // stored): 502. Only those in flight at the kill, at most one per load worker.
    const failedWrites = results.filter(
      (result) => result.method === 'POST' && result.status !== 201,
    );
    expect(failedWrites.length, summary(results)).toBeLessThanOrEqual(4);
    for (const failed of failedWrites) {
      expect(failed.status).toBe(502);
      expect(failed.startedAt).toBeLessThan(deadAt);
    }
    // Every write answered 201 is in the database.
    const created = results.filter((result) => result.status === 201).map((r) => r.code!);
    expect((await storedProjects(created)).sort()).toEqual(created.sort());
  }, 60_000);

  it('SIGTERM under load cuts no request: every read and write through nginx succeeds, the process exits 0, the other serves on', async () => {
    const load = startLoad(proxy.cluster.url, admin.access_token, adminId);
    const profileReads = (index: number) =>
      arrivals(index).filter((req) => req.url === '/api/users/profile').length;
    const before = [profileReads(0), profileReads(1)];
    // Both processes are taking the load.
    await waitUntil(() => profileReads(0) > before[0]! + 5 && profileReads(1) > before[1]! + 5, {
      timeoutMs: 20_000,
      what: 'both processes serving the load',
    });
    const code = await proxy.cluster.processes[1]!.kill('SIGTERM');
    await moreRequests(load.results, 80);
    await load.stop();

    expect(code).toBe(0);
    const { results } = load;
    expect(
      results.filter((result) => result.status === 0 || result.status >= 300),
      summary(results),
    ).toEqual([]);
    const created = results.filter((result) => result.status === 201).map((r) => r.code!);
    expect((await storedProjects(created)).sort()).toEqual(created.sort());
    const messages = proxy
      .server(1)
      .logs()
      .map((line) => line.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'shutting down: finishing requests in flight',
        'mail worker stopped',
        'stopped: requests finished, mail worker stopped, database closed',
      ]),
    );
    // The one left serves on.
    expect((await through('GET', '/api/ready')).status).toBe(200);
  }, 60_000);
});

describe('SIGTERM without a proxy', () => {
  it('answers the requests in flight and on open connections in full, readiness 503, then exits 0', async () => {
    const member = proxy.cluster.processes[0]!;
    const server = proxy.server(0);
    // Two keep-alive connections, idle once their first answer is read.
    const agents = [0, 1].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    for (const agent of agents) {
      expect((await send(member.url, 'GET', '/api/health', { agent })).status).toBe(200);
    }

    // A write whose body is still arriving when the signal comes.
    const payload = JSON.stringify({
      code: 'IN-FLIGHT-1',
      name: 'In flight',
      client: 'Acme',
      currency: 'GBP',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      ownerId: adminId,
      budget: { amount: 1_000, currency: 'GBP' },
    });
    const writesBefore = arrivals(0).filter((req) => req.url === '/api/projects').length;
    const half = Math.floor(payload.length / 2);
    const request = http.request(`${member.url}/api/projects`, {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${admin.access_token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
    });
    request.write(payload.slice(0, half));
    await waitUntil(
      () => arrivals(0).filter((req) => req.url === '/api/projects').length > writesBefore,
      { what: 'the write reached the server' },
    );

    const exited = member.kill('SIGTERM');
    await waitUntil(
      () =>
        server.logs().some((line) => line.msg === 'shutting down: finishing requests in flight'),
      { what: 'the server began shutting down' },
    );
    // The open connections are still served, in full, and then closed; readiness says 503.
    const profile = await send(member.url, 'GET', '/api/users/profile', {
      token: admin.access_token,
      agent: agents[0],
    });
    expect(profile.status).toBe(200);
    expect(profile.json().data.email).toBe(ADMIN.email);
    expect(profile.headers.connection).toBe('close');
    const ready = await send(member.url, 'GET', '/api/ready', { agent: agents[1] });
    expect(ready.status).toBe(503);
    expect(ready.json().message).toBe('Not ready: the process is shutting down');
    expect(ready.headers.connection).toBe('close');
    // No new connection is taken.
    await expect(send(member.url, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);

    request.end(payload.slice(half));
    const finished = await answer;
    expect(finished.status, finished.body).toBe(201);
    expect(JSON.parse(finished.body).data.code).toBe('IN-FLIGHT-1');
    expect(await exited).toBe(0);
    for (const agent of agents) agent.destroy();
    expect(await storedProjects(['IN-FLIGHT-1'])).toEqual(['IN-FLIGHT-1']);
  }, 30_000);
});
