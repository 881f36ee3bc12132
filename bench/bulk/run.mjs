// Bulk user actions benchmark (issue 16): `node bench/bulk/run.mjs`, or
// `npm run bench -- --sections=bulk`. Seeds USERS (default 10,000) people into a fresh SQLite file
// and, when TEST_DATABASE_URL is set, a fresh PostgreSQL database (dropped afterwards), boots the
// real app on a local port and times, over HTTP as the site sends them, two bulk deactivations of
// TARGETS (default 1,000) signed-in users each, in calls of 100: by ids (chosen rows), then by
// filter (every match, following the `next` cursor). One untimed call on 100 other users warms
// the server up first, as a server in service is. USERS, TARGETS and ADMINS (active admins
// besides the caller, default 20) change the sizes.
import { randomUUID } from 'node:crypto';
import {
  buildApp,
  loadConfig,
  createDatabase,
  migrateToLatest,
  createPasswordHasher,
  loadApiModule,
} from '../lib/api-source.mjs';
import { SEEDED_ADMIN, analyze, insertSeededAdmin, signInOverHttp } from '../lib/seeded-admin.mjs';
import { benchOnEachEngine, printEngineFigures } from '../lib/engines.mjs';
import { mulberry32, person } from '../search/names.mjs';

const { fullNameKey } = await loadApiModule('modules/users/users.repository.ts');
const { sql } = await import('kysely');

const USERS = Number(process.env.USERS ?? 10_000);
const TARGETS = Number(process.env.TARGETS ?? 1_000);
const CHUNK = 100;
/** Active admins besides the caller, as a company of this size might have. */
const ADMINS = Number(process.env.ADMINS ?? 20);
const BATCH = 500;
const DAY = 24 * 60 * 60 * 1000;
/** The filter run's users: a name no other person has. */
const FILTER_NAME = 'Bulkbench Leaver';

/**
 * People created a month ago (the retention job the app runs at start expires none), signed in
 * since, each with one live session. The first TARGETS are the ids run's targets, the next
 * TARGETS the filter run's (renamed so the filter finds them), the next CHUNK the warm-up's, all
 * active; a few admins are among the first two, so the last-admin rule's path is measured too.
 */
async function seed(db, passwordHash) {
  const random = mulberry32(20260116);
  const now = Date.now();
  const baseTime = Math.floor(now / DAY - 30) * DAY;
  const lastLogin = new Date(now - DAY).toISOString();
  const sessionEnd = new Date(now + 7 * DAY).toISOString();
  const idsRun = [];
  const filterRun = [];
  const warmUp = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < USERS; start += BATCH) {
      const users = [];
      const sessions = [];
      for (let index = start; index < Math.min(start + BATCH, USERS); index += 1) {
        const p = person(random, index, baseTime);
        const status = index < 2 * TARGETS + CHUNK ? 'active' : p.status;
        const admin = index % Math.floor(USERS / ADMINS) === 0;
        const position = admin ? 'admin' : p.position === 'admin' ? 'contractor' : p.position;
        const id = randomUUID();
        const inFilterRun = index >= TARGETS && index < 2 * TARGETS;
        const fullName = inFilterRun ? `${FILTER_NAME} ${index}` : p.fullName;
        users.push({
          id,
          email: p.email,
          full_name: fullName,
          full_name_lower: fullNameKey(fullName),
          position,
          status,
          image_url: null,
          password_hash: status === 'pending' ? null : passwordHash,
          invited_by: null,
          created_at: p.createdAt,
          updated_at: p.createdAt,
          last_login_at: status === 'pending' ? null : lastLogin,
        });
        if (status === 'active') {
          sessions.push({
            id: randomUUID(),
            user_id: id,
            created_at: lastLogin,
            last_used_at: lastLogin,
            expires_at: sessionEnd,
            ip: '192.0.2.1',
            user_agent: 'bench',
            reauthenticated_at: lastLogin,
          });
        }
        if (index < TARGETS) idsRun.push(id);
        else if (inFilterRun) filterRun.push(id);
        else if (index < 2 * TARGETS + CHUNK) warmUp.push(id);
      }
      await trx.insertInto('users').values(users).execute();
      if (sessions.length > 0) await trx.insertInto('sessions').values(sessions).execute();
    }
  });
  return { idsRun, filterRun, warmUp };
}

