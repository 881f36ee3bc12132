import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  changePasswordSchema,
  countLabel,
  emailSchema,
  fullNameSchema,
  passwordPolicyProblem,
  positionSchema,
  POSITIONS,
  statusSchema,
  STATUSES,
  type User,
} from '@staff-admin/shared';
import { destination } from 'pino';
import { z } from 'zod';
import {
  ConfigError,
  loadConfigFromProcess,
  resolveBaseDir,
  UPLOAD_STORAGES,
  type Config,
  type UploadStorageKind,
} from '../config/env.js';
import { backupSqlite } from '../db/backup.js';
import { createDatabase, MIGRATION_LOCK_WAIT_MS, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { DomainError } from '../lib/errors.js';
import { createLogger } from '../lib/logger.js';
import { closeRedis, createRedis } from '../lib/redis.js';
import {
  createMemoryRevocationBus,
  createRedisRevocationBus,
  type RevocationBus,
} from '../modules/sessions/index.js';
import type { RetentionPlan } from '../modules/retention/index.js';
import { createUploadStorage, moveUploads, type MoveReport } from '../modules/uploads/index.js';
import { createCoreServices, type CoreServices } from '../composition.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface RunCliOptions {
  /** Defaults to the configuration of the process environment (and `.env`). */
  config?: Config;
  io?: CliIo;
}

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                         bring the database schema up to date
  create-user --email E --position P [--password P] [--status S] [--name "Full Name"]
                                  positions: ${POSITIONS.join(', ')}
                                  statuses: ${STATUSES.join(', ')} (default active; pending takes no password)
  set-password --email E --password P
                                  set a password and end the user's sessions
  list-users [--json]             print every user
  retention [--dry-run]           expire accounts unused for ACCOUNT_EXPIRY (deleting their
                                  personal data) and mark lapsed invitations expired;
                                  --dry-run lists what would go and changes nothing
  backup [--dir D]                copy the SQLite database with SQLite's online backup API to
                                  D/<time>.db (default data/backups); PostgreSQL: use pg_dump
  move-uploads --to database|disk [--limit N]
                                  move stored pictures from the other store (UPLOAD_DIR or the
                                  database) into this one, each checked by SHA-256 before the
                                  original is removed; run it again to continue a stopped move
