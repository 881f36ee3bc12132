import type { Invitation, User } from '@staff-admin/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import type { UserListQuery } from '../../src/modules/users/user-search.js';
import { UsersRepository } from '../../src/modules/users/users.repository.js';
import { COLLECTING, WALKING, WALKING_DENSE } from '../search-plans.js';
import {
  bearer,
  createTestApp,
  createUser,
  insertLinkToken,
  login,
  loginTokens,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { twoStepClient } from '../two-step/two-step-client.js';

/**
 * Issue 16 on the list: last sign-in, the filters (role, status, never signed in, dormant for N
 * days by the app's clock), sorting by last sign-in the same way on both engines, and the pending
 * users' invitation (sent, expires, expired).
 */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let admin: TestUser;
let adminSession = { token: '', at: Number.NEGATIVE_INFINITY };
/** The clock's time when the people below were made; their times are counted back from it. */
let start: number;
const people = new Map<string, User>();

interface Person {
  label: string;
  position: 'admin' | 'finance' | 'contractor' | 'project_manager' | 'project_owner';
  status: 'active' | 'pending' | 'inactive';
  /** Days before `start`; undefined: never signed in. */
  lastSignInDaysAgo?: number;
  /** Milliseconds on top of lastSignInDaysAgo (for the dormant boundary). */
  extraMs?: number;
  createdDaysAgo: number;
}

const PEOPLE: Person[] = [
  {
    label: 'recent',
    position: 'finance',
    status: 'active',
    lastSignInDaysAgo: 2,
    createdDaysAgo: 300,
  },
  {
    label: 'old',
    position: 'finance',
    status: 'active',
    lastSignInDaysAgo: 40,
    createdDaysAgo: 300,
  },
  {
    label: 'boundary',
    position: 'contractor',
    status: 'active',
    lastSignInDaysAgo: 30,
    createdDaysAgo: 300,
  },
  {
    label: 'just-over',
    position: 'contractor',
    status: 'active',
    lastSignInDaysAgo: 30,
    extraMs: 1,
    createdDaysAgo: 300,
  },
  { label: 'never-used', position: 'contractor', status: 'active', createdDaysAgo: 100 },
  { label: 'pending-fresh', position: 'contractor', status: 'pending', createdDaysAgo: 1 },
  { label: 'pending-old', position: 'project_manager', status: 'pending', createdDaysAgo: 45 },
  {
    label: 'gone',
    position: 'finance',
    status: 'inactive',
    lastSignInDaysAgo: 200,
    createdDaysAgo: 400,
  },
  {
    label: 'tie-a',
    position: 'project_owner',
    status: 'active',
    lastSignInDaysAgo: 10,
    createdDaysAgo: 50,
  },
  {
    label: 'tie-b',
    position: 'project_owner',
    status: 'active',
    lastSignInDaysAgo: 10,
    createdDaysAgo: 50,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  // At the start of a minute, from which "N days" count back (resolveUserFilter).
  t.clock.set(Math.ceil(t.clock.now() / MINUTE) * MINUTE);
  start = t.clock.now();
  admin = await createUser(t, {
    position: 'admin',
    fullName: 'Ada Admin',
    email: 'ada@example.com',
  });
  await adminToken();
  for (const person of PEOPLE) {
    const user = await createUser(t, {
      email: `${person.label}@example.com`,
      fullName: person.label,
      position: person.position,
      status: person.status,
    });
    const lastSignIn =
      person.lastSignInDaysAgo === undefined
        ? null
        : toIso(start - person.lastSignInDaysAgo * DAY - (person.extraMs ?? 0));
    await t.db
      .updateTable('users')
      .set({ last_login_at: lastSignIn, created_at: toIso(start - person.createdDaysAgo * DAY) })
      .where('id', '=', user.id)
      .execute();
  }
  for (const user of await all({})) people.set(user.fullName ?? '', user);
});
afterAll(() => t.close());

/**
 * The admin's access token, signed in again once the clock has moved past its lifetime (tests
 * move the clock by days). The filter tests keep the clock at `start`, so the admin's last
 * sign-in stays `start` for them.
 */
async function adminToken(): Promise<string> {
  const now = t.clock.now();
  if (now < adminSession.at || now - adminSession.at > 10 * 60 * 1000) {
    adminSession = { token: (await loginTokens(t, admin)).access_token, at: now };
  }
  return adminSession.token;
}

async function list(query: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: '/api/users',
    query,
    headers: bearer(await adminToken()),
  });
}

