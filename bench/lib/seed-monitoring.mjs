// Audit events and error groups for the benches that need Monitoring data (the monitoring bench,
// the seeded site of the screen audits): inserted with Kysely, on SQLite or PostgreSQL.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { mulberry32 } from '../search/names.mjs';

/** @typedef {import('./seed-budgeting.mjs').SeedDatabase} SeedDatabase */

/** The ids of the actors and targets the events and occurrences name (no such users exist). */
const ACTORS = 5_000;
const DAY = 24 * 60 * 60 * 1000;

// Audit actions in a plausible mix, out of 100: sign-ins dominate, admin changes are rare.
/** @type {Array<[string, number]>} */
const ACTION_WEIGHTS = [
  ['auth.login_succeeded', 40],
  ['auth.login_failed', 12],
  ['auth.logout', 15],
  ['session.revoked', 4],
  ['access.denied', 5],
  ['auth.locked_out', 1],
  ['auth.unlocked', 1],
  ['auth.refresh_token_reused', 1],
  ['password.reset_requested', 3],
  ['password.reset_completed', 2],
  ['password.changed', 2],
  ['invitation.sent', 2],
  ['invitation.accepted', 2],
  ['invitation.expired', 1],
  ['user.created', 2],
  ['user.position_changed', 1],
  ['user.status_changed', 1],
  ['user.deleted', 1],
  ['upload.created', 2],
  ['error_group.status_changed', 1],
  ['mail.retried', 1],
];
const ACTION_SLOTS = ACTION_WEIGHTS.flatMap(
  ([action, weight]) => /** @type {string[]} */ (Array(weight).fill(action)),
);
/** Actions done by no signed-in user: the actor is null. */
const NO_ACTOR = ['auth.login_failed', 'auth.locked_out', 'password.reset_requested'];

/**
 * A deterministic UUID-shaped id from a number (valid for PostgreSQL's uuid and isUuid).
 * @param {string} kind
 * @param {number} n
 */
