import type { User } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersRepository } from '../../src/modules/users/users.repository.js';
import { COLLECTING, WALKING, WALKING_DENSE } from '../search-plans.js';
import type { UserListQuery } from '../../src/modules/users/user-search.js';
import {
  bearer,
  createSignedInAdmin,
  createTestApp,
  createUser,
  type TestApp,
} from '../helpers.js';

let t: TestApp;
let adminToken: string;
let everyone: User[];

/** Names and emails chosen to catch case folding, Thai text and LIKE wildcards taken literally. */
const PEOPLE = [
  { email: 'alice.smith@example.com', fullName: 'Alice Smith', position: 'finance' },
  { email: 'bob@example.org', fullName: 'bob SMITHERS', position: 'contractor' },
  { email: 'carol@corp.example', fullName: 'Ćarol Ünal', position: 'project_owner' },
  { email: 'somchai@example.co.th', fullName: 'สมชาย ใจดี', position: 'project_manager' },
  { email: 'anong@example.co.th', fullName: 'อนงค์ สุขสวัสดิ์', position: 'finance' },
  { email: 'per%cent@example.com', fullName: 'Percy Cent', position: 'contractor' },
  { email: 'under_score@example.com', fullName: 'Una Score', position: 'contractor' },
  { email: 'plain@example.com', fullName: '100% Sure', position: 'project_owner' },
  { email: 'snake@example.com', fullName: 'snake_case person', position: 'contractor' },
  { email: 'slash@example.com', fullName: 'Back\\Slash', position: 'contractor' },
  { email: 'quote@example.com', fullName: 'Dwayne "The" Quote', position: 'contractor' },
  { email: 'gone@example.com', fullName: 'Inactive Ian', position: 'finance', status: 'inactive' },
  { email: 'waiting@example.com', fullName: null, position: 'contractor', status: 'pending' },
  { email: 'twin1@example.com', fullName: 'Same Name', position: 'contractor' },
  { email: 'twin2@example.com', fullName: 'same name', position: 'contractor' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInAdmin(t, { email: 'ada@example.com' });
  adminToken = admin.tokens.access_token;
  for (const person of PEOPLE) {
    await createUser(t, {
      ...person,
      status: 'status' in person ? person.status : 'active',
      invitedBy: admin.id,
    });
  }
  // Two people created at the very same moment: only the id can order them.
  const same = new Date('2024-01-01T00:00:00.000Z').toISOString();
  await t.db
    .updateTable('users')
    .set({ created_at: same })
    .where('email', 'in', ['twin1@example.com', 'twin2@example.com'])
    .execute();
  everyone = (await list({ all: 'true' })).json().data;
});
afterAll(() => t.close());

function list(query: Record<string, string>, token = adminToken) {
  return t.app.inject({ method: 'GET', url: '/api/users', query, headers: bearer(token) });
}

async function emailsFor(query: Record<string, string>): Promise<string[]> {
  const response = await list({ all: 'true', ...query });
  expect(response.statusCode).toBe(200);
  return response
    .json()
    .data.map((user: User) => user.email)
    .sort();
}

describe('GET /api/users search', () => {
  it.each([
    ['smith', ['alice.smith@example.com', 'bob@example.org']],
    ['SMITH', ['alice.smith@example.com', 'bob@example.org']],
    ['sMiThErS', ['bob@example.org']],
    ['ünal', ['carol@corp.example']],
    ['ÜNAL', ['carol@corp.example']],
    ['ćar', ['carol@corp.example']],
    ['ใจดี', ['somchai@example.co.th']],
    ['ใจ', ['somchai@example.co.th']],
    ['co.th', ['anong@example.co.th', 'somchai@example.co.th']],
    ['%', ['per%cent@example.com', 'plain@example.com']],
    ['0%', ['plain@example.com']],
    ['100% s', ['plain@example.com']],
    ['_', ['snake@example.com', 'under_score@example.com']],
    ['e_c', ['snake@example.com']],
    ['r_s', ['under_score@example.com']],
    ['\\', ['slash@example.com']],
    ['k\\s', ['slash@example.com']],
    ['"the"', ['quote@example.com']],
    ['"', ['quote@example.com']],
    ['nobody-here', []],
    ['p%c', []],
  ])('search %j finds exactly %j', async (search, expected) => {
    expect(await emailsFor({ search })).toEqual(expected);
  });

  it('matches anywhere in the email or the name, and trims the term', async () => {
    expect(await emailsFor({ search: '  example.org ' })).toEqual(['bob@example.org']);
    expect(await emailsFor({ search: 'score' })).toEqual(['under_score@example.com']);
  });

  it('treats an empty search as no search', async () => {
    expect(await emailsFor({ search: '' })).toEqual(everyone.map((u) => u.email).sort());
  });

  it('answers 400 for a term over 100 characters', async () => {
    expect((await list({ search: 'x'.repeat(101) })).statusCode).toBe(400);
  });
});