async function all(query: Record<string, string>): Promise<User[]> {
  const response = await list({ all: 'true', ...query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: User[] }>().data;
}

/** The full names (the labels, and Ada Admin) of every match, sorted. */
async function names(query: Record<string, string>): Promise<string[]> {
  return (await all(query)).map((user) => user.fullName ?? '').sort();
}

const getUser = async (id: string): Promise<User> => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/users/${id}`,
    headers: bearer(await adminToken()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: User }>().data;
};

// The filters and the sort come first, on the people above at the clock's `start`; the tests
// after them move the clock forward and add people of their own.
describe('GET /api/users filters', () => {
  afterEach(() => t.clock.set(start));

  it('filters by role', async () => {
    expect(await names({ position: 'finance' })).toEqual(['gone', 'old', 'recent']);
    expect(await names({ position: 'admin' })).toEqual(['Ada Admin']);
  });

  it('filters by status', async () => {
    expect(await names({ status: 'pending' })).toEqual(['pending-fresh', 'pending-old']);
    expect(await names({ status: 'inactive' })).toEqual(['gone']);
    // Filters are ANDed: hiding inactive users and asking for them finds none.
    expect(await names({ status: 'inactive', includeInactive: 'false' })).toEqual([]);
  });

  it('filters those who never signed in, and those who did', async () => {
    expect(await names({ neverSignedIn: 'true' })).toEqual([
      'never-used',
      'pending-fresh',
      'pending-old',
    ]);
    expect(await names({ neverSignedIn: 'false', position: 'contractor' })).toEqual([
      'boundary',
      'just-over',
    ]);
  });

  it('finds dormant accounts by the clock: strictly older than N days from the start of the minute, never signed in counting from creation', async () => {
    const dormant = ['gone', 'just-over', 'never-used', 'old', 'pending-old'];
    expect(await names({ dormantDays: '30' })).toEqual(dormant);
    expect(await names({ dormantDays: '30', includeInactive: 'false' })).toEqual(
      dormant.filter((name) => name !== 'gone'),
    );
    expect(await names({ dormantDays: '30', status: 'pending' })).toEqual(['pending-old']);

    // Until the next minute starts, the account last used exactly 30 days ago is not dormant;
    // from then on it is.
    try {
      t.clock.advance(MINUTE - 1);
      expect(await names({ dormantDays: '30' })).toEqual(dormant);
      t.clock.advance(1);
      expect(await names({ dormantDays: '30' })).toEqual([...dormant, 'boundary'].sort());
    } finally {
      t.clock.set(start);
    }
    // A minute on, the fresh invitation (a day old) is dormant for one day.
    expect(await names({ dormantDays: '1', status: 'pending' })).toEqual(['pending-old']);
    t.clock.advance(MINUTE);
    try {
      expect(await names({ dormantDays: '1', status: 'pending' })).toEqual([
        'pending-fresh',
        'pending-old',
      ]);
    } finally {
      t.clock.set(start);
    }
  });

  it('counts the filtered matches and pages through them', async () => {
    const response = await list({ dormantDays: '30', limitPerPage: '2', page: '3' });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toEqual({
      currentPage: 3,
      itemsPerPage: 2,
      totalItems: 5,
      totalPages: 3,
    });
    expect(response.json().data).toHaveLength(1);
  });

  it.each<Record<string, string>>([
    { position: 'boss' },
    { status: 'gone' },
    { neverSignedIn: 'maybe' },
    { dormantDays: '0' },
    { dormantDays: '3651' },
    { dormantDays: '1.5' },
    { dormantDays: 'many' },
    { invitedDays: '0' },
    { invitedDays: '3651' },
    { sortBy: 'last_login_at' },
  ])('answers 400 for %j', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
  });
});

describe('GET /api/users sorted by last sign-in', () => {
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  /** Never signed in first ascending, last descending; the id breaks ties in the same direction. */
  function expectedOrder(users: User[], direction: 'ASC' | 'DESC'): string[] {
    const sign = direction === 'ASC' ? 1 : -1;
    return [...users]
      .sort((a, b) => {
        if (a.lastSignInAt === null && b.lastSignInAt !== null) return -sign;
        if (a.lastSignInAt !== null && b.lastSignInAt === null) return sign;
        return (
          sign *
          (byCodePoint(a.lastSignInAt ?? '', b.lastSignInAt ?? '') || byCodePoint(a.id, b.id))
        );
      })
      .map((user) => user.id);
  }

  it.each(['ASC', 'DESC'] as const)(
    'sorts %s with never-signed-in at the start (ASC) or the end (DESC), over pages',
    async (direction) => {
      const everyone = await all({});
      const expected = expectedOrder(everyone, direction);
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(everyone.length / 3); page += 1) {
        const response = await list({
          sortBy: 'lastSignInAt',
          sortDirection: direction,
          page: String(page),
          limitPerPage: '3',
        });
        expect(response.statusCode).toBe(200);
        seen.push(...response.json<{ data: User[] }>().data.map((user) => user.id));
      }
      expect(seen).toEqual(expected);
      const never = everyone.filter((user) => user.lastSignInAt === null).length;
      const nulls = (ids: string[]) =>
        ids.map((id) => everyone.find((user) => user.id === id)?.lastSignInAt ?? null);
      if (direction === 'ASC') expect(nulls(seen.slice(0, never))).toEqual(Array(never).fill(null));
      else expect(nulls(seen.slice(-never))).toEqual(Array(never).fill(null));
    },
  );

  it('gives the same pages whether matches are collected or walked, from either end', async () => {
    const collecting = new UsersRepository(t.db, t.database.engine, COLLECTING, [], t.clock);
    const walking = new UsersRepository(t.db, t.database.engine, WALKING, [], t.clock);
    const walkingDense = new UsersRepository(t.db, t.database.engine, WALKING_DENSE, [], t.clock);
    const dormantBefore = toIso(start - 30 * DAY);
    const filters: Partial<UserListQuery>[] = [
      {},
      { position: 'finance' },
      { status: 'pending' },
      { neverSignedIn: true },
      { neverSignedIn: false },
      { dormantBefore },
      { dormantBefore, search: 'example' },
    ];
    for (const filter of filters) {
      for (const sortBy of ['lastSignInAt', 'createdAt', 'fullName'] as const) {
        for (const sortDirection of ['ASC', 'DESC'] as const) {
          const order = { includeInactive: true, ...filter, sortBy, sortDirection };
          // Every match in order, read whole (no page): what each page must be a slice of.
          const every = (await collecting.findPage({ ...order, offset: 0 })).users;
          const end = every.length;
          // The first pages, the middle, and the last (a walk reads those from the end).
          for (const offset of new Set([0, 2, end >> 1, end - 3, end - 2, end - 1, end, 20])) {
            if (offset < 0) continue;
            const query: UserListQuery = { ...order, offset, limit: 2 };
            const label = JSON.stringify(query);
            const expected = { users: every.slice(offset, offset + 2), total: end };
            expect(await collecting.findPage(query), label).toEqual(expected);
            expect(await walking.findPage(query), label).toEqual(expected);
            expect(await walkingDense.findPage(query), label).toEqual(expected);
          }
        }
      }
    }
  });
});

describe('last sign-in', () => {
  it('is recorded by each successful sign-in, by the clock, and not by a failed one', async () => {
    const user = await createUser(t);
    expect((await getUser(user.id)).lastSignInAt).toBeNull();

    await loginTokens(t, user);
    const first = toIso(t.clock.now());
    expect((await getUser(user.id)).lastSignInAt).toBe(first);

    t.clock.advance(60 * 60 * 1000);
    expect((await login(t, user.email, 'Wrong-Password-1')).statusCode).toBe(400);
    expect((await getUser(user.id)).lastSignInAt).toBe(first);

    await loginTokens(t, user);
    expect((await getUser(user.id)).lastSignInAt).toBe(toIso(t.clock.now()));
  });

  it('with two-step sign-in, is recorded by the second step, not by the password', async () => {
    const { challenge, enrolTotp, signInWithTotp } = twoStepClient(() => t);
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    const signedIn = toIso(t.clock.now());
    const { secret } = await enrolTotp(tokens.access_token);

    t.clock.advance(60_000);
    await challenge(user);
    expect((await getUser(user.id)).lastSignInAt).toBe(signedIn);

    await signInWithTotp(user, secret);
    expect((await getUser(user.id)).lastSignInAt).toBe(toIso(t.clock.now()));
  });

  it('is in every User answer: the profile, one user, the list', async () => {
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(await adminToken()),
    });
    expect(profile.json<{ data: User }>().data.lastSignInAt).toBe(toIso(adminSession.at));
    expect(people.get('recent')?.lastSignInAt).toBe(toIso(start - 2 * DAY));
    expect(people.get('never-used')?.lastSignInAt).toBeNull();
  });
});

describe('invitations in the User', () => {
  const bulkCreate = async (users: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-create',
      headers: bearer(await adminToken()),
      payload: { users },
    });

  const resend = async (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/resend',
      headers: bearer(await adminToken()),
      payload: { email },
    });

  it('shows when the link was sent and expires, expired by the clock, renewed by a resend', async () => {
    const ttl = t.config.auth.invitationTtlMs;
    const email = uniqueEmail('invited');
    const sent = t.clock.now();
    const created = await bulkCreate([{ email, position: 'contractor', fullName: 'Ivy Invited' }]);
    expect(created.statusCode, created.body).toBe(201);
    const [user] = created.json<{ data: { created: User[] } }>().data.created;
    const fresh: Invitation = { sentAt: toIso(sent), expiresAt: toIso(sent + ttl), expired: false };
    expect(user).toMatchObject({ status: 'pending', lastSignInAt: null, invitation: fresh });
    expect((await getUser(user!.id)).invitation).toEqual(fresh);
    const listed = (await all({ status: 'pending', search: 'ivy invited' }))[0];
    expect(listed?.invitation).toEqual(fresh);

    // A moment before the expiry the link still works; at the expiry it does not.
    t.clock.set(sent + ttl - 1);
    expect((await getUser(user!.id)).invitation?.expired).toBe(false);
    t.clock.set(sent + ttl);
    expect((await getUser(user!.id)).invitation).toEqual({ ...fresh, expired: true });
    expect((await all({ status: 'pending', search: 'ivy invited' }))[0]?.invitation?.expired).toBe(
      true,
    );

    t.clock.advance(DAY);
    const resent = t.clock.now();
    expect((await resend(email)).statusCode).toBe(200);
    expect((await getUser(user!.id)).invitation).toEqual({
      sentAt: toIso(resent),
      expiresAt: toIso(resent + ttl),
      expired: false,
    });
  });

  it('is the newest unused link, and none once the account is set up', async () => {
    const email = uniqueEmail('setup');
    const created = await bulkCreate([{ email, position: 'finance' }]);
    const [user] = created.json<{ data: { created: User[] } }>().data.created;
    const first = (await getUser(user!.id)).invitation;

    t.clock.advance(60_000);
    const token = await insertLinkToken(t, user!.id, 'confirmation_token');
    expect((await getUser(user!.id)).invitation?.sentAt).toBe(toIso(t.clock.now()));

    // A used link is no invitation: the older unused one is what the user still holds.
    await t.db
      .updateTable('one_time_tokens')
      .set({ used_at: toIso(t.clock.now()) })
      .where('user_id', '=', user!.id)
      .where('created_at', '=', toIso(t.clock.now()))
      .execute();
    expect((await getUser(user!.id)).invitation).toEqual(first);
    await t.db
      .updateTable('one_time_tokens')
      .set({ used_at: null })
      .where('user_id', '=', user!.id)
      .execute();

    const setup = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/setup',
      payload: { token, password: TEST_PASSWORD, confirmedPassword: TEST_PASSWORD },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json<{ data: User }>().data).toMatchObject({ status: 'active', invitation: null });
  });

  it('finds pending users by the age of their newest invitation (Remind); a resend starts it again', async () => {
    const email = uniqueEmail('remind');
    const created = await bulkCreate([{ email, position: 'contractor', fullName: 'Rae Remind' }]);
    expect(created.statusCode, created.body).toBe(201);
    const reminded = async (days: string) =>
      (await all({ invitedDays: days, search: 'rae remind' })).map((user) => user.fullName);

    // Strictly older than N days from the start of the minute, as for dormant accounts.
    t.clock.advance(7 * DAY);
    expect(await reminded('7')).toEqual([]);
    t.clock.advance(MINUTE);
    expect(await reminded('7')).toEqual(['Rae Remind']);

    // The reminder itself is the bulk resend by this filter; after it, the count starts again.
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk',
      headers: bearer(await adminToken()),
      payload: {
        action: 'resendInvitation',
        filter: { status: 'pending', invitedDays: 7, search: 'rae remind' },
      },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data.results).toEqual([expect.objectContaining({ email, outcome: 'done' })]);
    expect(await reminded('7')).toEqual([]);
    expect(await reminded('1')).toEqual([]);
    t.clock.advance(DAY + MINUTE);
    expect(await reminded('1')).toEqual(['Rae Remind']);

    // Pending users whose invitation is gone count as invited long ago; others never match.
    expect(await names({ invitedDays: '1', search: 'pending-' })).toEqual([
      'pending-fresh',
      'pending-old',
    ]);
    expect(await names({ invitedDays: '1', status: 'active', search: 'recent' })).toEqual([]);
  });

  it('is null for users who are not pending', () => {
    expect(people.get('recent')?.invitation).toBeNull();
    expect(people.get('gone')?.invitation).toBeNull();
    // Made pending without a link (no invitation sent): no invitation to show.
    expect(people.get('pending-old')?.invitation).toBeNull();
  });
});
