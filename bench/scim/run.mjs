// SCIM provisioning benchmark (issue 36): `node bench/scim/run.mjs`, or
// `npm run bench -- --sections=scim` (opt-in: a plain `npm run bench` leaves it out). Seeds USERS
// − CREATES people (default 90,000) as the directory made them (a `directory_users` row each) into
// a fresh SQLite file and, when TEST_DATABASE_URL is set, a fresh PostgreSQL database (dropped
// afterwards), boots the real app on a local port with SCIM_REQUESTS_PER_MINUTE=1000000, signs in
// an admin, makes a SCIM token through the API and, over HTTP as a directory does:
// 1. creates CREATES users (default 10,000) with POST /scim/v2/Users at CONCURRENCY (4) calls in
//    flight, every call timed, as a directory's first push; every call must answer 201 and every
//    user must be in the database afterwards (users + directory_users, and a 201 in the sync log);
// 2. then, on the USERS (100,000) people, times LOOKUPS (2,000) filtered
//    GET /scim/v2/Users?filter=userName eq "…" of random existing people, one after the other,
//    after 50 untimed ones; each must find exactly that person.
// ADMINS (active admins besides the caller, default 20) changes the company's admins.
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
import { percentile } from '../lib/stats.mjs';
import { mulberry32, person } from '../search/names.mjs';

const { fullNameKey } = await loadApiModule('modules/users/users.repository.ts');
const { sql } = await import('kysely');

const USERS = Number(process.env.USERS ?? 100_000);
const CREATES = Number(process.env.CREATES ?? 10_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const LOOKUPS = Number(process.env.LOOKUPS ?? 2_000);
/** Active admins besides the caller, as a company of this size might have. */
const ADMINS = Number(process.env.ADMINS ?? 20);
const SEEDED = USERS - CREATES;
const LOOKUP_WARMUP = 50;
const BATCH = 500;
const DAY = 24 * 60 * 60 * 1000;
const SCIM = '/scim/v2';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

/** The userName and externalId of the bench's n-th create (none of the seeded people has them). */
const created = (n) => ({ email: `u${n}@example.com`, externalId: `ext-${n}` });

/**
 * SEEDED people as the directory made them a month ago (the retention job the app runs at start
 * expires none): users rows with `managed_by_directory`, and a `directory_users` row each (their
 * externalId and name's parts). ADMINS of them are active admins, none of the others is one.
 */
async function seed(db) {
  const random = mulberry32(20261127);
  const now = Date.now();
  const baseTime = Math.floor(now / DAY - 30) * DAY;
  const emails = [];
  const adminEvery = Math.max(1, Math.floor(SEEDED / Math.max(1, ADMINS)));
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < SEEDED; start += BATCH) {
      const users = [];
      const directory = [];
      for (let index = start; index < Math.min(start + BATCH, SEEDED); index += 1) {
        const p = person(random, index, baseTime);
        const admin = ADMINS > 0 && index % adminEvery === 0 && index / adminEvery < ADMINS;
        const position = admin ? 'admin' : p.position === 'admin' ? 'contractor' : p.position;
        // The directory's accounts: active or deactivated, never waiting for an invitation.
        const status = admin || p.status === 'pending' ? 'active' : p.status;
        const fullName = p.fullName ?? 'Seeded Person';
        const [givenName, ...family] = fullName.split(' ');
        const id = randomUUID();
        users.push({
          id,
          email: p.email,
          full_name: fullName,
          full_name_lower: fullNameKey(fullName),
          position,
          status,
          image_url: null,
          password_hash: null,
          invited_by: null,
          created_at: p.createdAt,
          updated_at: p.createdAt,
          last_login_at: null,
          managed_by_directory: sql`true`,
        });
        directory.push({
          user_id: id,
          external_id: `seed-${index}`,
          given_name: givenName,
          family_name: family.join(' ') || null,
        });
        emails.push(p.email);
      }
      await trx.insertInto('users').values(users).execute();
      await trx.insertInto('directory_users').values(directory).execute();
    }
  });
  return emails;
}

