// A second API server for the SSO browser tests, configured with the company's provider
// (company-provider.ts): the other tests' server has no company sign-in, and a provider's
// configuration is read at the server's start. Its own SQLite database and port; mail goes to
// the shared test SMTP server.
import type { APIRequestContext } from '@playwright/test';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Position, Status } from '@staff-admin/shared';
import { expect, PASSWORD, uniqueEmail, type TestUser } from './fixtures.js';
import { startCompanyProvider, type CompanyProvider } from './company-provider.js';

const run = promisify(execFile);

/** How every launcher runs the built server (apps/api/server-command.mjs, which has no types). */
async function apiServerArgs(): Promise<string[]> {
  const command: string = '../../apps/api/server-command.mjs';
  return ((await import(command)) as { API_SERVER_ARGS: string[] }).API_SERVER_ARGS;
}
const root = fileURLToPath(new URL('../..', import.meta.url));
const env = process.env as Record<string, string>;

/** The name the SSO button shows. */
export const COMPANY_NAME = 'Company ID';
/** Email domain whose staff must use company sign-in. */
export const SSO_ONLY_DOMAIN = 'sso-only.test';

export interface Invitee {
  email: string;
  fullName: string;
  position: Position;
}

export interface SsoServer {
  baseURL: string;
  provider: CompanyProvider;
  adminEmail: string;
  createUser: (overrides?: Partial<TestUser>) => Promise<TestUser>;
  /** Invites one person as the first admin, through the API. */
  invite: (request: APIRequestContext, person: Invitee) => Promise<void>;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitForHealth(baseURL: string, api: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (api.exitCode !== null) throw new Error(`the SSO test server exited (${api.exitCode})`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the SSO test server did not start within 60 s');
}

export async function startSsoServer(): Promise<SsoServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-admin-e2e-sso-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const provider = await startCompanyProvider(`${baseURL}/api/auth/oidc/callback`);
  const database = { INIT_CWD: dataDir, DATABASE_URL: `sqlite:${dataDir}/db.sqlite` };
  const adminEmail = 'first-admin@company.test';

  const api = spawn(process.execPath, await apiServerArgs(), {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...database,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      UPLOAD_DIR: `${dataDir}/uploads`,
      SMTP_URL: `smtp://127.0.0.1:${env.E2E_SMTP_PORT}`,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: env.E2E_ADMIN_PASSWORD,
      SUPPORT_EMAIL: 'help@company.test',
      RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_DISPLAY_NAME: COMPANY_NAME,
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'staff-admins=admin,finance=finance,staff=contractor',
      SSO_REQUIRED_DOMAINS: SSO_ONLY_DOMAIN,
    },
  });
  await waitForHealth(baseURL, api);

  /** Creates a user through the operator CLI, on this server's database. */
  async function createUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
    const user: TestUser = {
      email: uniqueEmail(),
      password: PASSWORD,
      fullName: 'Casey Tester',
      position: 'contractor' satisfies Position,
      status: 'active' satisfies Status,
      ...overrides,
    };
    const args = ['apps/api/dist/cli.js', 'create-user', '--email', user.email];
    args.push('--position', user.position, '--status', user.status, '--name', user.fullName);
    if (user.status !== 'pending') args.push('--password', user.password);
    await run(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...database, LOG_LEVEL: 'warn' },
    });
    return user;
  }

  async function invite(request: APIRequestContext, person: Invitee): Promise<void> {
    const login = await request.post(`${baseURL}/api/auth/login`, {
      data: { email: adminEmail, password: env.E2E_ADMIN_PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const invited = await request.post(`${baseURL}/api/users/bulk-create`, {
      headers: { authorization: `Bearer ${token}` },
      data: { users: [person] },
    });
    expect(invited.status(), await invited.text()).toBe(201);
  }

  return {
    baseURL,
    provider,
    adminEmail,
    createUser,
    invite,
    async stop() {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
      await provider.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