describe('GET /api/users paging, sorting and filters', () => {
  it('answers CONTRACT §4 defaults: page 1 of 10, newest first, inactive included', async () => {
    const response = await list({});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({
      currentPage: 1,
      itemsPerPage: 10,
      totalItems: everyone.length,
      totalPages: Math.ceil(everyone.length / 10),
    });
    expect(body.data).toHaveLength(10);
    const created = body.data.map((u: User) => u.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(everyone.some((u) => u.status === 'inactive')).toBe(true);
  });

  it('answers users in the contract shape with invitedBy', async () => {
    const alice = everyone.find((u) => u.email === 'alice.smith@example.com')!;
    expect(alice).toEqual({
      id: expect.any(String),
      email: 'alice.smith@example.com',
      fullName: 'Alice Smith',
      position: 'finance',
      status: 'active',
      imageUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      invitedBy: { id: expect.any(String), fullName: 'Ada Admin' },
      twoStepEnabled: false,
      twoStepRequired: false,
      lastSignInAt: null,
      invitation: null,
      managedBySso: false,
      managedByDirectory: false,
    });
  });

  const key = {
    fullName: (u: User) => (u.fullName ?? '').toLowerCase(),
    email: (u: User) => u.email,
    position: (u: User) => u.position,
    status: (u: User) => u.status,
    createdAt: (u: User) => u.createdAt,
  } as const;
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it.each(
    (Object.keys(key) as (keyof typeof key)[]).flatMap((sortBy) =>
      (['ASC', 'DESC'] as const).map((direction) => [sortBy, direction] as const),
    ),
  )(
    'sorts by %s %s with the id breaking ties, over pages that never overlap',
    async (sortBy, direction) => {
      const sign = direction === 'ASC' ? 1 : -1;
      const expected = [...everyone]
        .sort(
          (a, b) => sign * (byCodePoint(key[sortBy](a), key[sortBy](b)) || byCodePoint(a.id, b.id)),
        )
        .map((u) => u.id);
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(everyone.length / 4); page += 1) {
        const response = await list({
          sortBy,
          sortDirection: direction.toLowerCase(),
          page: String(page),
          limitPerPage: '4',
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().meta.currentPage).toBe(page);
        seen.push(...response.json().data.map((u: User) => u.id));
      }
      expect(seen).toEqual(expected);
    },
  );

  it('sorts search results the same way (collected matches)', async () => {
    const response = await list({
      search: 'example.com',
      sortBy: 'fullName',
      sortDirection: 'ASC',
    });
    const names = response.json().data.map((u: User) => (u.fullName ?? '').toLowerCase());
    expect(names).toEqual([...names].sort(byCodePoint));
    expect(response.json().meta.totalItems).toBe(
      everyone.filter((u) => u.email.includes('example.com')).length,
    );
  });

  it('answers an empty page past the end with the true totals', async () => {
    const response = await list({ page: '99', limitPerPage: '10' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [],
      meta: {
        currentPage: 99,
        itemsPerPage: 10,
        totalItems: everyone.length,
        totalPages: Math.ceil(everyone.length / 10),
      },
    });
  });

  it('answers the true total past the end of a short-term search too', async () => {
    const response = await list({ search: '%', page: '5', limitPerPage: '1' });
    expect(response.json()).toEqual({
      data: [],
      meta: { currentPage: 5, itemsPerPage: 1, totalItems: 2, totalPages: 2 },
    });
  });

  it('hides inactive users with includeInactive=false, and keeps pending ones', async () => {
    const visible = await emailsFor({ includeInactive: 'false' });
    expect(visible).not.toContain('gone@example.com');
    expect(visible).toContain('waiting@example.com');
    expect(visible).toHaveLength(everyone.length - 1);
    expect(await emailsFor({ includeInactive: 'true', search: 'inactive' })).toEqual([
      'gone@example.com',
    ]);
    expect(await emailsFor({ includeInactive: 'false', search: 'inactive' })).toEqual([]);
  });

  it('puts every match on one page with all=true', async () => {
    const response = await list({ all: 'true', search: 'smith', limitPerPage: '1', page: '3' });
    expect(response.json()).toEqual({
      data: expect.any(Array),
      meta: { currentPage: 1, itemsPerPage: 2, totalItems: 2, totalPages: 1 },
    });
    const none = await list({ all: 'true', search: 'nobody-here' });
    expect(none.json().meta).toEqual({
      currentPage: 1,
      itemsPerPage: 0,
      totalItems: 0,
      totalPages: 0,
    });
  });

  it.each<Record<string, string>>([
    { sortBy: 'password_hash' },
    { sortDirection: 'sideways' },
    { page: '0' },
    { limitPerPage: '101' },
    { limitPerPage: '0' },
    { includeInactive: 'maybe' },
    { all: 'yes' },
  ])('answers 400 for %j', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
  });
});

describe('the two plans of a search page', () => {
  it('give the same pages whether matches are collected or found by walking the index', async () => {
    const collecting = new UsersRepository(t.db, t.database.engine, COLLECTING, [], t.clock);
    const walking = new UsersRepository(t.db, t.database.engine, WALKING, [], t.clock);
    const walkingDense = new UsersRepository(t.db, t.database.engine, WALKING_DENSE, [], t.clock);
    const searches = ['example', 'smith', 'SAME NAME', 'co.th', 'nobody-here', '%', 'a'];
    for (const search of searches) {
      for (const sortBy of ['fullName', 'email', 'createdAt'] as const) {
        for (const offset of [0, 3, 30]) {
          const query: UserListQuery = {
            search: search.toLowerCase(),
            includeInactive: true,
            sortBy,
            sortDirection: 'ASC',
            offset,
            limit: 3,
          };
          const label = JSON.stringify(query);
          const collected = await collecting.findPage(query);
          expect(await walking.findPage(query), label).toEqual(collected);
          expect(await walkingDense.findPage(query), label).toEqual(collected);
          expect(collected.total, label).toBe((await emailsFor({ search })).length);
        }
      }
    }
  });
});
