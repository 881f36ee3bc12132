import { createHmac, randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Position, Status, TokenPair, TokenType, User } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import type { Logger } from 'pino';
import { buildApp, type App, type BuildAppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/env.js';
import { createDatabase, type Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DB } from '../src/db/schema.js';
import type { AuthContext } from '../src/lib/auth-context.js';
import { toIso, type Clock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { createLogger } from '../src/lib/logger.js';
import type { PasswordHashCost } from '../src/lib/password-hasher.js';
import { generateOpaqueToken, hashToken } from '../src/lib/secure-token.js';
import type { CoreServices } from '../src/composition.js';
import { multipart, type FilePart } from './images.js';
import { databaseUrl, withPgClient } from './pg-admin.js';
import { runCli } from '../src/cli/run-cli.js';

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const TEST_PASSWORD = 'Correct-Horse-9';

/**
 * A clock that tests move: it starts at the real time (so files' and the database's own times stay
 * plausible) and moves only by `advance` or `set`, or, with `tickMs`, by that much after each
 * reading (for tests about the order of events: each step happens a moment after the last).
 */
export class ManualClock implements Clock {
  private current: number;
  private readonly tickMs: number;

  constructor({ start = Date.now(), tickMs = 0 }: { start?: number; tickMs?: number } = {}) {
    this.current = start;
    this.tickMs = tickMs;
  }

  now(): number {
    const now = this.current;
    this.current += this.tickMs;
    return now;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(epochMs: number): void {
    this.current = epochMs;
  }
}

export interface TestApp {
  app: App;
  /** The app's clock: tests move it instead of sleeping. */
  clock: ManualClock;
  db: Kysely<DB>;
  database: Database;
  config: Config;
  services: CoreServices;
  /** A temporary folder for this app (INIT_CWD): relative paths and data/ land here. */
  dir: string;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  logger?: Logger;
  /** The app's clock; a new ManualClock at the real time unless given. */
  clock?: ManualClock;
  /** How the app reaches its fresh database (fault tests put a proxy in between). */
  databaseUrl?: (url: string) => string;
  /** Told of every route the app registers, as it registers it. */
  onRoute?: BuildAppOptions['onRoute'];
  /** The maintenance windows uptime history leaves out; none unless given. */
  uptimeExclusions?: BuildAppOptions['uptimeExclusions'];
  /** Where alert notices go (the alert channels module's unless given). */
  alertDelivery?: BuildAppOptions['alertDelivery'];
  /**
   * argon2id's cost: TEST_PASSWORD_HASH_COST unless given. Tests that need a hash to take as long
   * as in production (timing, the hashing queue, rehashing weaker hashes) give PASSWORD_HASH_COST.
   */
  passwordHashCost?: PasswordHashCost;
}

/**
 * The test apps' argon2id cost: 1 MiB and one pass, about 1 ms a hash where the server's (19 MiB,
 * two passes) takes 50 ms or more. Most tests sign people in and out by the dozen and are about
 * anything but the hash; buildApp cannot be given a cost by configuration, only by its options.
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 1024, timeCost: 1 };

const usePostgres = () => process.env.TEST_DB === 'postgres';

/**
 * A fresh, empty database: a temp SQLite file, or a new PostgreSQL database on TEST_DATABASE_URL.
 * `migrated`: a copy of the run's migrated template instead (test/global-setup.ts).
 */
export async function createTestDatabaseUrl(
  dir: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  if (!usePostgres()) {
    const filename = path.join(dir, 'test.db');
    const template = migrated ? inject('sqliteTemplate') : null;
    if (template) copyFileSync(template, filename);
    return { url: `sqlite:${filename}`, drop: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `staff_admin_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? inject('pgTemplate') : null;
  await withPgClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await withPgClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/** The env a test app starts from; `env` entries replace these. */
export function testEnv(dir: string, databaseUrl: string, env: Record<string, string> = {}) {
  return {
    NODE_ENV: 'test',
    INIT_CWD: dir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_PER_MINUTE: '10000',
    WEB_DIST_DIR: path.join(dir, 'no-site-here'),
    // Webhook receivers in tests listen on 127.0.0.1; the SSRF tests turn this off.
    ALERT_WEBHOOK_ALLOW_PRIVATE: 'true',
    // TEST_REDIS_URL: counters, rate limits and revocations of every test app live in Redis,
    // each app under its own prefix.
    ...(process.env.TEST_REDIS_URL
      ? {
          REDIS_URL: process.env.TEST_REDIS_URL,
          REDIS_PREFIX: `staff-admin-test:${randomBytes(6).toString('hex')}:`,
        }
      : {}),
    ...env,
  };
}

/** Boots the real app (buildApp + migrations, which find nothing to do) on a copy of the migrated template. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-api-'));
  const { url, drop } = await createTestDatabaseUrl(dir, { migrated: true });
  const reachedAt = options.databaseUrl ? options.databaseUrl(url) : url;
  const config = loadConfig(testEnv(dir, reachedAt, options.env));
  const database = createDatabase(config.database);
  await migrateToLatest(database);
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? new ManualClock();
  const app = await buildApp(config, {
    database,
    logger,
    clock,
    onRoute: options.onRoute,
    ...(options.uptimeExclusions && { uptimeExclusions: options.uptimeExclusions }),
    alertDelivery: options.alertDelivery,
    passwordHashCost: options.passwordHashCost ?? TEST_PASSWORD_HASH_COST,
  });
  await app.ready();
  return {
    app,
    clock,
    db: database.db,
    database,
    config,
    services: app.services,
    dir,
    async close() {
      await app.close();
      await database.db.destroy();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface UserOverrides {
  email?: string;
  password?: string;
  position?: Position;
  status?: Status;
  fullName?: string | null;
  invitedBy?: string | null;
}

export type TestUser = User & { password: string };

let emailCounter = 0;

/** An address no other user of this test run has: `label`, a counter and a random tail. */
export const uniqueEmail = (label = 'user') =>
  `${label}${++emailCounter}-${randomBytes(3).toString('hex')}@example.com`;

let userCounter = 0;

/** Factory: an active contractor with TEST_PASSWORD unless told otherwise (pending users get none). */
export async function createUser(
  { services }: Pick<TestApp, 'services'>,
  overrides: UserOverrides = {},
): Promise<TestUser> {
  userCounter += 1;
  const status = overrides.status ?? 'active';
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await services.users.create({
    email: overrides.email ?? uniqueEmail(),
    password: status === 'pending' ? undefined : password,
    position: overrides.position ?? 'contractor',
    status,
    fullName: overrides.fullName === undefined ? `Test User ${userCounter}` : overrides.fullName,
    invitedBy: overrides.invitedBy ?? null,
  });
  return { ...user, password };
}

/** The active admins' ids, straight from the database. */
export const activeAdminIds = ({ db }: Pick<TestApp, 'db'>) =>
  db
    .selectFrom('users')
    .select('id')
    .where('position', '=', 'admin')
    .where('status', '=', 'active')
    .execute();

/**
 * A caller whose rights are stale, for the last-active-admin rule: a former admin (now finance)
 * whose call passed the role check just before they were demoted.
 */
export async function staleAdminActor(testApp: Pick<TestApp, 'services'>): Promise<AuthContext> {
  const former = await createUser(testApp, { position: 'finance' });
  return {
    userId: former.id,
    sessionId: 'stale',
    position: 'admin',
    status: 'active',
    twoStepEnabled: false,
    twoStepByProvider: false,
    reauthenticatedAt: null,
  };
}

/**
 * Two new admins, made the app's only admins (every other admin becomes a contractor), each
 * signed in: for two admins racing each other over the last-active-admin rule.
 */
export async function twoLastAdmins(testApp: Pick<TestApp, 'app' | 'db' | 'services'>) {
  const a = await createUser(testApp, { position: 'admin' });
  const b = await createUser(testApp, { position: 'admin' });
  await testApp.db
    .updateTable('users')
    .set({ position: 'contractor' })
    .where('position', '=', 'admin')
    .where('id', 'not in', [a.id, b.id])
    .execute();
  const [tokenA, tokenB] = await Promise.all([loginTokens(testApp, a), loginTokens(testApp, b)]);
  return { a, b, tokenA, tokenB };
}

export function login(
  { app }: Pick<TestApp, 'app'>,
  email: string,
  password: string,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Signs in and returns the token pair; fails the test unless the login answers 200. */
export async function loginTokens(
  testApp: Pick<TestApp, 'app'>,
  user: { email: string; password: string },
): Promise<TokenPair> {
  const response = await login(testApp, user.email, user.password);
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ data: TokenPair }>().data;
}

export type SignedInUser = TestUser & { tokens: TokenPair };

/** createUser, then loginTokens: the new user with the token pair of their first sign-in. */
export async function createSignedInUser(
  testApp: Pick<TestApp, 'app' | 'services'>,
  overrides: UserOverrides = {},
): Promise<SignedInUser> {
  const user = await createUser(testApp, overrides);
  return { ...user, tokens: await loginTokens(testApp, user) };
}

/** The admin that user-management tests act as: Ada Admin unless told otherwise, signed in. */
export const createSignedInAdmin = (
  testApp: Pick<TestApp, 'app' | 'services'>,
  overrides: UserOverrides = {},
) => createSignedInUser(testApp, { position: 'admin', fullName: 'Ada Admin', ...overrides });

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export const refresh = (
  { app }: Pick<TestApp, 'app'>,
  refreshToken: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/auth/refresh-token/${encodeURIComponent(refreshToken)}`,
    headers,
  });

export const getProfile = ({ app }: Pick<TestApp, 'app'>, accessToken: string) =>
  app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(accessToken) });

/** Sends files as multipart/form-data, to the single-file upload route unless told otherwise. */
export function uploadFiles(
  { app }: Pick<TestApp, 'app'>,
  accessToken: string,
  parts: FilePart[],
  url = '/api/uploads?dir=users',
) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(accessToken) },
  });
}

