import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { parseDuration } from '../../src/config/duration.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'a-configured-secret-of-at-least-32-bytes';

/** loadConfig's error message for this env, or a failure if it loads. */
function configError(env: Record<string, string>): string {
  try {
    loadConfig({ INIT_CWD: tempDir(), AUTH_SECRET: SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('applies the contract defaults, resolving relative paths against INIT_CWD', () => {
    const base = tempDir();
    const config = loadConfig({ INIT_CWD: base, AUTH_SECRET: SECRET });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      database: { engine: 'sqlite', filename: path.join(base, 'data', 'staff-admin.db') },
      auth: {
        secret: SECRET,
        accessTokenTtlMs: 15 * 60_000,
        refreshTokenTtlMs: 7 * 86_400_000,
        refreshReuseGraceMs: 10_000,
        sessionMaxAgeMs: 30 * 86_400_000,
        // Idle timeout defaults to the refresh-token lifetime.
        sessionIdleTimeoutMs: 7 * 86_400_000,
        sessionCacheTtlMs: 5_000,
        invitationTtlMs: 7 * 86_400_000,
        resetPasswordTtlMs: 3_600_000,
      },
      mail: {
        smtpUrl: undefined,
        from: 'Staff Admin <no-reply@localhost>',
        pollIntervalMs: 2_000,
        retryBaseMs: 5_000,
        retryMaxMs: 600_000,
        leaseMs: 300_000,
      },
      uploadDir: path.join(base, 'data', 'uploads'),
      uploadStorage: 'disk',
      accountExpiryMs: 365 * 86_400_000,
      redisUrl: undefined,
      redisPrefix: 'staff-admin:',
      firstAdmin: undefined,
      logLevel: 'info',
      limits: {
        authRequestsPerMinute: 60,
        loginFailuresBeforeLock: 10,
        forgotPasswordPerHour: 5,
        uploadsPerMinute: 30,
      },
      trustProxy: undefined,
      supportEmail: 'support@localhost',
      dataDir: path.join(base, 'data'),
    });
    // The built site, found from the module's own location: <repo>/apps/web/dist.
    expect(config.webDistDir).toBe(
      path.resolve(import.meta.dirname, '..', '..', '..', 'web', 'dist'),
    );
  });

  it('reads every variable', () => {
    const base = tempDir();
    const config = loadConfig({
      INIT_CWD: base,
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      APP_URL: 'https://staff.example.com/',
      DATABASE_URL: 'postgres://app:pw@db.internal:5432/staff',
      AUTH_SECRET: SECRET,
      ACCESS_TOKEN_TTL: '30s',
      REFRESH_TOKEN_TTL: '2d',
      REFRESH_REUSE_GRACE: '5s',
      SESSION_MAX_AGE: '14d',
      SESSION_IDLE_TIMEOUT: '8h',
      INVITATION_TTL: '3d',
      RESET_PASSWORD_TTL: '45m',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Staff <staff@example.com>',
      MAIL_POLL_INTERVAL: '500ms',
      MAIL_RETRY_BASE: '1s',
      MAIL_RETRY_MAX: '1m',
      MAIL_LEASE: '2m',
      UPLOAD_DIR: 'files',
      UPLOAD_STORAGE: 'database',
      ACCOUNT_EXPIRY: '730d',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'staff-prod:',
      SESSION_CACHE_TTL: 'off',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'Str0ng-Passw0rd!',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      RATE_LIMIT_PER_MINUTE: '20',
      LOGIN_FAILURES_BEFORE_LOCK: '4',
      FORGOT_PASSWORD_PER_HOUR: '2',
      UPLOADS_PER_MINUTE: '7',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      SUPPORT_EMAIL: 'help@example.com',
      WEB_DIST_DIR: 'site',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      appUrl: 'https://staff.example.com',
      database: {
        engine: 'postgres',
        connectionString: 'postgres://app:pw@db.internal:5432/staff',
      },
      auth: {
        accessTokenTtlMs: 30_000,
        refreshTokenTtlMs: 2 * 86_400_000,
        refreshReuseGraceMs: 5_000,
        sessionMaxAgeMs: 14 * 86_400_000,
        sessionIdleTimeoutMs: 8 * 3_600_000,
        sessionCacheTtlMs: 0,
        invitationTtlMs: 3 * 86_400_000,
        resetPasswordTtlMs: 45 * 60_000,
      },
      mail: {
        smtpUrl: 'smtp://user:pass@mail.example.com:587',
        from: 'Staff <staff@example.com>',
        pollIntervalMs: 500,
        retryBaseMs: 1_000,
        retryMaxMs: 60_000,
        leaseMs: 120_000,
      },
      uploadDir: path.join(base, 'files'),
      uploadStorage: 'database',
      accountExpiryMs: 730 * 86_400_000,
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'staff-prod:',
      firstAdmin: { email: 'boss@example.com', password: 'Str0ng-Passw0rd!' },
      logLevel: 'warn',
      logFormat: 'json',
      limits: {
        authRequestsPerMinute: 20,
        loginFailuresBeforeLock: 4,
        forgotPasswordPerHour: 2,
        uploadsPerMinute: 7,
      },
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
      supportEmail: 'help@example.com',
      webDistDir: path.join(base, 'site'),
    });
  });

  it('accepts sqlite::memory:, absolute sqlite paths and hop-count or boolean TRUST_PROXY', () => {
    const memory = loadConfig({ AUTH_SECRET: SECRET, DATABASE_URL: 'sqlite::memory:' });
    expect(memory.database).toEqual({ engine: 'sqlite', filename: ':memory:' });
    const absolute = loadConfig({ AUTH_SECRET: SECRET, DATABASE_URL: 'sqlite:/var/lib/sa.db' });
    expect(absolute.database).toEqual({ engine: 'sqlite', filename: '/var/lib/sa.db' });
    expect(loadConfig({ AUTH_SECRET: SECRET, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ AUTH_SECRET: SECRET, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    // Empty values count as unset.
    expect(loadConfig({ AUTH_SECRET: SECRET, PORT: '' }).port).toBe(3000);
  });

  it('refuses bad values with one line that names the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535'],
      [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535'],
      [
        { ACCESS_TOKEN_TTL: '15 minutes' },
        'ACCESS_TOKEN_TTL must be a duration like 30s, 15m, 1h or 7d',
      ],
      [{ REFRESH_TOKEN_TTL: '0d' }, 'REFRESH_TOKEN_TTL must be a duration'],
      [{ MAIL_RETRY_BASE: 'soon' }, 'MAIL_RETRY_BASE must be a duration'],
      [{ SESSION_IDLE_TIMEOUT: 'forever' }, 'SESSION_IDLE_TIMEOUT must be a duration'],
      [{ SESSION_MAX_AGE: '30 days' }, 'SESSION_MAX_AGE must be a duration'],
      [{ SESSION_CACHE_TTL: 'never' }, 'SESSION_CACHE_TTL must be a duration'],
      [{ ACCOUNT_EXPIRY: '1 year' }, 'ACCOUNT_EXPIRY must be a duration'],
      [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must be sqlite:PATH'],
      [{ APP_URL: 'staff.example.com' }, 'APP_URL must be an http:// or https:// URL'],
      [
        { LOG_LEVEL: 'verbose' },
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      ],
      [{ LOG_FORMAT: 'text' }, 'LOG_FORMAT must be one of json, pretty'],
      [{ UPLOAD_STORAGE: 's3' }, 'UPLOAD_STORAGE must be one of disk, database'],
      [
        { RATE_LIMIT_PER_MINUTE: '0' },
        'RATE_LIMIT_PER_MINUTE must be a whole number of at least 1',
      ],
      [{ LOGIN_FAILURES_BEFORE_LOCK: '-1' }, 'LOGIN_FAILURES_BEFORE_LOCK must be a whole number'],
      [{ UPLOADS_PER_MINUTE: '0' }, 'UPLOADS_PER_MINUTE must be a whole number of at least 1'],
      [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
      [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
      [{ TRUST_PROXY: 'my-proxy' }, 'TRUST_PROXY must be true, false, a hop count'],
      [{ SUPPORT_EMAIL: 'help' }, 'SUPPORT_EMAIL must be a valid email address'],
      [{ ALERT_WEBHOOK_ALLOW_PRIVATE: 'yes' }, 'ALERT_WEBHOOK_ALLOW_PRIVATE must be true or false'],
      [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 bytes long'],
      [{ NODE_ENV: 'staging' }, 'NODE_ENV must be development, production or test'],
      [
        { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'weak' },
        'ADMIN_PASSWORD is too weak: Please enter at least 8 characters',
      ],
      [{ ADMIN_EMAIL: 'boss@example.com' }, 'ADMIN_PASSWORD must be set when ADMIN_EMAIL is set'],
    ];
    for (const [env, expected] of cases) {
      const message = configError(env);
      expect(message, JSON.stringify(env)).toContain(expected);
      expect(message).toMatch(/^Invalid configuration: /);
      expect(message).not.toContain('\n');
    }
    // Several problems still make one line.
    const both = configError({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(both).toContain('PORT');
    expect(both).toContain('LOG_LEVEL');
    expect(both).not.toContain('\n');
  });

  it('keeps alert webhooks to public addresses unless ALERT_WEBHOOK_ALLOW_PRIVATE=true', () => {
    const base = { INIT_CWD: tempDir(), AUTH_SECRET: SECRET };
    const allowPrivate = (env: Record<string, string>) =>
      loadConfig({ ...base, ...env }).alerts.webhookAllowPrivate;
    expect(allowPrivate({})).toBe(false);
    expect(allowPrivate({ ALERT_WEBHOOK_ALLOW_PRIVATE: 'false' })).toBe(false);
    expect(allowPrivate({ ALERT_WEBHOOK_ALLOW_PRIVATE: 'true' })).toBe(true);
  });

  it('reads the alert rules evaluation interval in seconds, 60 by default', () => {
    const base = { INIT_CWD: tempDir(), AUTH_SECRET: SECRET };
    expect(loadConfig(base).alerts.evaluationIntervalMs).toBe(60_000);
    expect(
      loadConfig({ ...base, ALERTS_EVALUATION_INTERVAL: '15' }).alerts.evaluationIntervalMs,
    ).toBe(15_000);
    expect(configError({ ...base, ALERTS_EVALUATION_INTERVAL: '0' })).toContain(
      'ALERTS_EVALUATION_INTERVAL',
    );
  });

  it('reads SHUTDOWN_TIMEOUT in whole seconds, 10 by default', () => {
    const base = { INIT_CWD: tempDir(), AUTH_SECRET: SECRET };
    expect(loadConfig(base).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ ...base, SHUTDOWN_TIMEOUT: '30' }).shutdownTimeoutMs).toBe(30_000);
    // A mail being sent at shutdown gets a quarter of it, at most 5 s.
    expect(loadConfig(base).mail.stopGraceMs).toBe(2_500);
    expect(loadConfig({ ...base, SHUTDOWN_TIMEOUT: '30' }).mail.stopGraceMs).toBe(5_000);
    for (const bad of ['0', '2.5', '10s', '3601']) {
      expect(configError({ ...base, SHUTDOWN_TIMEOUT: bad })).toBe(
        'Invalid configuration: SHUTDOWN_TIMEOUT must be whole seconds from 1 to 3600',
      );
    }
  });

  it('requires AUTH_SECRET of at least 32 bytes in production', () => {
    const message = configError({ NODE_ENV: 'production', AUTH_SECRET: '' });
    expect(message).toBe(
      'Invalid configuration: AUTH_SECRET is required when NODE_ENV=production (at least 32 bytes)',
    );
    // 31 bytes are refused, counted in bytes (é is two), and 32 accepted.
    expect(configError({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(31) })).toContain(
      'AUTH_SECRET must be at least 32 bytes long',
    );
    expect(configError({ NODE_ENV: 'production', AUTH_SECRET: 'é'.repeat(15) })).toContain(
      'AUTH_SECRET must be at least 32 bytes long',
    );
    const base = tempDir();
    const config = loadConfig({
      INIT_CWD: base,
      NODE_ENV: 'production',
      AUTH_SECRET: 'é'.repeat(16),
    });
    expect(config.auth.secret).toBe('é'.repeat(16));
  });

  it('generates the auth secret once into data/auth-secret (0600) and reuses it', () => {
    const base = tempDir();
    const first = loadConfig({ INIT_CWD: base });
    const file = path.join(base, 'data', 'auth-secret');
    expect(Buffer.from(first.auth.secret, 'base64url')).toHaveLength(48);
    expect(readFileSync(file, 'utf8')).toBe(first.auth.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ INIT_CWD: base }).auth.secret).toBe(first.auth.secret);
  });
});

describe('parseDuration', () => {
  it('reads ms, s, m, h and d and refuses anything else', () => {
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('7d')).toBe(604_800_000);
    for (const bad of ['', '15', 'm', '1.5h', '-1s', '1w', '0s', '0ms', '5 ms']) {
      expect(parseDuration(bad), bad).toBeUndefined();
    }
  });
});
