import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RememberedMatches } from '../../src/modules/users/remembered-matches.js';
import type { UserListQuery } from '../../src/modules/users/user-search.js';
import { UsersRepository } from '../../src/modules/users/users.repository.js';
import { createTestApp, createUser, type TestApp } from '../helpers.js';
import { COLLECTING, WALKING_DENSE } from '../search-plans.js';

/**
 * Remembered counts and orders (RememberedMatches, migration 0013's version of the users table)
 * and the bounded walk for dense matches (docs/performance.md "Dense searches").
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // 40 people whose names sort first and 20 whose names sort last: "zz" matches only the last.
  for (let index = 0; index < 40; index += 1) {
    await createUser(t, { email: `first${index}@example.com`, fullName: `Aaron First ${index}` });
  }
  for (let index = 0; index < 20; index += 1) {
    await createUser(t, { email: `last${index}@example.com`, fullName: `Zzyzx Last ${index}` });
  }
});
afterAll(() => t.close());

const query = (overrides: Partial<UserListQuery> = {}): UserListQuery => ({
  search: 'zz',
  includeInactive: true,
  sortBy: 'fullName',
  sortDirection: 'ASC',
  offset: 0,
  limit: 3,
  ...overrides,
});

/** A repository with its own remembered counts, as another process of the API would have. */
function process() {
  const counts = new RememberedMatches(t.db);
  const users = new UsersRepository(t.db, t.database.engine, undefined, [], t.clock, counts);
  return { counts, users };
}

describe('remembered counts', () => {
  it('serve a count until any process changes what it counted', async () => {
    const one = process();
    const other = process();
    expect((await one.users.findPage(query())).total).toBe(20);
    expect((await one.counts.snapshot()).total(query())).toBe(20);

    // Another process adds a match: the count is not served again.
    await createUser(t, { email: 'late@example.com', fullName: 'Zzyzx Late' });
    expect((await one.counts.snapshot()).total(query())).toBeUndefined();
    expect((await one.users.findPage(query())).total).toBe(21);
    expect((await other.users.findPage(query())).total).toBe(21);

    await t.db.deleteFrom('users').where('email', '=', 'late@example.com').execute();
    expect((await one.users.findPage(query())).total).toBe(20);
  });

  it('are kept when a column the list does not count changes, and dropped when one it does', async () => {
    const { counts, users } = process();
    await users.findPage(query());
    const someone = 'last0@example.com';
    await t.db
      .updateTable('users')
      .set({ image_url: '/x.png' })
      .where('email', '=', someone)
      .execute();
    expect((await counts.snapshot()).total(query())).toBe(20);

    await t.db
      .updateTable('users')
      .set({ status: 'inactive' })
      .where('email', '=', someone)
      .execute();
    expect((await counts.snapshot()).total(query({ includeInactive: false }))).toBeUndefined();
    expect((await users.findPage(query({ includeInactive: false }))).total).toBe(19);
    await t.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('email', '=', someone)
      .execute();
    expect((await users.findPage(query({ includeInactive: false }))).total).toBe(20);
  });

  it('are not moved by a change that is rolled back', async () => {
    const { counts, users } = process();
    await users.findPage(query());
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('email', '=', 'last1@example.com').execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await counts.snapshot()).total(query())).toBe(20);
    expect((await users.findPage(query())).total).toBe(20);
  });

  it('remember a dormant count under its cutoff, until a sign-in moves what it counted', async () => {
    const { counts, users } = process();
    const cutoff = t.clock.now() + 1000;
    const dormant = query({ dormantBefore: new Date(cutoff).toISOString() });
    expect((await users.findPage(dormant)).total).toBe(20);
    expect((await counts.snapshot()).total(dormant)).toBe(20);
    // Another cutoff is another count.
    const later = query({ dormantBefore: new Date(cutoff + 60_000).toISOString() });
    expect((await counts.snapshot()).total(later)).toBeUndefined();

    await t.db
      .updateTable('users')
      .set({ last_login_at: new Date(cutoff + 1).toISOString() })
      .where('email', '=', 'last2@example.com')
      .execute();
    expect((await counts.snapshot()).total(dormant)).toBeUndefined();
    expect((await users.findPage(dormant)).total).toBe(19);
  });

  it('never remember a count that depends on the invitations', async () => {
    const { counts, users } = process();
    const invited = query({ invitedBefore: new Date(t.clock.now() + 1000).toISOString() });
    await users.findPage(invited);
    expect((await counts.snapshot()).total(invited)).toBeUndefined();
  });
});

describe('remembered orders', () => {
  it('serve every page of a collected search from its whole order, until the users change', async () => {
    const { counts, users } = process();
    const collecting = new UsersRepository(t.db, t.database.engine, COLLECTING, [], t.clock);
    await users.findPage(query()); // counts the matches
    await users.findPage(query()); // collects them all, in order
    expect((await counts.snapshot()).order(query())).toHaveLength(20);
    for (const offset of [0, 3, 18, 20]) {
      expect(await users.findPage(query({ offset }))).toEqual(
        await collecting.findPage(query({ offset })),
      );
    }
    // Another order of the same search is another entry.
    expect((await counts.snapshot()).order(query({ sortDirection: 'DESC' }))).toBeUndefined();

    await t.db
      .updateTable('users')
      .set({ full_name: 'Zzyzx Renamed', full_name_lower: 'zzyzx renamed' })
      .where('email', '=', 'last5@example.com')
      .execute();
    expect((await counts.snapshot()).order(query())).toBeUndefined();
    expect(await users.findPage(query({ offset: 15 }))).toEqual(
      await collecting.findPage(query({ offset: 15 })),
    );
  });
});

describe('the bounded walk for dense matches', () => {
  it('gives the collected page, also when the matches lie beyond the rows it may read', async () => {
    const collecting = new UsersRepository(t.db, t.database.engine, COLLECTING, [], t.clock);
    const walking = new UsersRepository(t.db, t.database.engine, WALKING_DENSE, [], t.clock);
    for (const search of ['zz', 'z', 'aaron', 'a', 'example', 'last1']) {
      for (const sortDirection of ['ASC', 'DESC'] as const) {
        for (const offset of [0, 9, 18, 40]) {
          const page = query({ search, sortDirection, offset });
          const collected = await collecting.findPage(page);
          expect(await walking.findPage(page), JSON.stringify(page)).toEqual(collected);
        }
      }
    }
  });
});