/** POST /api/users/bulk over HTTP; fails the bench unless it answers 200. */
async function bulk(url, headers, body) {
  const response = await fetch(`${url}/api/users/bulk`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`bulk: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text).data;
}

/** Every row done, and no other: anything else is a failed bench, not a figure. */
function assertAllDone(label, results, expected) {
  const done = results.filter((r) => r.outcome === 'done').length;
  if (done !== expected || results.length !== expected) {
    const other = results.find((r) => r.outcome !== 'done');
    throw new Error(
      `${label}: ${done} of ${results.length} rows done, ${expected} expected${other ? ` (${JSON.stringify(other)})` : ''}`,
    );
  }
}

async function benchEngine(label, env) {
  const config = loadConfig({ ...env, RATE_LIMIT_PER_MINUTE: '1000000' });
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    const passwordHash = await createPasswordHasher().hash(SEEDED_ADMIN.password);
    const seedStart = performance.now();
    const { idsRun, filterRun, warmUp } = await seed(database.db, passwordHash);
    await insertSeededAdmin(database.db, passwordHash);
    await analyze(database, sql);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const app = await buildApp(config, { database });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const headers = { authorization: `Bearer ${await signInOverHttp(url)}` };

      assertAllDone(
        'warm-up',
        (await bulk(url, headers, { action: 'deactivate', ids: warmUp })).results,
        warmUp.length,
      );

      // Chosen rows: the site sends the ids in chunks of 100, one call after the other.
      const idsStart = performance.now();
      const idsResults = [];
      for (let start = 0; start < idsRun.length; start += CHUNK) {
        const answer = await bulk(url, headers, {
          action: 'deactivate',
          ids: idsRun.slice(start, start + CHUNK),
        });
        idsResults.push(...answer.results);
      }
      const idsMs = performance.now() - idsStart;
      assertAllDone('by ids', idsResults, idsRun.length);

      // Every match of a filter: the users leave it as they are deactivated; the cursor goes on.
      const filter = { search: FILTER_NAME.toLowerCase(), status: 'active' };
      const filterStart = performance.now();
      const filterResults = [];
      let calls = 0;
      let after;
      do {
        const answer = await bulk(url, headers, {
          action: 'deactivate',
          filter,
          limit: CHUNK,
          ...(after ? { after } : {}),
        });
        calls += 1;
        filterResults.push(...answer.results);
        after = answer.next ?? undefined;
      } while (after);
      const filterMs = performance.now() - filterStart;
      assertAllDone('by filter', filterResults, filterRun.length);

      // Only the targets had both a session and the inactive status.
      const { count } = await database.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('users.status', '=', 'inactive')
        .where('sessions.revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(count) !== 0) throw new Error(`${count} sessions of deactivated users still live`);
      return { label, seedSeconds, idsMs, filterMs, filterCalls: calls };
    } finally {
      await app.close();
    }
  } finally {
    await database.db.destroy();
  }
}

function print({ label, seedSeconds, idsMs, filterMs, filterCalls }) {
  console.log(
    `\n${label}: ${USERS.toLocaleString('en')} users (${ADMINS + 1} admins) seeded in ${seedSeconds.toFixed(1)} s`,
  );
  console.log(
    `deactivate ${TARGETS.toLocaleString('en')} by ids, ${TARGETS / CHUNK} calls of ${CHUNK}: ${idsMs.toFixed(0)} ms`,
  );
  console.log(
    `deactivate ${TARGETS.toLocaleString('en')} by filter, ${filterCalls} calls of ${CHUNK}: ${filterMs.toFixed(0)} ms`,
  );
}

const reports = await benchOnEachEngine('staff-admin-bench-bulk-', benchEngine, print);

// Last line of stdout: the figures for `npm run bench` (bench/lib/bulk.mjs reads it).
printEngineFigures(reports, (r) => ({
  users: USERS,
  targets: TARGETS,
  callSize: CHUNK,
  seedSeconds: r.seedSeconds,
  deactivateByIdsMs: r.idsMs,
  deactivateByFilterMs: r.filterMs,
}));