/** One SCIM call over HTTP: its status, its body read as JSON (when any) and its time. */
async function scim(url, secret, method, pathAndQuery, body) {
  const start = performance.now();
  const response = await fetch(`${url}${SCIM}${pathAndQuery}`, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - start;
  return { status: response.status, body: text, ms };
}

/** The directory's first push: CREATES users, CONCURRENCY calls in flight, each call timed. */
async function createAll(url, secret) {
  const times = [];
  /** @type {Record<string, number>} status → calls, for every answer but 201 */
  const failed = {};
  let firstFailure;
  let next = 0;
  const worker = async () => {
    while (next < CREATES) {
      const n = next;
      next += 1;
      const { email, externalId } = created(n);
      const answer = await scim(url, secret, 'POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: email,
        name: { givenName: 'U', familyName: String(n) },
        externalId,
        active: true,
      });
      times.push(answer.ms);
      if (answer.status !== 201) {
        failed[answer.status] = (failed[answer.status] ?? 0) + 1;
        firstFailure ??= `${answer.status} ${answer.body.slice(0, 300)}`;
      }
    }
  };
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  const totalMs = performance.now() - start;
  // Client and server are this one process: its CPU time per call, which the machine's load
  // does not stretch as it does the wall time.
  const cpuMsPerCall = (cpu.user + cpu.system) / 1000 / CREATES;
  return { times, failed, firstFailure, totalMs, cpuMsPerCall };
}

/** How many of the bench's creates are in the database as the directory said, and logged 201. */
async function countCreated(db) {
  const { count } = await db
    .selectFrom('users')
    .innerJoin('directory_users', 'directory_users.user_id', 'users.id')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('directory_users.external_id', 'like', 'ext-%')
    .where('users.email', 'like', 'u%@example.com')
    .where('users.status', '=', 'active')
    .executeTakeFirstOrThrow();
  const { logged } = await db
    .selectFrom('scim_sync_log')
    .select((eb) => eb.fn.countAll().as('logged'))
    .where('operation', '=', 'create')
    .where('resource_type', '=', 'User')
    .where('status', '=', 201)
    .executeTakeFirstOrThrow();
  return { inDatabase: Number(count), logged: Number(logged) };
}

/** A filtered GET of one userName; fails the bench unless it finds exactly that person. */
async function lookUp(url, secret, email) {
  const filter = encodeURIComponent(`userName eq "${email}"`);
  const answer = await scim(url, secret, 'GET', `/Users?filter=${filter}`);
  const found = answer.status === 200 ? JSON.parse(answer.body) : undefined;
  if (found?.totalResults !== 1 || found.Resources?.[0]?.userName !== email) {
    throw new Error(`lookup of ${email}: ${answer.status} ${answer.body.slice(0, 300)}`);
  }
  return answer.ms;
}

