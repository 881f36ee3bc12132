import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isStrongPassword } from '@staff-admin/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { prepareDatabase } from '../../src/bootstrap.js';
import { loadConfig } from '../../src/config/env.js';
import { createDatabase, type Database } from '../../src/db/database.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestDatabaseUrl, login, testEnv } from '../helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh database prepared the way the server prepares it at start, and what it printed. */
async function start(env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-first-'));
  const { url, drop } = await createTestDatabaseUrl(dir);
  const config = loadConfig(testEnv(dir, url, env));
  const database: Database = createDatabase(config.database);
  cleanups.push(async () => {
    await database.db.destroy();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const log = createLogger('silent');
  let printed = '';
  const prepare = () =>
    prepareDatabase(database, config, { log, print: (text) => void (printed += text) });
  await prepare();
  const app = await buildApp(config, { database, logger: log });
  cleanups.push(() => app.close());
  const users = () => database.db.selectFrom('users').selectAll().execute();
  return { app, printed: () => printed, prepare, users };
}

describe('first admin', () => {
  it('creates ADMIN_EMAIL / ADMIN_PASSWORD as an active admin and prints nothing', async () => {
    const started = await start({
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'Harbor-Finch-19',
    });
    expect(started.printed()).toBe('');
    const users = await started.users();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      email: 'owner@example.com',
      position: 'admin',
      status: 'active',
      full_name: 'Administrator',
    });
    expect(users[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(started, 'owner@example.com', 'Harbor-Finch-19')).statusCode).toBe(200);
  });

  it('otherwise creates admin@localhost with a random strong password shown once in a banner', async () => {
    const started = await start();
    const banner = started.printed();
    const password = /password: (\S+)/.exec(banner)?.[1] ?? '';
    expect(banner).toContain('email:    admin@localhost');
    expect(banner).toContain('shown only once');
    expect(password).toHaveLength(20);
    expect(isStrongPassword(password)).toBe(true);
    expect((await login(started, 'admin@localhost', password)).statusCode).toBe(200);

    // A second start finds a user and neither creates nor prints anything.
    await started.prepare();
    expect(started.printed()).toBe(banner);
    expect(await started.users()).toHaveLength(1);
  });
});
