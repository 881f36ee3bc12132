import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';
import {
  isStrongPassword,
  isValidEmail,
  passwordPolicyProblem,
  POSITIONS,
  VALIDATION_MESSAGES,
  type Position,
} from '@staff-admin/shared';
import { parseDuration } from './duration.js';
import { buildOidcConfig, oidcEnvSchema, type OidcConfig } from './oidc-env.js';
import type { RoleMapping } from './role-mapping.js';
import { buildScimConfig, scimEnvSchema, type ScimConfig } from './scim-env.js';

export type { OidcConfig } from './oidc-env.js';
export type { RoleMapping } from './role-mapping.js';
export type { ScimConfig } from './scim-env.js';

/** The only module that reads `process.env`; everything else receives a `Config`. */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Where pictures are kept (UPLOAD_STORAGE): files under UPLOAD_DIR, or a table of the database. */
export const UPLOAD_STORAGES = ['disk', 'database'] as const;
export type UploadStorageKind = (typeof UPLOAD_STORAGES)[number];
/** How log lines are written: JSON for log collectors, or readable lines for a person. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export type DatabaseConfig =
  { engine: 'sqlite'; filename: string } | { engine: 'postgres'; connectionString: string };

export type TrustProxy = boolean | number | string[];

export const API_DOCS_ACCESS = ['public', 'admin', 'off'] as const;
export type ApiDocsAccess = (typeof API_DOCS_ACCESS)[number];

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public base URL without a trailing slash. */
  appUrl: string;
  database: DatabaseConfig;
  auth: {
    secret: string;
    accessTokenTtlMs: number;
    refreshTokenTtlMs: number;
    /** A just-rotated refresh token answers the same new pair for this long (two tabs at once). */
    refreshReuseGraceMs: number;
    /** A session ends this long after sign-in, however active. */
    sessionMaxAgeMs: number;
    /** A session ends after this long without a request or a refresh. */
    sessionIdleTimeoutMs: number;
    /** How long a process may reuse what it read about a session (revocations evict at once). */
    sessionCacheTtlMs: number;
    invitationTtlMs: number;
    resetPasswordTtlMs: number;
  };
  mail: MailConfig;
  /** Positions that must have a second factor (MFA_REQUIRED_ROLES); empty: optional for all. */
  twoStepRequiredRoles: Position[];
  uploadDir: string;
  /** Where pictures' bytes are kept (UPLOAD_STORAGE); request files always wait in uploadDir. */
  uploadStorage: UploadStorageKind;
  /** An account with no sign-in for this long expires and its personal data is deleted. */
  accountExpiryMs: number;
  /** How often the retention job runs across all processes (RETENTION_INTERVAL). */
  retentionIntervalMs: number;
  /**
   * Monitoring › Errors: how long occurrences and groups are kept, how many browser reports are
   * stored a day at most, and this build's release.
   */
  errors: {
    occurrenceRetentionMs: number;
    groupRetentionMs: number;
    browserReportsPerDay: number;
    release: string | null;
    /**
     * SOURCE_MAPS_DIR: the site build's source maps and release.json, kept off the served folder
     * (default: `<WEB_DIST_DIR>-sourcemaps`, beside it).
     */
    sourceMapsDir: string;
  };
  redisUrl: string | undefined;
  /** Before every Redis key and channel. */
  redisPrefix: string;
  firstAdmin: { email: string; password: string } | undefined;
  logLevel: LogLevel;
  /** LOG_FORMAT; unset: readable lines when stdout is a terminal, JSON otherwise. */
  logFormat: LogFormat | undefined;
  limits: {
    authRequestsPerMinute: number;
    loginFailuresBeforeLock: number;
    forgotPasswordPerHour: number;
    uploadsPerMinute: number;
    /** Uploads one user may keep that are no user's picture, and their bytes; beyond them 429. */
    unusedUploadFiles: number;
    unusedUploadBytes: number;
    /** Password hashes that may wait for a free hashing slot; beyond it 503 with Retry-After. */
    passwordHashQueue: number;
    /** Error reports from the site per client IP and minute. */
    errorReportsPerMinute: number;
  };
  trustProxy: TrustProxy | undefined;
  /** SHUTDOWN_TIMEOUT: on SIGTERM, the process exits within this long (exit 1 if cut off). */
  shutdownTimeoutMs: number;
  /** Who may read /api/docs: anyone, a signed-in admin, or nobody (not served). */
  apiDocs: ApiDocsAccess;
  /** The bearer token Prometheus sends to GET /api/metrics; the endpoint is off without it. */
  metricsToken: string | undefined;
  supportEmail: string;
  webDistDir: string;
  /** `<base>/data`: the generated auth secret and the default database and uploads live here. */
  dataDir: string;
  /** Company sign-in (OIDC_*); undefined when not configured. */
  oidc: OidcConfig | undefined;
  /** SSO_REQUIRED_DOMAINS: staff of these email domains must use the company sign-in. */
  ssoRequiredDomains: string[];
  /** OIDC_ROLE_MAP and OIDC_DEFAULT_ROLE: the positions the directory's groups give (SSO and SCIM). */
  roleMapping: RoleMapping;
  /** Provisioning from the directory (SCIM_*). */
  scim: ScimConfig;
  /** Alerts (issue 37). */
  alerts: {
    /** How often the alert rules' evaluator makes a pass (ALERTS_EVALUATION_INTERVAL, seconds). */
    evaluationIntervalMs: number;
    /**
     * ALERT_WEBHOOK_ALLOW_PRIVATE: webhooks may be sent to private, loopback and link-local
     * addresses (a lab, the tests); off, only public addresses are reached.
     */
    webhookAllowPrivate: boolean;
  };
}

