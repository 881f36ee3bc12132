import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { databaseUrl, withPgClient } from './pg-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database that each test app's database is copied from. */
    pgTemplate: string | null;
  }
}

/**
 * On PostgreSQL, the migrations run once per test run, into a template database; each test app's
 * database is then a copy of it (CREATE DATABASE ... TEMPLATE), about 0.1 s instead of 0.5 s for
 * creating and migrating one. Tests of the migrations themselves still start from empty databases.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env?.TEST_DB !== 'postgres' || !serverUrl) {
    project.provide('pgTemplate', null);
    return;
  }
  const name = `staff_admin_template_${randomBytes(6).toString('hex')}`;
  const admin = (statement: string) => withPgClient(serverUrl, (client) => client.query(statement));
  await admin(`CREATE DATABASE ${name}`);
  const database = createDatabase({
    engine: 'postgres',
    connectionString: databaseUrl(serverUrl, name),
  });
  try {
    await migrateToLatest(database);
  } finally {
    await database.db.destroy();
  }
  project.provide('pgTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
