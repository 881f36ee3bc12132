import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TokenPair } from '@staff-admin/shared';
import { expect } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { createDatabase, type Database } from '../../src/db/database.js';
import { createTestDatabaseUrl, testEnv } from '../helpers.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { FAST_MAIL_ENV, linkIn, startSmtpServer, type TestSmtpServer } from '../smtp.js';
import { call, signIn } from './process-http.js';

/** Which of the two processes. */
export type Twin = 'a' | 'b';

export interface TwinProcesses {
  /** The test's own folder (the database file on SQLite, the processes' upload folders). */
  dir: string;
  a: ServerProcess;
  b: ServerProcess;
  /** The first admin, signed in on `a`. */
  admin: TokenPair;
  /** The SMTP server both processes send through. */
  smtp: TestSmtpServer;
  /** The test's own connection to the processes' database. */
  database: Database;
  /** Stops both processes (SIGTERM), then everything else; answers their exit codes. */
  stop: () => Promise<(number | null)[]>;
}

/**
 * Two real API processes (src/server.ts, each with its own port, caches, Redis connections and
 * mail worker) on one new database (PostgreSQL in the api:postgres run, one SQLite file
 * otherwise), one Redis (TEST_REDIS_URL, a key prefix of their own) and one test SMTP server,
 * started at once with `admin` as the first admin, which is signed in on `a`. `env` is added to
 * both processes' settings, `envOf` to one process's.
 */
export async function startTwinProcesses({
  name,
  admin,
  env = {},
  envOf = () => ({}),
}: {
  name: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
  envOf?: (twin: Twin, dir: string) => Record<string, string>;
}): Promise<TwinProcesses> {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('test/multi-process needs TEST_REDIS_URL');
  const dir = mkdtempSync(path.join(os.tmpdir(), `staff-admin-${name}-`));
  const created = await createTestDatabaseUrl(dir);
  const smtp = await startSmtpServer();
  const shared = {
    INIT_CWD: dir,
    DATABASE_URL: created.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `staff-admin-test:${randomBytes(6).toString('hex')}:`,
    SMTP_URL: smtp.url,
    ...FAST_MAIL_ENV,
    TRUST_PROXY: '127.0.0.1',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    WEB_DIST_DIR: path.join(dir, 'no-site'),
    ...env,
  };
  const database = createDatabase(loadConfig(testEnv(dir, created.url)).database);
  const started: ServerProcess[] = [];
  const stop = async () => {
    const codes = await Promise.all(started.map((server) => server.stop()));
    await database.db.destroy();
    await smtp.stop();
    await created.drop();
    rmSync(dir, { recursive: true, force: true });
    return codes;
  };
  try {
    // Both start at once: migrations and the first admin must cope with a twin doing the same.
    const starts = await Promise.allSettled(
      (['a', 'b'] as const).map((twin) => startServerProcess({ ...shared, ...envOf(twin, dir) })),
    );
    for (const start of starts) if (start.status === 'fulfilled') started.push(start.value);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    const [a, b] = started as [ServerProcess, ServerProcess];
    const signedIn = await signIn(a, admin.email, admin.password);
    return { dir, a, b, admin: signedIn, smtp, database, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A person invited by the admin on `a` and set up on `b` with the mailed link: active. */
export async function inviteAndSetUp(
  { a, b, admin, smtp }: TwinProcesses,
  email: string,
  password: string,
): Promise<void> {
  const invited = await call(a, 'POST', '/api/users/bulk-create', {
    token: admin.access_token,
    body: { users: [{ email, position: 'contractor', fullName: 'Pat Example' }] },
  });
  expect(invited.status).toBe(201);
  const { token } = linkIn(await smtp.waitForMail(email), 'accept-invitation');
  const setup = await call(b, 'PATCH', '/api/users/setup', {
    body: { token, password, confirmedPassword: password },
  });
  expect(setup.status).toBe(200);
}