export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
  /** How often the outbox worker looks for due mail when nothing woke it. */
  pollIntervalMs: number;
  /** First retry delay after a failed send; it doubles per attempt up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claimed mail stays reserved for one worker; after that another may send it. */
  leaseMs: number;
  /** Delivery is given up (the mail is marked failed) after this many failed attempts… */
  maxAttempts: number;
  /** …or once the mail is this old, whichever comes first. */
  maxAgeMs: number;
  /**
   * On shutdown, how long a send in flight may finish before it is aborted (and retried by
   * another worker): a quarter of SHUTDOWN_TIMEOUT, at most 5 s.
   */
  stopGraceMs?: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const MIN_AUTH_SECRET_BYTES = 32;
const MIN_METRICS_TOKEN_LENGTH = 24;
const AUTH_SECRET_FILE = 'auth-secret';

type Env = Record<string, string | undefined>;

const int = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));

const toMs = (value: string, ctx: z.RefinementCtx): number => {
  const ms = parseDuration(value);
  if (ms === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be a duration like 30s, 15m, 1h or 7d' });
    return z.NEVER;
  }
  return ms;
};

const duration = (fallback: string) => z.string().default(fallback).transform(toMs);
const optionalDuration = () => z.string().transform(toMs).optional();

const urlWithProtocols = (protocols: string[], message: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: message },
  );

const email = z.string().trim().toLowerCase().refine(isValidEmail, {
  error: 'must be a valid email address',
});

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', prefix] = entry.split('/');
    return isIP(address) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
  });
  if (!valid) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be true, false, a hop count or a comma-separated list of addresses',
    });
    return z.NEVER;
  }
  return entries;
});

