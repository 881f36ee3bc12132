import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { EXIT_FAILURE, EXIT_OK, runCli } from '../../src/cli/run-cli.js';
import { loadConfig } from '../../src/config/env.js';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations as allMigrations } from '../../src/db/migrations/index.js';
import { createLogger } from '../../src/lib/logger.js';
import {
  createTestApp,
  createTestDatabaseUrl,
  createUser,
  TEST_AUTH_SECRET,
  testEnv,
  type TestApp,
  waitUntil,
} from '../helpers.js';
import { multipart, solidPng } from '../images.js';
import { hostAndPort, TcpProxy } from '../faults/tcp-proxy.js';
import { startServerProcess } from '../server-process.js';

interface ReadyBody {
  data?: { redis: string };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/ready', () => {
  it('answers ok when the database (and Redis, when configured) answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        status: 'ok',
        database: 'ok',
        redis: process.env.TEST_REDIS_URL ? 'ok' : 'not configured',
      },
    });
  });

  it('answers 503 when the database is unreachable', async () => {
    const database = createDatabase(t.config.database);
    const app = await buildApp(t.config, { database, logger: createLogger('silent') });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await database.db.destroy();
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 503,
        message: 'Not ready: the database is unreachable',
      });
    } finally {
      await app.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl) {
    it('stays ready without Redis (the process serves on its own), saying Redis is unavailable', async () => {
      const proxy = await TcpProxy.start(hostAndPort(redisUrl));
      const app = await buildApp(
        { ...t.config, redisUrl: `redis://${proxy.url}` },
        { database: t.database, logger: createLogger('silent') },
      );
      const ready = async () => {
        const response = await app.inject({ method: 'GET', url: '/api/ready' });
        return { status: response.statusCode, redis: response.json<ReadyBody>().data?.redis };
      };
      try {
        expect(await ready()).toEqual({ status: 200, redis: 'ok' });
        await proxy.cut();
        expect(await ready()).toEqual({ status: 200, redis: 'unavailable' });
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        await proxy.restore();
        await waitUntil(async () => (await ready()).redis === 'ok', {
          timeoutMs: 5_000,
          what: 'Redis ok again once it came back',
        });
      } finally {
        await proxy.close();
        await app.close();
      }
    });
  }
});

describe('npm run db:backup', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-backup-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = async (argv: string[], config = t.config) => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(argv, {
      config,
      io: { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) },
    });
    return { code, stdout, stderr };
  };

  it('copies a live SQLite database into data/backups/<time>.db with the online backup API', async () => {
    const config = loadConfig(testEnv(dir, `sqlite:${path.join(dir, 'live.db')}`));
    const database = createDatabase(config.database);
    await migrateToLatest(database);
    const app = await buildApp(config, { database, logger: createLogger('silent') });
    try {
      for (let i = 0; i < 5; i += 1) await createUser({ services: app.services });
      // The server keeps writing while the backup runs.
      const writing = Promise.all(
        Array.from({ length: 5 }, () => createUser({ services: app.services })),
      );
      const result = await cli(['backup'], config);
      await writing;
      expect(result.code, result.stderr).toBe(EXIT_OK);
      const file = /to (\S+\.db) \(\d+ bytes\)/.exec(result.stdout)?.[1];
      expect(file).toBeDefined();
      expect(path.dirname(file!)).toBe(path.join(dir, 'data', 'backups'));
      expect(path.basename(file!)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/);

      const copy = new SQLite(file!, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        const { users } = copy.prepare('select count(*) as users from users').get() as {
          users: number;
        };
        expect(users).toBeGreaterThanOrEqual(5);
        expect(users).toBeLessThanOrEqual(10);
        const migrations = copy.prepare('select count(*) as n from kysely_migration').get();
        expect(migrations).toEqual({ n: Object.keys(allMigrations('sqlite')).length });
      } finally {
        copy.close();
      }

      const elsewhere = await cli(['backup', '--dir', path.join(dir, 'elsewhere')], config);
      expect(elsewhere.code).toBe(EXIT_OK);
      expect(elsewhere.stdout).toContain(path.join(dir, 'elsewhere'));
    } finally {
      await app.close();
      await database.db.destroy();
    }
  });

  it('points PostgreSQL users to pg_dump', async () => {
    const config = loadConfig(testEnv(dir, 'postgres://nobody@127.0.0.1:1/none'));
    const result = await cli(['backup'], config);
    expect(result.code).toBe(EXIT_FAILURE);
    expect(result.stderr).toBe(
      'backup: backup copies SQLite databases; for PostgreSQL use pg_dump (see docs/operations.md)\n',
    );
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, refuses new connections, stops the worker and closes the database', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-shutdown-'));
    const { url: databaseUrl, drop } = await createTestDatabaseUrl(dir);
    const server = await startServerProcess({
      INIT_CWD: dir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'Harbor-Finch-19',
      WEB_DIST_DIR: path.join(dir, 'no-site'),
    });
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.com', password: 'Harbor-Finch-19' }),
      });
      const { data } = (await login.json()) as { data: { access_token: string } };

      // An upload whose body is still arriving when the signal comes.
      const body = multipart([
        {
          field: 'file',
          filename: 'a.png',
          contentType: 'image/png',
          data: await solidPng(64, 64),
        },
      ]);
      const half = Math.floor(body.payload.length / 2);
      const request = http.request({
        host: '127.0.0.1',
        port: new URL(server.url).port,
        method: 'POST',
        path: '/api/uploads?dir=users',
        headers: {
          ...body.headers,
          authorization: `Bearer ${data.access_token}`,
          'content-length': body.payload.length,
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
      request.write(body.payload.subarray(0, half));
      // The server has the request (it logs it on arrival, before the body).
      const uploadArrived = () =>
        server
          .logs()
          .some(
            (line) =>
              line.msg === 'incoming request' &&
              String((line.req as { url?: unknown } | undefined)?.url).startsWith('/api/uploads'),
          );
      await waitUntil(uploadArrived, { what: 'the upload reached the server' });

      server.child.kill('SIGTERM');
      const shuttingDown = () =>
        server.logs().some((line) => line.msg === 'shutting down: finishing requests in flight');
      await waitUntil(shuttingDown, { what: 'the server began shutting down' });
      // Taking no new connection meanwhile; and still running, waiting for the upload.
      await waitUntil(
        () =>
          fetch(`${server.url}/api/health`).then(
            () => false,
            () => true,
          ),
        { what: 'new connections refused' },
      );
      expect(server.child.exitCode).toBeNull();

      request.end(body.payload.subarray(half));
      const finished = await answer;
      expect(finished.status).toBe(201);
      expect(JSON.parse(finished.body).data.path).toMatch(/^\/api\/files\/users\//);
      expect(await server.exited).toBe(0);
      const messages = server.logs().map((line) => line.msg);
      expect(messages).toEqual(
        expect.arrayContaining([
          'shutting down: finishing requests in flight',
          'mail worker stopped',
          'stopped: requests finished, mail worker stopped, database closed',
        ]),
      );
    } finally {
      await server.stop('SIGKILL');
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses to start in production with an AUTH_SECRET under 32 bytes, naming it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-secret-'));
    try {
      await expect(
        startServerProcess({
          INIT_CWD: dir,
          DATABASE_URL: `sqlite:${path.join(dir, 'x.db')}`,
          AUTH_SECRET: 'too-short-for-hs256',
        }),
      ).rejects.toThrow(
        /exited with 1 before listening:\nInvalid configuration: AUTH_SECRET must be at least 32 bytes long/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
