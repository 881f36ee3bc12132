import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';

/** What the server depends on that can go away while it runs. */
export type Dependency = 'database' | 'redis' | 'storage';

export interface DependencyFailure {
  dependency: Dependency;
  /** The storage is out of space (507), rather than unreachable (503). */
  full?: boolean;
}

/** Socket errors: the peer refused, reset or never answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that mean "not now" rather than "wrong": connection exceptions (class 08),
 * the server shutting down or starting (57P01–57P03), too many connections (53300).
 */
const PG_UNAVAILABLE = /^(?:08|57P0[123]$|53300$)/;

/** pg's own messages for a connection lost, never made, or a pool that could not give one. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** ioredis's messages for a command that could not reach Redis in time. */
const REDIS_MESSAGES = [
  "Stream isn't writeable",
  'Connection is closed',
  'Command timed out',
  'Reached the max retries per request limit',
];

/** SQLite: locked by another process past the busy timeout, or its disk failing. */
const SQLITE_UNAVAILABLE = /^SQLITE_(?:BUSY|LOCKED|IOERR|CANTOPEN)/;

/** File system errors of the upload folder: out of space, or unwritable. */
const STORAGE_FULL = new Set(['ENOSPC', 'EDQUOT']);
const STORAGE_DOWN = new Set(['ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'EIO', 'EMFILE', 'ENFILE']);

/**
 * Whether an error means a dependency is unavailable (the request may succeed later) and which,
 * or undefined for any other error. Looks through `cause` chains and aggregated errors.
 */
export function classifyDependencyFailure(
  error: unknown,
  depth = 0,
): DependencyFailure | undefined {
  if (typeof error !== 'object' || error === null || depth > 5) return undefined;
  const { code, message, syscall, name } = error as {
    code?: unknown;
    message?: unknown;
    syscall?: unknown;
    name?: unknown;
  };
  const text = typeof message === 'string' ? message : '';
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE.test(code)) return { dependency: 'database' };
    if (STORAGE_FULL.has(code)) return { dependency: 'storage', full: true };
    // A file system call (open, write, mkdir…) failing for lack of rights or a broken disk.
    if (STORAGE_DOWN.has(code) && typeof syscall === 'string') return { dependency: 'storage' };
    if (NETWORK_CODES.has(code)) return { dependency: 'database' };
    if ('severity' in error && PG_UNAVAILABLE.test(code)) return { dependency: 'database' };
  }
  if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => text.startsWith(m))) {
    return { dependency: 'redis' };
  }
  if (PG_CONNECTION_MESSAGES.some((m) => text.startsWith(m))) return { dependency: 'database' };
  const nested = [
    (error as { cause?: unknown }).cause,
    ...(error instanceof AggregateError ? error.errors : []),
  ];
  for (const inner of nested) {
    const found = classifyDependencyFailure(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** While a dependency keeps failing, its failures are logged once per this interval. */
const OUTAGE_LOG_INTERVAL_MS = 30_000;

/**
 * Logs dependency failures once per outage rather than once per request or poll: the first
 * failure in full, then one line per interval with how many failures it stood for.
 */
export class OutageLog {
  private readonly last = new Map<Dependency, { loggedAt: number; unlogged: number }>();

  constructor(private readonly clock: Clock) {}

  /** `meanwhile`: what the server does while the dependency is down, for the log line. */
  report(
    failure: DependencyFailure,
    error: unknown,
    log: FastifyBaseLogger,
    meanwhile = `answering ${failure.full ? 507 : 503}`,
  ): void {
    const now = this.clock.now();
    const entry = this.last.get(failure.dependency);
    if (entry && now - entry.loggedAt < OUTAGE_LOG_INTERVAL_MS) {
      entry.unlogged += 1;
      return;
    }
    this.last.set(failure.dependency, { loggedAt: now, unlogged: 0 });
    log.error(
      { err: error, dependency: failure.dependency, failuresSinceLastLog: entry?.unlogged ?? 0 },
      `${failure.dependency} unavailable: ${meanwhile}`,
    );
  }
}
