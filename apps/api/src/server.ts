import type { Server } from 'node:http';
import net from 'node:net';
import { exitUnlessSupportedNode } from '../supported-node.mjs';
import { buildApp } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { ConfigError, loadConfigFromProcess } from './config/env.js';
import { createDatabase, MIGRATION_LOCK_WAIT_MS } from './db/database.js';
import { systemClock } from './lib/clock.js';
import { OutageLog } from './lib/dependency-failure.js';
import { createLogger, logFormatFor } from './lib/logger.js';

/** A request's query that has no answer this long fails with 503 (see db/database.ts). */
const REQUEST_QUERY_TIMEOUT_MS = 10_000;

exitUnlessSupportedNode();
process.setSourceMapsEnabled(true);

async function start(): Promise<void> {
  const config = loadConfigFromProcess();
  const logger = createLogger(
    config.logLevel,
    undefined,
    logFormatFor(config.logFormat, process.stdout.isTTY),
  );
  // Idle connections all fail at once when PostgreSQL goes: one line per outage. (pg hangs the
  // whole client on the error; only what it says is logged.)
  const outages = new OutageLog(systemClock);
  const onPoolError = (error: Error) =>
    outages.report(
      { dependency: 'database' },
      { message: error.message, code: (error as { code?: unknown }).code },
      logger,
      'idle connections closed',
    );
  const database = createDatabase(config.database, {
    onPoolError,
    queryTimeoutMs: REQUEST_QUERY_TIMEOUT_MS,
  });
  // The start gets its own connection: migrations may rightly take long (no query timeout on
  // PostgreSQL), and on SQLite another process may be migrating the same file (a long lock wait).
  // An in-memory database must stay the one that was migrated.
  const inMemory = config.database.engine === 'sqlite' && config.database.filename === ':memory:';
  const setup = inMemory
    ? database
    : createDatabase(config.database, { onPoolError, busyTimeoutMs: MIGRATION_LOCK_WAIT_MS });
  try {
    await prepareDatabase(setup, config, { log: logger });
  } catch (error) {
    await database.db.destroy();
    throw error;
  } finally {
    if (setup !== database) await setup.db.destroy();
  }

  const app = await buildApp(config, { database, logger });

  // SIGTERM (a deploy, a scale-down), in the order docs/operations.md ("Shutdown and deploys")
  // explains: readiness answers 503 and no new connection is taken; the open connections each
  // close after their next answer, or when the proxy drops them idle (for at most half of
  // SHUTDOWN_TIMEOUT); then the app closes: requests still in flight finish, the mail worker
  // sends the mail in hand, a periodic job ends its step, Redis and then the database close.
  // Anything left after SHUTDOWN_TIMEOUT is cut off (exit 1).
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.drain.begin();
    // The database closes after the app, whose onClose hooks (the mail worker) still use it.
    stopAccepting(app.server, config.shutdownTimeoutMs / 2)
      .then(() => app.close())
      .then(() => database.db.destroy())
      .then(
        () => {
          app.log.info('stopped: requests finished, mail worker stopped, database closed');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

/**
 * Stops taking connections but, unlike `http.Server.close`, leaves the idle keep-alive ones open:
 * closing one could cross a request a proxy is just sending on it, which the proxy may not resend
 * elsewhere (a POST). Resolves once every connection has closed, or after `maxMs`.
 */
function stopAccepting(server: Server, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    net.Server.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`Cannot start: ${(error as Error).message}. Set PORT to a free port.\n`);
  } else {
    process.stderr.write(
      `Cannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