const idOf = (kind, n) => `${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const actorId = (/** @type {number} */ n) => idOf('a0000000', n);

/**
 * `events` audit events in one INSERT ... SELECT per engine: a recursive CTE on SQLite,
 * generate_series on PostgreSQL. Times spread evenly over the 90 days up to now, in insertion
 * order (as appended).
 * @param {SeedDatabase} database
 * @param {{ events: number }} options
 */
export async function seedAudit({ db, engine }, { events }) {
  const now = Date.now();
  const spanSeconds = 90 * 24 * 60 * 60;
  const startSeconds = Math.floor(now / 1000) - spanSeconds;
  const actions = sql.join(
    ACTION_SLOTS.map((action, i) => sql`(${sql.lit(i)}, ${sql.lit(action)})`),
  );
  const noActor = sql.join(NO_ACTOR.map((a) => sql.lit(a)));
  const slots = ACTION_SLOTS.length;
  const agents = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ];
  if (engine === 'postgres') {
    await sql`
      with actions(slot, name) as (values ${actions})
      insert into audit_events (id, at, action, actor_id, target_id, ip, user_agent, details)
      select
        ('e0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
        to_timestamp(${sql.lit(startSeconds)} + (n::bigint * ${sql.lit(spanSeconds)}) / ${sql.lit(events)} + (n % 7) * 0.001),
        actions.name,
        case when actions.name in (${noActor}) then null
          else ('a0000000-0000-4000-8000-' || lpad(((n * 7919) % ${sql.lit(ACTORS)})::text, 12, '0'))::uuid end,
        ('a0000000-0000-4000-8000-' || lpad(((n * 104729) % ${sql.lit(ACTORS)})::text, 12, '0'))::uuid,
        '10.' || (n % 250) || '.' || ((n / 250) % 250) || '.' || (n % 7 + 1),
        case n % 3 when 0 then ${agents[0]} when 1 then ${agents[1]} else ${agents[2]} end,
        case when actions.name like 'user.%' then '{"before":"active","after":"inactive"}' else null end
      from generate_series(0::bigint, ${sql.lit(events - 1)}) as n
      join actions on actions.slot = (n * 31) % ${sql.lit(slots)}`.execute(db);
  } else {
    await sql`
      with recursive s(n) as (select 0 union all select n + 1 from s where n < ${sql.lit(events - 1)}),
      actions(slot, name) as (values ${actions})
      insert into audit_events (id, at, action, actor_id, target_id, ip, user_agent, details)
      select
        printf('e0000000-0000-4000-8000-%012d', n),
        strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.lit(startSeconds)} + (n * ${sql.lit(spanSeconds)}) / ${sql.lit(events)} + (n % 7) * 0.001, 'unixepoch'),
        actions.name,
        case when actions.name in (${noActor}) then null
          else printf('a0000000-0000-4000-8000-%012d', (n * 7919) % ${sql.lit(ACTORS)}) end,
        printf('a0000000-0000-4000-8000-%012d', (n * 104729) % ${sql.lit(ACTORS)}),
        '10.' || (n % 250) || '.' || ((n / 250) % 250) || '.' || (n % 7 + 1),
        case n % 3 when 0 then ${agents[0]} when 1 then ${agents[1]} else ${agents[2]} end,
        case when actions.name like 'user.%' then '{"before":"active","after":"inactive"}' else null end
      from s join actions on actions.slot = (s.n * 31) % ${sql.lit(slots)}`.execute(db);
  }
}

const SERVER_ERRORS = [
  ['TypeError', "Cannot read properties of undefined (reading 'email')"],
  ['Error', 'connect ETIMEDOUT 10.0.0.12:5432 (timeout)'],
  ['SqliteError', 'database is locked'],
  ['RangeError', 'Invalid time value'],
  ['Error', 'SMTP greeting timeout'],
  ['DatabaseError', 'deadlock detected'],
];
const BROWSER_ERRORS = [
  ['TypeError', "Cannot read properties of null (reading 'focus')"],
  ['ChunkLoadError', 'Loading chunk failed'],
  ['TypeError', 'Failed to fetch'],
  ['Error', 'ResizeObserver loop completed with undelivered notifications'],
  ['SyntaxError', 'Unexpected token < in JSON at position 0'],
  ['Error', 'Request timeout after 30000 ms'],
];
const ROUTES = ['/api/users', '/api/users/:id', '/api/auth/login', '/api/uploads', '/api/audit'];
const PAGES = ['/users', '/users/profile', '/monitoring/errors', '/auth/login', '/monitoring'];

/**
 * `groups` error groups (statuses mixed, both sources) sharing `occurrences` occurrences, a few
 * groups holding most; spread over the last 29 days (inside the 30-day retention, so the job run
 * at start removes none), and the users met. Answers the id of the group with the most.
 * @param {SeedDatabase} database
 * @param {{ groups: number, occurrences: number }} options
 * @returns {Promise<{ busiestGroupId: string }>}
 */
export async function seedErrors({ db }, { groups: groupCount, occurrences: occurrenceCount }) {
  const random = mulberry32(20261123);
  const now = Date.now();
  const iso = (/** @type {number} */ ms) => new Date(ms).toISOString();
  // A skewed share of the occurrences per group: a few groups hold most, as in real life.
  const weights = Array.from({ length: groupCount }, () => 1 / (0.02 + random()) ** 1.5);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((w / weightSum) * occurrenceCount)));
  let excess = counts.reduce((a, b) => a + b, 0) - occurrenceCount;
  for (let g = 0; excess !== 0; g = (g + 1) % groupCount) {
    const count = /** @type {number} */ (counts[g]);
    if (excess > 0 && count > 1) {
      counts[g] = count - 1;
      excess -= 1;
    } else if (excess < 0) {
      counts[g] = count + 1;
      excess += 1;
    }
  }

  await db.transaction().execute(async (trx) => {
    /** @type {Record<string, unknown>[]} */
    const groups = [];
    /** @type {Record<string, unknown>[]} */
    let occurrences = [];
    /** @type {Record<string, unknown>[]} */
    let groupUsers = [];
    const flush = async (/** @type {boolean} */ force) => {
      if (occurrences.length >= 2000 || (force && occurrences.length > 0)) {
        await trx.insertInto('error_occurrences').values(occurrences).execute();
        occurrences = [];
      }
      if (groupUsers.length >= 5000 || (force && groupUsers.length > 0)) {
        await trx.insertInto('error_group_users').values(groupUsers).execute();
        groupUsers = [];
      }
    };
    for (let g = 0; g < groupCount; g += 1) {
      const server = random() < 0.45;
      const [type, message] = /** @type {[string, string]} */ (
        (server ? SERVER_ERRORS : BROWSER_ERRORS)[g % 6]
      );
      const where = server ? ROUTES[g % ROUTES.length] : PAGES[g % PAGES.length];
      const title = `${type}: ${message} in ${server ? 'handler' : 'component'} #${g} (${where})`;
      const lastSeen = now - Math.floor(random() * 29 * DAY);
      const firstSeen = lastSeen - Math.floor(random() * 56 * DAY);
      const roll = random();
      const status = roll < 0.6 ? 'unresolved' : roll < 0.85 ? 'resolved' : 'ignored';
      const groupId = idOf('b0000000', g);
      const users = new Set();
      const count = /** @type {number} */ (counts[g]);
      for (let k = 0; k < count; k += 1) {
        const at =
          k === 0
            ? lastSeen
            : lastSeen - Math.floor(random() * Math.min(28 * DAY, lastSeen - firstSeen + 1));
        const userN = random() < 0.8 ? Math.floor(random() * ACTORS) : null;
        if (userN !== null && !users.has(userN)) {
          users.add(userN);
          groupUsers.push({ group_id: groupId, user_id: actorId(userN) });
        }
        occurrences.push({
          id: randomUUID(),
          group_id: groupId,
          at: iso(Math.max(at, now - 29 * DAY)),
          message,
          stack: `${type}: ${message}\n    at handler${g} (src/modules/m${g % 40}.ts:${10 + (g % 90)}:7)\n    at process (node:internal/process/task_queues:105:5)`,
          method: server ? 'GET' : null,
          route: server ? where : null,
          status: server ? 500 : null,
          request_id: server ? `req-${g}-${k}` : null,
          url: server ? null : where,
          release: `1.${g % 4}.0`,
          user_agent: server
            ? null
            : 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
          user_id: userN === null ? null : actorId(userN),
        });
        await flush(false);
      }
      groups.push({
        id: groupId,
        fingerprint: randomBytes(32).toString('hex'),
        source: server ? 'server' : 'browser',
        type,
        title,
        title_lower: title.toLowerCase(),
        status,
        first_seen_at: iso(firstSeen),
        last_seen_at: iso(lastSeen),
        occurrences: count,
        users_affected: users.size,
        resolved_at: status === 'resolved' ? iso(lastSeen + DAY / 2) : null,
        regressed_at: status === 'unresolved' && g % 17 === 0 ? iso(lastSeen) : null,
      });
    }
    await flush(true);
    for (let start = 0; start < groups.length; start += 1000) {
      await trx
        .insertInto('error_groups')
        .values(groups.slice(start, start + 1000))
        .execute();
    }
  });
  const busiest = counts.indexOf(Math.max(...counts));
  return { busiestGroupId: idOf('b0000000', busiest) };
}