/** A comma-separated list of positions, e.g. `admin,finance`; repeats are dropped. */
const positionList = z.string().transform((value, ctx): Position[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const unknown = entries.filter((entry) => !(POSITIONS as readonly string[]).includes(entry));
  if (unknown.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of ${POSITIONS.join(', ')} (not ${unknown.join(', ')})`,
    });
    return z.NEVER;
  }
  return [...new Set(entries as Position[])];
});

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  PORT: int(0, 65_535, 'must be a whole number from 0 to 65535').default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL').optional(),
  DATABASE_URL: z
    .string()
    .refine((value) => /^(?:sqlite:.+|postgres(?:ql)?:\/\/.+)$/.test(value), {
      error: 'must be sqlite:PATH, sqlite::memory: or postgres://…',
    })
    .default('sqlite:./data/staff-admin.db'),
  AUTH_SECRET: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= MIN_AUTH_SECRET_BYTES, {
      error: `must be at least ${MIN_AUTH_SECRET_BYTES} bytes long`,
    })
    .optional(),
  ACCESS_TOKEN_TTL: duration('15m'),
  REFRESH_TOKEN_TTL: duration('7d'),
  REFRESH_REUSE_GRACE: duration('10s'),
  SESSION_MAX_AGE: duration('30d'),
  SESSION_IDLE_TIMEOUT: optionalDuration(),
  SESSION_CACHE_TTL: z
    .string()
    .default('5s')
    .transform((value, ctx) => (value === 'off' ? 0 : toMs(value, ctx))),
  INVITATION_TTL: duration('7d'),
  RESET_PASSWORD_TTL: duration('1h'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(1).default('Staff Admin <no-reply@localhost>'),
  MAIL_POLL_INTERVAL: duration('2s'),
  MAIL_RETRY_BASE: duration('5s'),
  MAIL_RETRY_MAX: duration('10m'),
  MAIL_LEASE: duration('5m'),
  MAIL_MAX_ATTEMPTS: int(1, 1_000_000, 'must be a whole number of at least 1').default(50),
  MAIL_MAX_AGE: duration('2d'),
  MFA_REQUIRED_ROLES: positionList.optional(),
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  UPLOAD_STORAGE: z
    .enum(UPLOAD_STORAGES, { error: `must be one of ${UPLOAD_STORAGES.join(', ')}` })
    .default('disk'),
  ACCOUNT_EXPIRY: duration('365d'),
  RETENTION_INTERVAL: duration('24h'),
  ERROR_OCCURRENCE_RETENTION: duration('30d'),
  ERROR_GROUP_RETENTION: duration('90d'),
  ERROR_REPORTS_PER_MINUTE: int(1, 1_000_000, 'must be a whole number of at least 1').default(30),
  ERROR_REPORTS_PER_DAY: int(0, 10_000_000, 'must be a whole number from 0 to 10000000').default(
    5_000,
  ),
  APP_RELEASE: z.string().trim().max(100).optional(),
  ALERTS_EVALUATION_INTERVAL: int(1, 86_400, 'must be whole seconds from 1 to 86400').default(60),
  REDIS_URL: urlWithProtocols(
    ['redis:', 'rediss:'],
    'must be a redis:// or rediss:// URL',
  ).optional(),
  REDIS_PREFIX: z.string().min(1).default('staff-admin:'),
  ADMIN_EMAIL: email.optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine(isStrongPassword, { error: `is too weak: ${VALIDATION_MESSAGES.passwordStrength}` })
    .optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).optional(),
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000, 'must be a whole number of at least 1').default(60),
  LOGIN_FAILURES_BEFORE_LOCK: int(1, 1_000_000, 'must be a whole number of at least 1').default(10),
  FORGOT_PASSWORD_PER_HOUR: int(1, 1_000_000, 'must be a whole number of at least 1').default(5),
  UPLOADS_PER_MINUTE: int(1, 1_000_000, 'must be a whole number of at least 1').default(30),
  UPLOAD_UNUSED_MAX_FILES: int(1, 1_000_000, 'must be a whole number of at least 1').default(20),
  UPLOAD_UNUSED_MAX_BYTES: int(
    1,
    1_000_000_000_000,
    'must be a whole number of at least 1',
  ).default(10 * 1024 * 1024),
  API_DOCS: z
    .enum(API_DOCS_ACCESS, { error: `must be one of ${API_DOCS_ACCESS.join(', ')}` })
    .optional(),
  PASSWORD_HASH_QUEUE: int(0, 1_000_000, 'must be a whole number').default(32),
  METRICS_TOKEN: z
    .string()
    .min(MIN_METRICS_TOKEN_LENGTH, {
      error: `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (a random secret)`,
    })
    .optional(),
  TRUST_PROXY: trustProxy.optional(),
  SHUTDOWN_TIMEOUT: int(1, 3_600, 'must be whole seconds from 1 to 3600').default(10),
  SUPPORT_EMAIL: email.default('support@localhost'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SOURCE_MAPS_DIR: z.string().min(1).optional(),
  ALERT_WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  ...oidcEnvSchema,
  ...scimEnvSchema,
});

/** Folder where relative paths resolve and `.env` is read: where the user typed the command. */
export function resolveBaseDir(env: Env): string {
  return env.INIT_CWD || process.cwd();
}

/**
 * Builds the configuration from an environment object. Empty values count as unset. Throws a
 * `ConfigError` whose message is one line naming every bad variable.
 */
export function loadConfig(env: Env): Config {
  const input = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${String(issue.path[0] ?? 'environment')} ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  const baseDir = resolveBaseDir(env);
  const fromBase = (target: string) => path.resolve(baseDir, target);
  const dataDir = fromBase('data');
  const webDistDir = vars.WEB_DIST_DIR ? fromBase(vars.WEB_DIST_DIR) : defaultWebDistDir();

  if (Boolean(vars.ADMIN_EMAIL) !== Boolean(vars.ADMIN_PASSWORD)) {
    const [missing, present] = vars.ADMIN_EMAIL
      ? ['ADMIN_PASSWORD', 'ADMIN_EMAIL']
      : ['ADMIN_EMAIL', 'ADMIN_PASSWORD'];
    throw new ConfigError(`Invalid configuration: ${missing} must be set when ${present} is set`);
  }
  const adminPasswordProblem =
    vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD
      ? passwordPolicyProblem(vars.ADMIN_PASSWORD, vars.ADMIN_EMAIL)
      : undefined;
  if (adminPasswordProblem) {
    throw new ConfigError(
      `Invalid configuration: ADMIN_PASSWORD is refused: ${adminPasswordProblem}`,
    );
  }
  if (vars.NODE_ENV === 'production' && !vars.AUTH_SECRET) {
    throw new ConfigError(
      `Invalid configuration: AUTH_SECRET is required when NODE_ENV=production (at least ${MIN_AUTH_SECRET_BYTES} bytes)`,
    );
  }

  let oidc: OidcConfig | undefined;
  try {
    oidc = buildOidcConfig(vars);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }

  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    appUrl: (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/(?<!\/)\/+$/, ''),
    database: parseDatabaseUrl(vars.DATABASE_URL, fromBase),
    auth: {
      secret: vars.AUTH_SECRET ?? readOrCreateAuthSecret(dataDir),
      accessTokenTtlMs: vars.ACCESS_TOKEN_TTL,
      refreshTokenTtlMs: vars.REFRESH_TOKEN_TTL,
      refreshReuseGraceMs: vars.REFRESH_REUSE_GRACE,
      sessionMaxAgeMs: vars.SESSION_MAX_AGE,
      sessionIdleTimeoutMs: vars.SESSION_IDLE_TIMEOUT ?? vars.REFRESH_TOKEN_TTL,
      sessionCacheTtlMs: vars.SESSION_CACHE_TTL,
      invitationTtlMs: vars.INVITATION_TTL,
      resetPasswordTtlMs: vars.RESET_PASSWORD_TTL,
    },
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM,
      pollIntervalMs: vars.MAIL_POLL_INTERVAL,
      retryBaseMs: vars.MAIL_RETRY_BASE,
      retryMaxMs: Math.max(vars.MAIL_RETRY_MAX, vars.MAIL_RETRY_BASE),
      leaseMs: vars.MAIL_LEASE,
      maxAttempts: vars.MAIL_MAX_ATTEMPTS,
      maxAgeMs: vars.MAIL_MAX_AGE,
      stopGraceMs: Math.min(5_000, (vars.SHUTDOWN_TIMEOUT * 1000) / 4),
    },
    twoStepRequiredRoles: vars.MFA_REQUIRED_ROLES ?? [],
    uploadDir: fromBase(vars.UPLOAD_DIR),
    uploadStorage: vars.UPLOAD_STORAGE,
    accountExpiryMs: vars.ACCOUNT_EXPIRY,
    retentionIntervalMs: vars.RETENTION_INTERVAL,
    errors: {
      occurrenceRetentionMs: vars.ERROR_OCCURRENCE_RETENTION,
      groupRetentionMs: vars.ERROR_GROUP_RETENTION,
      browserReportsPerDay: vars.ERROR_REPORTS_PER_DAY,
      release: vars.APP_RELEASE ?? null,
      sourceMapsDir: vars.SOURCE_MAPS_DIR
        ? fromBase(vars.SOURCE_MAPS_DIR)
        : `${webDistDir}-sourcemaps`,
    },
    redisUrl: vars.REDIS_URL,
    redisPrefix: vars.REDIS_PREFIX,
    firstAdmin:
      vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD
        ? { email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD }
        : undefined,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    limits: {
      authRequestsPerMinute: vars.RATE_LIMIT_PER_MINUTE,
      loginFailuresBeforeLock: vars.LOGIN_FAILURES_BEFORE_LOCK,
      forgotPasswordPerHour: vars.FORGOT_PASSWORD_PER_HOUR,
      uploadsPerMinute: vars.UPLOADS_PER_MINUTE,
      unusedUploadFiles: vars.UPLOAD_UNUSED_MAX_FILES,
      unusedUploadBytes: vars.UPLOAD_UNUSED_MAX_BYTES,
      passwordHashQueue: vars.PASSWORD_HASH_QUEUE,
      errorReportsPerMinute: vars.ERROR_REPORTS_PER_MINUTE,
    },
    trustProxy: vars.TRUST_PROXY,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT * 1000,
    // In production the document is one more map of the API for an attacker: off unless asked for.
    apiDocs: vars.API_DOCS ?? (vars.NODE_ENV === 'production' ? 'off' : 'public'),
    metricsToken: vars.METRICS_TOKEN,
    supportEmail: vars.SUPPORT_EMAIL,
    webDistDir,
    dataDir,
    oidc,
    ssoRequiredDomains: oidc ? (vars.SSO_REQUIRED_DOMAINS ?? []) : [],
    roleMapping: { map: vars.OIDC_ROLE_MAP ?? new Map(), defaultRole: vars.OIDC_DEFAULT_ROLE },
    scim: buildScimConfig(vars),
    alerts: {
      evaluationIntervalMs: vars.ALERTS_EVALUATION_INTERVAL * 1000,
      webhookAllowPrivate: vars.ALERT_WEBHOOK_ALLOW_PRIVATE,
    },
  };
}

/** The process environment merged over `<base>/.env` (real variables win over the file). */
export function readProcessEnv(): Env {
  const baseDir = resolveBaseDir(process.env);
  const envFile = path.join(baseDir, '.env');
  const fromFile = existsSync(envFile) ? parseDotenv(readFileSync(envFile)) : {};
  return { ...fromFile, ...process.env };
}

export function loadConfigFromProcess(): Config {
  return loadConfig(readProcessEnv());
}

function parseDatabaseUrl(url: string, fromBase: (p: string) => string): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    const target = url.slice('sqlite:'.length);
    return { engine: 'sqlite', filename: target === ':memory:' ? ':memory:' : fromBase(target) };
  }
  return { engine: 'postgres', connectionString: url };
}

/** 48 random bytes kept in `data/auth-secret` (mode 0600) so tokens survive restarts. */
function readOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret) < MIN_AUTH_SECRET_BYTES) {
    throw new ConfigError(
      `Invalid configuration: AUTH_SECRET from ${file} must be at least ${MIN_AUTH_SECRET_BYTES} bytes long; delete the file to generate a new one`,
    );
  }
  return secret;
}

/**
 * apps/web/dist, found from this module's own location: the nearest folder holding a
 * package.json is apps/api both for src/config/env.ts (tsx) and for dist/server.js (bundle).
 */
function defaultWebDistDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return path.resolve(dir, '..', 'web', 'dist');
}
