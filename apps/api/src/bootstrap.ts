import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.js';
import type { Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureFirstAdmin, firstAdminBanner } from './modules/users/index.js';
import { createCoreServices } from './composition.js';

interface PrepareOptions {
  log: FastifyBaseLogger;
  /** Where a generated first-admin password is shown once; stdout unless given. */
  print?: (text: string) => void;
}

/** Start-up work before serving: migrations, then the first admin on an empty database. */
export async function prepareDatabase(
  database: Database,
  config: Config,
  { log, print = (text) => process.stdout.write(text) }: PrepareOptions,
): Promise<void> {
  const applied = await migrateToLatest(database);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');

  const { users } = createCoreServices(database, config, log);
  const admin = await ensureFirstAdmin(users, config.firstAdmin);
  if (!admin.created) return;
  if (admin.generatedPassword) {
    print(firstAdminBanner(admin.email, admin.generatedPassword));
  } else {
    log.info({ email: admin.email }, 'first admin created from ADMIN_EMAIL');
  }
}
