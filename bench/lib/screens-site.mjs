// The seeded site of the screen benches (issue 39): the built site and API on SQLite with the
// bench's data, an account for each role that sees the main screens, and a two-step account.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import {
  BENCH_ADMIN,
  databaseFile,
  postJson,
  signIn as signInOverHttp,
  startApiServer,
} from './api-server.mjs';
import { people, seedOurPeople } from './people.mjs';
import { projectId, seedProjectsAndCosts } from './seed-budgeting.mjs';
import { seedAudit, seedErrors } from './seed-monitoring.mjs';
import { twoStepSeeder } from './two-step.mjs';

/** The data of the screens, as issue 39 names it. */
export const SCREENS_DATA = {
  people: 100_000,
  costEntries: 100_000,
  auditEvents: 1_000_000,
  errorGroups: 2_000,
  errorOccurrences: 100_000,
};

/**
 * Who signs in for which screens: admins see everything but Budgeting is also finance's
 * (CONTRACT: "Finance and admin reach the budgeting area; admins reach monitoring").
 */
const ACCOUNTS = {
  admin: BENCH_ADMIN,
  finance: { email: 'bench-finance@example.com', password: BENCH_ADMIN.password },
};

/** @typedef {keyof typeof ACCOUNTS} Role */
/** @typedef {{ access_token: string, refresh_token: string }} Tokens */

/**
 * A session as the site keeps it in `localStorage`, under the storage keys of SPEC §9
 * (STORAGE_KEYS in @staff-admin/shared).
 * @param {Tokens} tokens
 * @returns {Record<string, string>}
 */
export const sessionStorageItems = (tokens) => ({
  act: tokens.access_token,
  rft: tokens.refresh_token,
});
/** @typedef {{ challenge_token: string, methods: string[], expires_at: string }} SecondStepChallenge */

/**
 * @typedef {object} ScreensSite
 * @property {string} url the site and its API, without a trailing slash
 * @property {Record<Role, Tokens>} tokens a session per role, signed in when the site started
 * @property {(role: Role) => Promise<Tokens>} signIn a new session of that role
 * @property {() => Promise<SecondStepChallenge>} twoStepChallenge a fresh second-step challenge
 *   of the two-step account, as POST /api/auth/login answers it after the password
 * @property {{ projectId: string, errorGroupId: string }} ids for the routes that take one
 * @property {() => Promise<void>} stop stops the server and removes its data
 */

/**
 * Starts the built server (apps/api/dist/server.js, which serves the built site) on a new SQLite
 * file and seeds SCREENS_DATA into it: 100,000 people, one project with 100,000 cost entries
 * (owned by the finance account), 1,000,000 audit events over the last 90 days, error groups with
 * their occurrences, and a contractor with two-step sign-in. The accounts share BENCH_ADMIN's
 * password. Access tokens live 12 hours, longer than any run of audits.
 * @param {object} options
 * @param {string} options.root repository root
 * @param {(line: string) => void} options.log
 * @param {Record<string, string>} [options.env] more settings for the server
 * @returns {Promise<ScreensSite>}
 */
export async function startScreensSite({ root, log, env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-admin-screens-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  /** @type {import('./api-server.mjs').ApiServer | undefined} */
  let api;
  try {
    api = await startApiServer({ root, dataDir, env: { ACCESS_TOKEN_TTL: '12h', ...env } });
    const file = databaseFile(dataDir);
    const started = performance.now();
    const ids = await seedScreensData(file, log);
    const { url } = api;
    const [twoStepAccount] = await twoStepSeeder({
      root,
      apiUrl: url,
      databaseFile: file,
      credentials: BENCH_ADMIN,
      log,
    })(1);
    if (!twoStepAccount) throw new Error('no two-step account was seeded');
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const signIn = (/** @type {Role} */ role) => signInOverHttp(url, ACCOUNTS[role]);
    const tokens = { admin: await signIn('admin'), finance: await signIn('finance') };
    const twoStepChallenge = async () => {
      const answer = await postJson(url, '/api/auth/login', {
        body: { email: twoStepAccount.email, password: twoStepAccount.password },
      });
      if (typeof answer?.second_step?.challenge_token !== 'string') {
        throw new Error(`no second-step challenge in ${JSON.stringify(answer)}`);
      }
      return /** @type {SecondStepChallenge} */ (answer.second_step);
    };
    const server = api;
    return {
      url,
      tokens,
      signIn,
      twoStepChallenge,
      ids,
      stop: async () => {
        await server.stop();
        removeData();
      },
    };
  } catch (error) {
    await api?.stop();
    removeData();
    throw error;
  }
}

/**
 * Seeds SCREENS_DATA and the finance account into the running server's SQLite file (in WAL mode,
 * so the server sees each transaction once committed); answers the ids the routes need.
 * @param {string} file
 * @param {(line: string) => void} log
 */
async function seedScreensData(file, log) {
  const step = async (/** @type {string} */ what, /** @type {() => unknown} */ work) => {
    const started = performance.now();
    const result = await work();
    log(`${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  await step(`${SCREENS_DATA.people.toLocaleString('en')} people`, () =>
    seedOurPeople(file, people(SCREENS_DATA.people)),
  );
  const sqlite = new Database(file, { timeout: 30_000 });
  /** @type {Kysely<any>} */
  const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  const database = /** @type {const} */ ({ engine: 'sqlite', db });
  try {
    const financeId = await insertFinance(db);
    await step(`a project with ${SCREENS_DATA.costEntries.toLocaleString('en')} cost entries`, () =>
      seedProjectsAndCosts(database, {
        projects: 1,
        costEntries: SCREENS_DATA.costEntries,
        ownerId: financeId,
      }),
    );
    await step(`${SCREENS_DATA.auditEvents.toLocaleString('en')} audit events`, () =>
      seedAudit(database, { events: SCREENS_DATA.auditEvents }),
    );
    const { busiestGroupId } = /** @type {{ busiestGroupId: string }} */ (
      await step(
        `${SCREENS_DATA.errorGroups.toLocaleString('en')} error groups, ${SCREENS_DATA.errorOccurrences.toLocaleString('en')} occurrences`,
        () =>
          seedErrors(database, {
            groups: SCREENS_DATA.errorGroups,
            occurrences: SCREENS_DATA.errorOccurrences,
          }),
      )
    );
    return { projectId: projectId(0), errorGroupId: busiestGroupId };
  } finally {
    await db.destroy();
  }
}

/**
 * The finance account, active, with the admin's password hash (the same password).
 * @param {Kysely<any>} db
 * @returns {Promise<string>} its id
 */
async function insertFinance(db) {
  const { password_hash: passwordHash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', BENCH_ADMIN.email)
    .executeTakeFirstOrThrow();
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      email: ACCOUNTS.finance.email,
      full_name: 'Bench Finance',
      full_name_lower: 'bench finance',
      position: 'finance',
      status: 'active',
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
