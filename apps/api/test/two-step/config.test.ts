import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { createTestApp } from '../helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-two-step-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'a-configured-secret-of-at-least-32-bytes';
const load = (env: Record<string, string>) =>
  loadConfig({ INIT_CWD: dir, AUTH_SECRET: SECRET, ...env });

describe('MFA_REQUIRED_ROLES', () => {
  it('is a comma-separated list of positions; unset means none', () => {
    expect(load({}).twoStepRequiredRoles).toEqual([]);
    expect(load({ MFA_REQUIRED_ROLES: ' admin , finance,admin' }).twoStepRequiredRoles).toEqual([
      'admin',
      'finance',
    ]);
  });

  it('refuses an unknown position with one line naming the variable', () => {
    expect(() => load({ MFA_REQUIRED_ROLES: 'admin,boss' })).toThrow(ConfigError);
    expect(() => load({ MFA_REQUIRED_ROLES: 'admin,boss' })).toThrow(/MFA_REQUIRED_ROLES .*boss/);
  });

  it('unset in production, the start logs a warning', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const t = await createTestApp({ env: { NODE_ENV: 'production' }, logger });
    try {
      expect(lines.join('')).toContain('MFA_REQUIRED_ROLES is unset');
    } finally {
      await t.close();
    }
  });
});
