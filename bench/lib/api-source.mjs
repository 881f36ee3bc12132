// The server's own modules for the database benches, which seed with Kysely and boot the real app
// in their own process: imported from the TypeScript source through tsx, as the API tests do.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const apiSrc = fileURLToPath(new URL('../../apps/api/src/', import.meta.url));

/** Imports `apps/api/src/<file>`. */
export const loadApiModule = (/** @type {string} */ file) => import(path.join(apiSrc, file));

export const { buildApp } = await loadApiModule('app.ts');
export const { loadConfig } = await loadApiModule('config/env.ts');
export const { createDatabase } = await loadApiModule('db/database.ts');
export const { migrateToLatest } = await loadApiModule('db/migrate.ts');
export const { createPasswordHasher } = await loadApiModule('lib/password-hasher.ts');