`;

class UsageError extends Error {}
/** A command that cannot do its work here (exit 1), with a message for the operator. */
class CommandError extends Error {}

const failureMessage = (error: unknown): string =>
  error instanceof DomainError || error instanceof CommandError ? error.message : String(error);

/** The shared rule for a password chosen now (required, at most 256, strength). */
const passwordSchema = changePasswordSchema.shape.newPassword;

/** The password policy beyond strength (common passwords, the email's local part), as on the site. */
function passwordPolicy(
  args: { email: string; password?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const problem = args.password && passwordPolicyProblem(args.password, args.email);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
}

const createUserArgs = z
  .object({
    email: emailSchema,
    password: passwordSchema.optional(),
    position: positionSchema,
    status: statusSchema.default('active'),
    name: fullNameSchema.optional(),
  })
  .superRefine(passwordPolicy);

const setPasswordArgs = z
  .object({ email: emailSchema, password: passwordSchema })
  .superRefine(passwordPolicy);

const moveUploadsArgs = z.object({
  to: z.enum(UPLOAD_STORAGES, { error: `must be one of ${UPLOAD_STORAGES.join(', ')}` }),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'must be a whole number of at least 1' })
    .optional(),
});

type Options = NonNullable<ParseArgsConfig['options']>;
/** What a command runs on: the services, and the database and configuration they were built on. */
interface Setup {
  database: Database;
  config: Config;
}
type Run = (services: CoreServices, io: CliIo, setup: Setup) => Promise<void>;

/** Works on the configuration alone: no services, no migration (a backup must not change the database). */
type Standalone = (config: Config, io: CliIo) => Promise<void>;

/**
 * `prepare` checks the options (throwing a UsageError) before any database is opened. Most
 * commands run on the services of a migrated database; a standalone one gets only the config.
 */
type Command =
  | { options: Options; prepare: (values: Record<string, unknown>) => Run }
  | { options: Options; prepareStandalone: (values: Record<string, unknown>) => Standalone };

const stringOptions = (...names: string[]): Options =>
  Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));

const commands: Record<string, Command> = {
  migrate: {
    options: {},
    // Every command migrates first (see runCli), so there is nothing more to do.
    prepare: () => async (_services, io) => io.stdout('Database is up to date.\n'),
  },
  'create-user': {
    options: stringOptions('email', 'password', 'position', 'status', 'name'),
    prepare: (values) => {
      const args = validate(createUserArgs, values);
      return async ({ users }, io) => {
        const user = await users.create({
          email: args.email,
          password: args.password,
          position: args.position,
          status: args.status,
          fullName: args.name ?? null,
        });
        io.stdout(`Created ${user.status} ${user.position} ${user.email} (${user.id}).\n`);
      };
    },
  },
  'set-password': {
    options: stringOptions('email', 'password'),
    prepare: (values) => {
      const args = validate(setPasswordArgs, values);
      return async ({ users }, io) => {
        const user = await users.setPassword(args.email, args.password);
        io.stdout(`Password set for ${user.email}; their sessions were ended.\n`);
      };
    },
  },
  retention: {
    options: { 'dry-run': { type: 'boolean' } },
    prepare: (values) => {
      const dryRun = values['dry-run'] === true;
      return async ({ retention }, io) => {
        if (dryRun) {
          io.stdout(formatRetentionPlan(await retention.plan()));
          return;
        }
        const report = await retention.run();
        io.stdout(
          report.ran
            ? `Expired ${countLabel(report.expiredAccounts, ['account', 'accounts'])} and ${countLabel(report.expiredInvitations, ['invitation', 'invitations'])}; kept ${report.keptAccounts} (the last active admin).\n`
            : 'Another process is running the retention job now; nothing done.\n',
        );
      };
    },
  },
  backup: {
    options: stringOptions('dir'),
    prepareStandalone: (values) => {
      const dir = typeof values.dir === 'string' ? values.dir : undefined;
      return async (config, io) => {
        if (config.database.engine !== 'sqlite') {
          throw new CommandError(
            'backup copies SQLite databases; for PostgreSQL use pg_dump (see docs/operations.md)',
          );
        }
        if (config.database.filename === ':memory:') {
          throw new CommandError('an in-memory database cannot be backed up');
        }
        const target = dir
          ? path.resolve(resolveBaseDir(process.env), dir)
          : path.join(config.dataDir, 'backups');
        const { file, bytes } = await backupSqlite(config.database.filename, target);
        io.stdout(`Backed up ${config.database.filename} to ${file} (${bytes} bytes).\n`);
      };
    },
  },
  'move-uploads': {
    options: stringOptions('to', 'limit'),
    prepare: (values) => {
      const args = validate(moveUploadsArgs, values);
      return async ({ clock }, io, { database, config }) => {
        const from: UploadStorageKind = args.to === 'database' ? 'disk' : 'database';
        const stores = { db: database.db, uploadDir: config.uploadDir, clock };
        const report = await moveUploads(
          createUploadStorage(from, stores),
          createUploadStorage(args.to, stores),
          { limit: args.limit },
        );
        io.stdout(formatMoveReport(report, from, args.to, config.uploadStorage));
        if (report.mismatched.length > 0) {
          throw new CommandError(
            `${countLabel(report.mismatched.length, ['picture differs', 'pictures differ'])} between the stores (SHA-256), kept in both and not removed: ${report.mismatched.join(', ')}`,
          );
        }
      };
    },
  },
  'list-users': {
    options: { json: { type: 'boolean' } },
    prepare: (values) => {
      const json = values.json === true;
      return async ({ users }, io) => {
        const all = await users.listAll();
        io.stdout(json ? `${JSON.stringify(all, null, 2)}\n` : formatTable(all));
      };
    },
  },
};

/** Runs one CLI command and returns its exit code: 0 done, 1 failed, 2 bad usage. */
export async function runCli(argv: string[], options: RunCliOptions = {}): Promise<number> {
  const io = options.io ?? {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  };
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.stdout(USAGE);
    return name ? EXIT_OK : EXIT_USAGE;
  }
  const definition = commands[name];
  if (!definition) {
    io.stderr(`Unknown command "${name}".\n\n${USAGE}`);
    return EXIT_USAGE;
  }

  let job: { run: Run } | { standalone: Standalone };
  let config: Config;
  try {
    const values = parseOptions(definition.options, rest);
    job =
      'prepare' in definition
        ? { run: definition.prepare(values) }
        : { standalone: definition.prepareStandalone(values) };
    config = options.config ?? loadConfigFromProcess();
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${name}: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof ConfigError) {
      io.stderr(`${error.message}\n`);
      return EXIT_FAILURE;
    }
    throw error;
  }

  if ('standalone' in job) {
    try {
      await job.standalone(config, io);
      return EXIT_OK;
    } catch (error) {
      io.stderr(`${name}: ${failureMessage(error)}\n`);
      return EXIT_FAILURE;
    }
  }

  // A command migrates first, and may wait for another process's migration of the same file.
  const database: Database = createDatabase(config.database, {
    busyTimeoutMs: MIGRATION_LOCK_WAIT_MS,
  });
  const log = createLogger(config.logLevel, destination(2));
  // With Redis, revocations (set-password) reach the running servers' session caches at once.
  const redis = config.redisUrl
    ? await createRedis({ url: config.redisUrl, prefix: config.redisPrefix }, log)
    : undefined;
  let revocations: RevocationBus | undefined;
  try {
    await migrateToLatest(database);
    revocations = redis
      ? await createRedisRevocationBus(redis, config.redisPrefix, log)
      : createMemoryRevocationBus();
    await job.run(createCoreServices(database, config, log, revocations), io, {
      database,
      config,
    });
    return EXIT_OK;
  } catch (error) {
    io.stderr(`${name}: ${failureMessage(error)}\n`);
    return EXIT_FAILURE;
  } finally {
    await revocations?.close();
    if (redis) await closeRedis(redis);
    await database.db.destroy();
  }
}

function parseOptions(options: Options, args: string[]): Record<string, unknown> {
  try {
    return parseArgs({ args, options, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function validate<T>(schema: z.ZodType<T>, values: Record<string, unknown>): T {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return values[key] === undefined ? `--${key} is required` : `--${key}: ${issue.message}`;
  });
  throw new UsageError(problems.join('; '));
}

function formatRetentionPlan(plan: RetentionPlan): string {
  const lines = [
    `Accounts that would expire (no sign-in before the cutoff): ${plan.accounts.length}`,
    ...plan.accounts.map(
      (account) =>
        `  ${account.email}  ${account.position}  ${account.status}  last activity ${account.lastActivityAt}`,
    ),
    ...(plan.kept.length > 0
      ? [
          `Kept although unused (the last active admin): ${plan.kept.map((a) => a.email).join(', ')}`,
        ]
      : []),
    `Invitations that would be marked expired: ${plan.invitations.length}`,
    ...plan.invitations.map(
      (invitation) => `  ${invitation.email}  expired ${invitation.expiresAt}`,
    ),
    'Dry run: nothing was changed.',
  ];
  return `${lines.join('\n')}\n`;
}

const STORE_NAMES: Record<UploadStorageKind, string> = {
  disk: 'UPLOAD_DIR',
  database: 'the database',
};

function formatMoveReport(
  report: MoveReport,
  from: UploadStorageKind,
  to: UploadStorageKind,
  configured: UploadStorageKind,
): string {
  const lines = [
    `Moved ${countLabel(report.moved, ['picture', 'pictures'])} from ${STORE_NAMES[from]} to ${STORE_NAMES[to]}.`,
    ...(report.resumed > 0
      ? [
          `${countLabel(report.resumed, ['picture was', 'pictures were'])} already there from a stopped move: removed from ${STORE_NAMES[from]}.`,
        ]
      : []),
    ...(report.more ? ['Stopped at --limit: run it again to move the rest.'] : []),
    ...(configured === to ? [] : [`Set UPLOAD_STORAGE=${to} and restart the API to serve them.`]),
  ];
  return `${lines.join('\n')}\n`;
}

function formatTable(users: User[]): string {
  if (users.length === 0) return 'No users.\n';
  const rows = [
    ['EMAIL', 'POSITION', 'STATUS', 'NAME', 'CREATED', 'ID'],
    ...users.map((user) => [
      user.email,
      user.position,
      user.status,
      user.fullName ?? '-',
      user.createdAt,
      user.id,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
    .concat('\n');
}
