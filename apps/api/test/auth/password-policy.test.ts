import { API_MESSAGES, VALIDATION_MESSAGES, type TokenType } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_OK, EXIT_USAGE, runCli } from '../../src/cli/run-cli.js';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { newId } from '../../src/lib/ids.js';
import { createPasswordHasher } from '../../src/lib/password-hasher.js';
import { generateStrongPassword } from '../../src/modules/users/first-admin.js';
import {
  bearer,
  createTestApp,
  createUser,
  insertLinkToken,
  login,
  loginTokens,
  TEST_AUTH_SECRET,
  type TestApp,
} from '../helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linkToken = (userId: string, type: TokenType) => insertLinkToken(t, userId, type);

const setup = (token: string, password: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/setup',
    payload: { token, password, confirmedPassword: password },
  });

const reset = (token: string, newPassword: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/reset-password',
    payload: { token, newPassword, confirmNewPassword: newPassword },
  });

const change = (accessToken: string, password: string, newPassword: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/change-password',
    headers: bearer(accessToken),
    payload: { password, newPassword, confirmNewPassword: newPassword },
  });

/** Strong by SPEC §5, yet refused by the policy (for the email `margaret.hale@example.com`). */
const REFUSED = [
  ['a common password', 'Password1!', VALIDATION_MESSAGES.passwordCommon],
  ['a common password with symbols around it', '!!Dragon2024', VALIDATION_MESSAGES.passwordCommon],
  ['the email’s local part', 'Xx-Margaret.Hale-9', VALIDATION_MESSAGES.passwordContainsEmail],
] as const;

/** The refused password for this user: the local-part case is rebuilt from their own email. */
function withLocalPart(password: string, message: string, email: string): string {
  if (message !== VALIDATION_MESSAGES.passwordContainsEmail) return password;
  return `Xx-${email.split('@')[0]!}-9`;
}

describe('the password policy on every endpoint that sets a password', () => {
  it.each(REFUSED)(
    'setup refuses %s under `password`, and the token stays usable',
    async (_n, password, message) => {
      const user = await createUser(t, {
        email: `s-${newId().slice(0, 8)}@example.com`,
        status: 'pending',
      });
      const candidate = withLocalPart(password, message, user.email);
      const token = await linkToken(user.id, 'confirmation_token');
      const response = await setup(token, candidate);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message: API_MESSAGES.validationFailed,
        errors: { password: message },
      });
      expect((await setup(token, 'Harbor-Finch-19')).statusCode).toBe(200);
    },
  );

  it.each(REFUSED)('reset refuses %s under `newPassword`', async (_n, password, message) => {
    const user = await createUser(t, { email: `r-${newId().slice(0, 8)}@example.com` });
    const candidate = withLocalPart(password, message, user.email);
    const token = await linkToken(user.id, 'reset_password_token');
    const response = await reset(token, candidate);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ newPassword: message });
    // Refused before anything changed: the old password still works, the link still does.
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
    expect((await reset(token, 'Harbor-Finch-19')).statusCode).toBe(200);
  });

  it.each(REFUSED)(
    'change-password refuses %s under `newPassword`',
    async (_n, password, message) => {
      const user = await createUser(t, { email: `c-${newId().slice(0, 8)}@example.com` });
      // Letter case does not hide the local part.
      const candidate =
        message === VALIDATION_MESSAGES.passwordContainsEmail
          ? `${withLocalPart(password, message, user.email).toUpperCase()}a`
          : password;
      const { access_token } = await loginTokens(t, user);
      const response = await change(access_token, user.password, candidate);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ newPassword: message });
      expect((await login(t, user.email, user.password)).statusCode).toBe(200);
    },
  );

  it('create-user and set-password in the CLI refuse them with the same words', async () => {
    const io = () => {
      const out = { stdout: '', stderr: '' };
      return {
        out,
        io: {
          stdout: (text: string) => void (out.stdout += text),
          stderr: (text: string) => void (out.stderr += text),
        },
      };
    };
    const email = 'margaret.hale@example.com';
    for (const [, password, message] of REFUSED) {
      const created = io();
      const code = await runCli(
        ['create-user', '--email', email, '--password', password, '--position', 'finance'],
        { config: t.config, io: created.io },
      );
      expect(code).toBe(EXIT_USAGE);
      expect(created.out.stderr).toContain(`--password: ${message}`);
    }
    const ok = io();
    expect(
      await runCli(
        ['create-user', '--email', email, '--password', 'Harbor-Finch-19', '--position', 'finance'],
        { config: t.config, io: ok.io },
      ),
    ).toBe(EXIT_OK);
    for (const [, password, message] of REFUSED) {
      const set = io();
      const code = await runCli(['set-password', '--email', email, '--password', password], {
        config: t.config,
        io: set.io,
      });
      expect(code).toBe(EXIT_USAGE);
      expect(set.out.stderr).toContain(`--password: ${message}`);
    }
    expect((await login(t, email, 'Harbor-Finch-19')).statusCode).toBe(200);
  });

  it('refuses to start with such an ADMIN_PASSWORD', () => {
    for (const [, password, message] of REFUSED) {
      expect(() =>
        loadConfig({
          AUTH_SECRET: TEST_AUTH_SECRET,
          ADMIN_EMAIL: 'Margaret.Hale@example.com',
          ADMIN_PASSWORD: password,
        }),
      ).toThrow(new ConfigError(`Invalid configuration: ADMIN_PASSWORD is refused: ${message}`));
    }
  });

  it('generates first-admin passwords that pass it', () => {
    for (let i = 0; i < 50; i += 1) {
      expect(generateStrongPassword('admin@localhost')).not.toMatch(/admin/i);
    }
  });
});

describe('long passphrases', () => {
  // 128 characters: four classes, no common word, and a final character that matters.
  const passphrase = 'Correct horse battery staple 9! '.repeat(4).slice(0, 127) + 'X';
  const lastChanged = passphrase.slice(0, 127) + 'Y';

  it('are hashed whole: changing only the 128th character fails the verify', async () => {
    expect(passphrase).toHaveLength(128);
    const hasher = createPasswordHasher();
    const hash = await hasher.hash(passphrase);
    expect(await hasher.verify(hash, passphrase)).toBe(true);
    expect(await hasher.verify(hash, lastChanged)).toBe(false);
    const longer = `${passphrase}${'z'.repeat(128)}`;
    const longHash = await hasher.hash(longer);
    expect(await hasher.verify(longHash, longer)).toBe(true);
    expect(await hasher.verify(longHash, `${longer.slice(0, -1)}Z`)).toBe(false);
  });

  it('are accepted by setup and sign in only as typed', async () => {
    const user = await createUser(t, { status: 'pending' });
    const token = await linkToken(user.id, 'confirmation_token');
    expect((await setup(token, passphrase)).statusCode).toBe(200);
    expect((await login(t, user.email, passphrase)).statusCode).toBe(200);
    const wrong = await login(t, user.email, lastChanged);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(API_MESSAGES.passwordMismatch);
  });
});
