// The admin the database benches sign in as: inserted beside their seeded rows, then signed in
// over HTTP or inject by the bench itself.

export const SEEDED_ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Pass-1' };

/**
 * Inserts SEEDED_ADMIN, active, with this hash of its password.
 * @param {import('kysely').Kysely<any>} db
 * @param {string} passwordHash
 */
export async function insertSeededAdmin(db, passwordHash) {
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id: crypto.randomUUID(),
      email: SEEDED_ADMIN.email,
      full_name: 'Bench Admin',
      full_name_lower: 'bench admin',
      position: 'admin',
      status: 'active',
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Fresh statistics after a bulk load: a database in service has its visibility map and
 * statistics, a fresh one has neither.
 * @param {{ engine: 'sqlite' | 'postgres'; db: import('kysely').Kysely<any> }} database
 * @param {typeof import('kysely').sql} sql
 */
export async function analyze(database, sql) {
  if (database.engine === 'postgres') await sql`vacuum analyze`.execute(database.db);
  else await sql`analyze`.execute(database.db);
}

/**
 * SEEDED_ADMIN's access token from POST /api/auth/login at `url`.
 * @param {string} url
 * @returns {Promise<string>}
 */
export async function signInOverHttp(url) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SEEDED_ADMIN),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const answer = /** @type {{ data: { access_token: string } }} */ (await login.json());
  return answer.data.access_token;
}
