import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_MESSAGES } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../src/cli/run-cli.js';
import { bearer, createTestApp, login, loginTokens, runCliOn, type TestApp } from '../helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cli = (...argv: string[]) => runCliOn(t, ...argv);

describe('cli', () => {
  it('migrate reports an up-to-date database', async () => {
    const result = await cli('migrate');
    expect(result).toMatchObject({ code: EXIT_OK, stdout: 'Database is up to date.\n' });
  });

  it('create-user makes an account that can sign in', async () => {
    const result = await cli(
      'create-user',
      '--email',
      'Carol@Example.com',
      '--password',
      'Amber-Kite-31',
      '--position',
      'project_manager',
      '--name',
      'Carol Jones',
    );
    expect(result.code).toBe(EXIT_OK);
    expect(result.stdout).toMatch(/^Created active project_manager carol@example\.com \(/);

    const tokens = await loginTokens(t, { email: 'carol@example.com', password: 'Amber-Kite-31' });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(tokens.access_token),
    });
    expect(profile.json().data).toMatchObject({
      email: 'carol@example.com',
      fullName: 'Carol Jones',
      position: 'project_manager',
      status: 'active',
    });
  });

  it('create-user makes a pending user without a password', async () => {
    const result = await cli(
      'create-user',
      '--email',
      'dan@example.com',
      '--position',
      'finance',
      '--status',
      'pending',
    );
    expect(result.code).toBe(EXIT_OK);
    const row = await t.db
      .selectFrom('users')
      .select(['status', 'password_hash', 'full_name'])
      .where('email', '=', 'dan@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', password_hash: null, full_name: null });
  });

  it('create-user refuses bad input with exit code 2 and the shared messages', async () => {
    const weak = await cli(
      'create-user',
      '--email',
      'erin@example.com',
      '--password',
      'weak',
      '--position',
      'admin',
    );
    expect(weak.code).toBe(EXIT_USAGE);
    expect(weak.stderr).toContain(
      '--password: Please enter at least 8 characters, including a uppercase letter, lowercase letter, number and special character.',
    );

    const badEmail = await cli(
      'create-user',
      '--email',
      'erin',
      '--position',
      'admin',
      '--password',
      'Basalt-Moth-42',
    );
    expect(badEmail.code).toBe(EXIT_USAGE);
    expect(badEmail.stderr).toContain('--email: Email is invalid.');

    const missing = await cli('create-user', '--password', 'Basalt-Moth-42');
    expect(missing.code).toBe(EXIT_USAGE);
    expect(missing.stderr).toContain('--email is required');
    expect(missing.stderr).toContain('--position is required');

    const badPosition = await cli(
      'create-user',
      '--email',
      'erin@example.com',
      '--position',
      'ceo',
      '--password',
      'Basalt-Moth-42',
    );
    expect(badPosition.code).toBe(EXIT_USAGE);
    expect(badPosition.stderr).toContain('--position');

    const unknownOption = await cli('create-user', '--mail', 'erin@example.com');
    expect(unknownOption.code).toBe(EXIT_USAGE);

    const activeWithout = await cli(
      'create-user',
      '--email',
      'erin@example.com',
      '--position',
      'admin',
    );
    expect(activeWithout.code).toBe(EXIT_FAILURE);
    expect(activeWithout.stderr).toContain('needs a password');

    const none = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'erin@example.com')
      .execute();
    expect(none).toHaveLength(0);
  });

  it('create-user refuses a taken email with exit code 1', async () => {
    const args = [
      'create-user',
      '--email',
      'frank@example.com',
      '--position',
      'contractor',
      '--password',
      'Cobalt-Reed-53',
    ];
    expect((await cli(...args)).code).toBe(EXIT_OK);
    const again = await cli(...args.map((arg) => arg.replace('frank@', 'FRANK@')));
    expect(again.code).toBe(EXIT_FAILURE);
    expect(again.stderr).toContain(API_MESSAGES.emailTaken);
  });

  it('set-password replaces the password and ends the user’s sessions', async () => {
    await cli(
      'create-user',
      '--email',
      'gina@example.com',
      '--position',
      'admin',
      '--password',
      'Dune-Lantern-64',
    );
    const before = await loginTokens(t, { email: 'gina@example.com', password: 'Dune-Lantern-64' });

    const result = await cli(
      'set-password',
      '--email',
      'GINA@example.com',
      '--password',
      'Ember-Quill-75',
    );
    expect(result.code).toBe(EXIT_OK);
    expect(result.stdout).toContain('gina@example.com');

    expect((await login(t, 'gina@example.com', 'Dune-Lantern-64')).statusCode).toBe(400);
    expect((await login(t, 'gina@example.com', 'Ember-Quill-75')).statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(before.access_token),
    });
    expect(old.statusCode).toBe(401);
  });

  it('set-password fails with exit code 1 for an unknown email', async () => {
    const result = await cli(
      'set-password',
      '--email',
      'nobody@example.com',
      '--password',
      'Fjord-Otter-86',
    );
    expect(result.code).toBe(EXIT_FAILURE);
    expect(result.stderr).toContain('User not found');
  });

  it('list-users prints a table, or JSON with --json', async () => {
    const table = await cli('list-users');
    expect(table.code).toBe(EXIT_OK);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^EMAIL\s+POSITION\s+STATUS\s+NAME\s+CREATED\s+ID$/);
    expect(
      rows.some((row) =>
        /^carol@example\.com\s+project_manager\s+active\s+Carol Jones\s/.test(row),
      ),
    ).toBe(true);
    expect(table.stdout).not.toContain('$argon2');

    const json = await cli('list-users', '--json');
    const users = JSON.parse(json.stdout);
    expect(users.map((user: { email: string }) => user.email)).toEqual(
      expect.arrayContaining(['carol@example.com', 'dan@example.com']),
    );
  });

  it('prints usage for no command (exit 2) and refuses unknown commands', async () => {
    const none = await cli();
    expect(none.code).toBe(EXIT_USAGE);
    expect(none.stdout).toContain('Usage: npm run cli -- <command>');
    const unknown = await cli('drop-everything');
    expect(unknown.code).toBe(EXIT_USAGE);
    expect(unknown.stderr).toContain('Unknown command "drop-everything"');
  });
});

describe('src/cli.ts as a process', () => {
  const apiDir = path.resolve(import.meta.dirname, '..', '..');
  const tsx = path.resolve(apiDir, '..', '..', 'node_modules', '.bin', 'tsx');
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-cli-'));
    writeFileSync(
      path.join(dir, '.env'),
      'DATABASE_URL=sqlite:./data/from-dotenv.db\nLOG_LEVEL=silent\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Like `npm run cli` typed in `dir`: npm runs the script in apps/api with INIT_CWD=dir. */
  const run = (...args: string[]) =>
    promisify(execFile)(tsx, ['src/cli.ts', ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, INIT_CWD: dir },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('reads .env from INIT_CWD, resolves paths against it and exits with the command’s code', async () => {
    const created = await run(
      'create-user',
      '--email',
      'hal@example.com',
      '--position',
      'admin',
      '--password',
      'Garnet-Wisp-97',
    );
    expect(created.stdout).toContain('Created active admin hal@example.com');
    expect(created.code).toBe(0);
    expect(existsSync(path.join(dir, 'data', 'from-dotenv.db'))).toBe(true);

    const bad = await run('create-user', '--bogus');
    expect(bad.code).toBe(EXIT_USAGE);
    expect(bad.stderr).toContain("Unknown option '--bogus'");
  });
});