/** Where an uploaded picture, named by its public path, lies on disk. */
export const uploadedFilePath = ({ config }: Pick<TestApp, 'config'>, publicPath: string) =>
  path.join(config.uploadDir, 'users', path.basename(publicPath));

export const outboxRowsTo = ({ db }: Pick<TestApp, 'db'>, email: string) =>
  db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();

/** The payload of a JWT, without checking anything. */
export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** The session an access token belongs to. */
export const sessionOf = (tokens: TokenPair) => String(decodeJwt(tokens.access_token).sid);

/** Hand-made JWTs for forgery tests: any header, any payload, HMAC with any secret. */
export function craftJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string | null,
): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(payload)}`;
  if (secret === null) return `${unsigned}.`;
  const algorithm = header.alg === 'HS512' ? 'sha512' : 'sha256';
  return `${unsigned}.${createHmac(algorithm, secret).update(unsigned).digest('base64url')}`;
}

/**
 * Waits for a state outside the test's control (another process, a socket, a background job):
 * checks `condition` every few milliseconds until it holds, and fails after `timeoutMs`. Never a
 * way to let time pass: tests move the app's clock for that.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A link token (invitation or reset) for the user, as if it had been mailed: for tests about what
 * the token does, not about the mail (which the invitation and password tests follow for real).
 */
export async function insertLinkToken(
  { db, clock }: Pick<TestApp, 'db' | 'clock'>,
  userId: string,
  type: TokenType,
  ttlMs = 3_600_000,
): Promise<string> {
  const token = generateOpaqueToken();
  await db
    .insertInto('one_time_tokens')
    .values({
      id: newId(),
      user_id: userId,
      type,
      token_hash: hashToken(token),
      created_at: toIso(clock.now()),
      expires_at: toIso(clock.now() + ttlMs),
    })
    .execute();
  return token;
}

/** Runs an operator CLI command against the test app's database and collects what it prints. */
export async function runCliOn(t: TestApp, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    config: t.config,
    io: { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) },
  });
  return { code, stdout, stderr };
}
