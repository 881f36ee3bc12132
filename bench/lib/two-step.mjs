// Accounts with two-step sign-in for the login section's second-step figure (docs/two-step.md).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { postJson, signIn } from './api-server.mjs';

/** Recovery codes each account gets when its first factor is turned on (RECOVERY_CODE_COUNT). */
const RECOVERY_CODES_PER_ACCOUNT = 10;
/** Accounts enrolled at once: as many as the load's sign-ins. */
const ENROL_CONCURRENCY = 4;
/** People per INSERT, as the search bench inserts them (SQLite's limit on bound values). */
const BATCH = 500;

/**
 * @typedef {object} TwoStepAccount
 * @property {string} email
 * @property {string} password
 * @property {string[]} recoveryCodes each works once
 */

/**
 * A seeder of accounts with two-step sign-in, all with the password of `credentials`: each call
 * adds accounts whose recovery codes number at least the `codes` asked for. The people are
 * inserted as the search bench seeds them (Kysely, no SQL text), with the server's own hash of
 * that password copied from the `credentials` account; each then turns on an authenticator app
 * through the API, as the Security card does, which answers its ten recovery codes.
 * @param {object} options
 * @param {string} options.root repository root
 * @param {string} options.apiUrl
 * @param {string} options.databaseFile the server's SQLite file
 * @param {{ email: string, password: string }} options.credentials an account of that server
 * @param {(line: string) => void} options.log
 * @returns {(codes: number) => Promise<TwoStepAccount[]>}
 */
export function twoStepSeeder({ root, apiUrl, databaseFile, credentials, log }) {
  const OTPAuth = createRequire(join(root, 'apps/api/package.json'))('otpauth');
  let seeded = 0;

  /** @param {string} email @returns {Promise<TwoStepAccount>} */
  const enrol = async (email) => {
    const account = { email, password: credentials.password };
    const { access_token: accessToken } = await signIn(apiUrl, account);
    const setup = await postJson(apiUrl, '/api/users/profile/two-step/totp', { accessToken });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret) });
    const { recoveryCodes } = await postJson(apiUrl, '/api/users/profile/two-step/totp/confirm', {
      accessToken,
      body: { code: totp.generate() },
    });
    return { ...account, recoveryCodes };
  };

  return async (codes) => {
    const count = Math.ceil(codes / RECOVERY_CODES_PER_ACCOUNT);
    log(`seeding ${count} accounts with two-step sign-in`);
    const emails = Array.from(
      { length: count },
      (_, n) => `bench-two-step-${seeded + n}@example.com`,
    );
    seeded += count;
    await insertPeople(root, databaseFile, credentials.email, emails);
    /** @type {TwoStepAccount[]} */
    const accounts = [];
    for (let start = 0; start < emails.length; start += ENROL_CONCURRENCY) {
      const batch = emails.slice(start, start + ENROL_CONCURRENCY);
      accounts.push(...(await Promise.all(batch.map(enrol))));
    }
    const got = accounts.reduce((sum, account) => sum + account.recoveryCodes.length, 0);
    if (got < codes) throw new Error(`${got} recovery codes seeded, ${codes} wanted`);
    return accounts;
  };
}

/**
 * Active contractors with `from`'s password hash, in one transaction on the server's own file
 * (the server waits for it as for any other process's write).
 * @param {string} root
 * @param {string} databaseFile
 * @param {string} from email of the account whose password hash they share
 * @param {string[]} emails
 */
async function insertPeople(root, databaseFile, from, emails) {
  const SQLite = createRequire(join(root, 'apps/api/package.json'))('better-sqlite3');
  const sqlite = new SQLite(databaseFile);
  sqlite.pragma('busy_timeout = 5000');
  /** @type {Kysely<any>} */
  const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const { password_hash: passwordHash } = await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', from)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    // BEGIN IMMEDIATE takes the write lock first, waiting for it (busy_timeout). A deferred
    // transaction's first insert reads before it writes, and when the server commits in between,
    // SQLite refuses it at once with "database is locked" (SQLITE_BUSY_SNAPSHOT, no wait helps):
    // the login section failed so in three runs of five on 2026-11-26, at its second or third seeding.
    await sql`begin immediate`.execute(db);
    try {
      for (let start = 0; start < emails.length; start += BATCH) {
        const rows = emails.slice(start, start + BATCH).map((email) => ({
          id: randomUUID(),
          email,
          full_name: null,
          full_name_lower: '',
          position: 'contractor',
          status: 'active',
          image_url: null,
          password_hash: passwordHash,
          invited_by: null,
          created_at: now,
          updated_at: now,
        }));
        await db.insertInto('users').values(rows).execute();
      }
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await db.destroy();
  }
}