async function benchEngine(label, env) {
  const config = loadConfig({
    ...env,
    RATE_LIMIT_PER_MINUTE: '1000000',
    // The per-token limit (6,000 a minute by default) would refuse a first push at this pace.
    SCIM_REQUESTS_PER_MINUTE: '1000000',
  });
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    const passwordHash = await createPasswordHasher().hash(SEEDED_ADMIN.password);
    const seedStart = performance.now();
    const seededEmails = await seed(database.db);
    await insertSeededAdmin(database.db, passwordHash);
    await analyze(database, sql);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const app = await buildApp(config, { database });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      // A fresh sign-in is the recent confirmation a token needs.
      const accessToken = await signInOverHttp(url);
      const issued = await fetch(`${url}/api/directory/tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench' }),
      });
      const issuedText = await issued.text();
      if (issued.status !== 201) throw new Error(`token: ${issued.status} ${issuedText}`);
      const secret = JSON.parse(issuedText).data.secret;

      const push = await createAll(url, secret);
      const sortedCreates = [...push.times].sort((a, b) => a - b);
      const { inDatabase, logged } = await countCreated(database.db);
      const non201 = Object.values(push.failed).reduce((sum, calls) => sum + calls, 0);
      // A call lost: answered anything but 201, or answered 201 without its user being there.
      const lostCalls = Math.max(non201, CREATES - inDatabase, CREATES - logged);

      // Random people of all USERS: the seeded ones and the bench's creates alike.
      const random = mulberry32(36);
      const pickEmail = () => {
        const n = Math.floor(random() * USERS);
        return n < SEEDED ? seededEmails[n] : created(n - SEEDED).email;
      };
      for (let i = 0; i < LOOKUP_WARMUP; i += 1) await lookUp(url, secret, pickEmail());
      const lookups = [];
      if (inDatabase === CREATES) {
        for (let i = 0; i < LOOKUPS; i += 1) lookups.push(await lookUp(url, secret, pickEmail()));
      }
      lookups.sort((a, b) => a - b);
      return {
        label,
        seedSeconds,
        createMs: push.totalMs,
        createP50Ms: percentile(sortedCreates, 50),
        createP99Ms: percentile(sortedCreates, 99),
        createMaxMs: sortedCreates.at(-1),
        createCpuMsPerCall: push.cpuMsPerCall,
        failedStatuses: push.failed,
        firstFailure: push.firstFailure,
        inDatabase,
        logged,
        lostCalls,
        lookupP50Ms: lookups.length > 0 ? percentile(lookups, 50) : undefined,
        lookupP99Ms: lookups.length > 0 ? percentile(lookups, 99) : undefined,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.db.destroy();
  }
}

const ms = (value) => (value === undefined ? '–' : `${value.toFixed(2)} ms`);

function print(r) {
  console.log(
    `\n${r.label}: ${SEEDED.toLocaleString('en')} people seeded as the directory's (${ADMINS + 1} admins) in ${r.seedSeconds.toFixed(1)} s`,
  );
  console.log(
    `POST /scim/v2/Users × ${CREATES.toLocaleString('en')} at ${CONCURRENCY} in flight: ${(r.createMs / 1000).toFixed(1)} s (${Math.round(CREATES / (r.createMs / 1000))} creates/s) · p50 ${ms(r.createP50Ms)} · p99 ${ms(r.createP99Ms)} · max ${ms(r.createMaxMs)} · CPU ${ms(r.createCpuMsPerCall)} a call`,
  );
  console.log(
    `answers other than 201: ${JSON.stringify(r.failedStatuses)}${r.firstFailure ? ` (first: ${r.firstFailure})` : ''} · in the database ${r.inDatabase.toLocaleString('en')} · 201s in the sync log ${r.logged.toLocaleString('en')} · lost ${r.lostCalls}`,
  );
  console.log(
    `GET /scim/v2/Users?filter=userName eq "…" × ${LOOKUPS.toLocaleString('en')} on ${USERS.toLocaleString('en')} people, one at a time: p50 ${ms(r.lookupP50Ms)} · p99 ${ms(r.lookupP99Ms)}`,
  );
}

const reports = await benchOnEachEngine('staff-admin-bench-scim-', benchEngine, print);

// Last line of stdout: the figures for `npm run bench` (bench/lib/scim.mjs reads it).
printEngineFigures(reports, (r) => ({
  users: USERS,
  creates: CREATES,
  concurrency: CONCURRENCY,
  lookups: LOOKUPS,
  seedSeconds: r.seedSeconds,
  createMs: r.createMs,
  createP50Ms: r.createP50Ms,
  createP99Ms: r.createP99Ms,
  createMaxMs: r.createMaxMs,
  createCpuMsPerCall: r.createCpuMsPerCall,
  lostCalls: r.lostCalls,
  lookupP50Ms: r.lookupP50Ms,
  lookupP99Ms: r.lookupP99Ms,
}));
