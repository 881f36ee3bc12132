import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/db/compiled-once.js';
import { createTestApp, createUser, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('compiledOnce', () => {
  it('builds the query once and runs it with each call’s value, on this engine', async () => {
    const ann = await createUser(t, { fullName: 'Ann Once' });
    const bob = await createUser(t, { fullName: 'Bob Once' });
    let builds = 0;
    const byId = compiledOnce((id) => {
      builds += 1;
      return t.db
        .selectFrom('users')
        .select(['id', 'full_name'])
        .where('id', '=', id)
        .where('status', '<>', 'inactive');
    });
    const nameOf = async (id: string) => (await t.db.executeQuery(byId(id))).rows[0]?.full_name;

    expect(await nameOf(ann.id)).toBe('Ann Once');
    expect(await nameOf(bob.id)).toBe('Bob Once');
    expect(await nameOf('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(builds).toBe(1);
    // The other parameters keep their values.
    expect(byId(ann.id).parameters).toEqual([ann.id, 'inactive']);
  });
});
