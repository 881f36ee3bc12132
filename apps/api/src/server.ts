import { buildApp } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { ConfigError, loadConfigFromProcess } from './config/env.js';
import { createDatabase } from './db/database.js';
import { createLogger } from './lib/logger.js';

const SHUTDOWN_GRACE_MS = 10_000;

process.setSourceMapsEnabled(true);

async function start(): Promise<void> {
  const config = loadConfigFromProcess();
  const logger = createLogger(config.logLevel);
  const database = createDatabase(config.database, (error) =>
    logger.error({ err: error }, 'idle database connection failed'),
  );
  try {
    await prepareDatabase(database, config, { log: logger });
  } catch (error) {
    await database.db.destroy();
    throw error;
  }

  const app = await buildApp(config, { database, logger });

  // SIGTERM (a deploy, a scale-down): stop accepting connections, let the requests in flight
  // finish (new requests on open connections get 503), stop the mail worker and the scheduled
  // jobs, close Redis, then the database. Anything left after SHUTDOWN_GRACE_MS is cut off.
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // The database closes after the app, whose onClose hooks (the mail worker) still use it.
    app
      .close()
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
