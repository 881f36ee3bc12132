import { randomInt } from 'node:crypto';
import { isStrongPassword, passwordPolicyProblem } from '@staff-admin/shared';
import type { Config } from '../../config/env.js';
import { EmailTaken } from '../../lib/errors.js';
import type { UsersService } from './users.service.js';

const DEFAULT_ADMIN_EMAIL = 'admin@localhost';
const ADMIN_FULL_NAME = 'Administrator';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#$%&*+-=?@^_~';

export type FirstAdminResult =
  { created: false } | { created: true; email: string; generatedPassword?: string };

/**
 * 20 characters from 71 symbols (~123 bits), drawn again until every rule of SPEC §5 and the
 * password policy (for `email`) hold.
 */
export function generateStrongPassword(email: string, length = 20): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < length; i += 1) {
      password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    }
    if (isStrongPassword(password) && !passwordPolicyProblem(password, email)) return password;
  }
}

/**
 * On a database without users: the configured first admin, or `admin@localhost` with a random
 * password the caller must show once.
 */
export async function ensureFirstAdmin(
  users: UsersService,
  firstAdmin: Config['firstAdmin'],
): Promise<FirstAdminResult> {
  if (await users.hasAnyUser()) return { created: false };
  const email = firstAdmin?.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = firstAdmin ? undefined : generateStrongPassword(email);
  try {
    await users.create({
      email,
      password: firstAdmin?.password ?? generatedPassword,
      position: 'admin',
      status: 'active',
      fullName: ADMIN_FULL_NAME,
    });
  } catch (error) {
    // Another process starting at the same moment created it first.
    if (error instanceof EmailTaken) return { created: false };
    throw error;
  }
  return generatedPassword ? { created: true, email, generatedPassword } : { created: true, email };
}

/** The banner that shows a generated password once, on stdout (never through the logger). */
export function firstAdminBanner(email: string, password: string): string {
  const lines = [
    'First start: an administrator account was created.',
    `  email:    ${email}`,
    `  password: ${password}`,
    'This password is shown only once. Sign in and change it, or run:',
    `  npm run cli -- set-password --email ${email} --password '<new password>'`,
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '='.repeat(width);
  return ['', rule, ...lines.map((line) => `  ${line}`), rule, ''].join('\n') + '\n';
}
