import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, uniqueEmail, type TestApp } from '../helpers.js';
import {
  createScimToken,
  ERROR_SCHEMA,
  GROUP_SCHEMA,
  PATCH_SCHEMA,
  USER_SCHEMA,
} from '../scim/scim-client.js';
import {
  createDirectoryGroup,
  createDirectoryUser,
  ENTERPRISE_SCHEMA,
  ROLE_ENV,
  userRow,
} from '../scim/scim-fixtures.js';
import { withinEventLoopCeiling } from './event-loop.js';
import {
  FUZZ_RUNS,
  injectOptions,
  nasty,
  printable,
  scalar,
  type FuzzedRequest,
} from './fuzz-kit.js';

/**
 * Random and hostile requests to every SCIM route (issue 36): paths and ids, filters and paging,
 * PatchOp bodies with any op, path and value, User and Group bodies filled with junk, raw bytes,
 * content types and headers, with the directory's token, none, a wrong one or a user's access
 * token. Whatever arrives, the server answers without a 5xx, every refusal is a SCIM error
 * (RFC 7644 §3.12: the error schema, `status` as a string, a known `scimType`) in
 * application/scim+json, nothing leaks, and no request holds the event loop longer than 200 ms.
 * Valid-looking writes may change the directory's users and groups; the admin who made the token
 * stays an active admin.
 */

/** RFC 7644 §3.12's scimType values (and none). */
const SCIM_TYPES = [
  'invalidFilter',
  'tooMany',
  'uniqueness',
  'mutability',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'invalidValue',
  'invalidVers',
  'sensitive',
];

const LEAKS =
  /(\.ts:\d+|\bat \w+ \(|SQLITE_|syntax error at|select .* from|insert into|\$argon2|node_modules|TypeError|ReferenceError|Cannot read propert)/i;

let t: TestApp;
let secret: string;
let adminId: string;
let userToken: string;
let knownUserIds: string[] = [];
let knownGroupIds: string[] = [];
/** Known ids exist only once beforeAll ran: the arbitraries read them when drawing. */
const knownUser = (): fc.Arbitrary<string> =>
  fc.constant(null).chain(() => fc.constantFrom(...knownUserIds));
const knownId = (): fc.Arbitrary<string> =>
  fc.constant(null).chain(() => fc.constantFrom(...knownUserIds, ...knownGroupIds));

beforeAll(async () => {
  t = await createTestApp({ env: { ...ROLE_ENV, SCIM_REQUESTS_PER_MINUTE: '1000000' } });
  const issued = await createScimToken(t, 'Fuzzed directory');
  secret = issued.secret;
  adminId = issued.adminId;
  userToken = (await createSignedInUser(t)).tokens.access_token;
  const users = await Promise.all(
    Array.from({ length: 4 }, (_, i) => createDirectoryUser(t, secret, uniqueEmail(`fuzz${i}`))),
  );
  knownUserIds = [...users.map((user) => user.id), adminId];
  knownGroupIds = [
    (await createDirectoryGroup(t, secret, 'Staff Admins', [users[0]!.id])).id,
    (await createDirectoryGroup(t, secret, 'Finance', [users[1]!.id, users[2]!.id])).id,
    (await createDirectoryGroup(t, secret, 'Fuzzers')).id,
  ];
});
afterAll(() => t?.close());

const id = (mayName: boolean) =>
  mayName
    ? fc.oneof(
        { arbitrary: knownId(), weight: 3 },
        { arbitrary: fc.uuid(), weight: 1 },
        { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
        { arbitrary: nasty, weight: 1 },
      )
    : fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), nasty);

/** The attributes the server filters on: most filters name one of them. */
const FILTERED = [
  'userName',
  'externalId',
  'id',
  'emails.value',
  'emails[type eq "work"].value',
  'displayName',
];
const ATTRIBUTES = [
  ...FILTERED,
  'members',
  'members.value',
  'members[value eq "x"]',
  'name.givenName',
  'title',
  'active',
  'meta.lastModified',
  '__proto__',
  'urn:ietf:params:scim:schemas:core:2.0:User:userName',
];
const OPERATORS = [
  'eq',
  'EQ',
  'ne',
  'co',
  'sw',
  'ew',
  'pr',
  'gt',
  'ge',
  'lt',
  'le',
  'and',
  'or',
  'not',
  '(',
];

const comparison = fc
  .record({
    attribute: fc.oneof(
      { arbitrary: fc.constantFrom(...FILTERED), weight: 4 },
      { arbitrary: fc.constantFrom(...ATTRIBUTES), weight: 1 },
      { arbitrary: printable(20), weight: 1 },
    ),
    operator: fc.oneof(
      { arbitrary: fc.constant('eq'), weight: 4 },
      { arbitrary: fc.constantFrom(...OPERATORS), weight: 1 },
    ),
    value: fc.oneof(
      fc.string({ maxLength: 30 }).map((value) => JSON.stringify(value)),
      knownUser().map((value) => `"${value}"`),
      nasty.map((value) => JSON.stringify(value)),
      fc.constantFrom('true', 'false', 'null', '1', '"', '"unterminated', '""', '[', ']'),
      printable(20),
    ),
  })
  .map(({ attribute, operator, value }) => `${attribute} ${operator} ${value}`);

/** Entra ID's membership check, with any ids. */
const membership = fc
  .tuple(
    fc.oneof(knownId(), fc.uuid(), fc.string({ maxLength: 20 }), nasty),
    fc.oneof(knownUser(), fc.uuid(), fc.string({ maxLength: 20 }), nasty),
  )
  .map(
    ([group, user]) =>
      `id eq ${JSON.stringify(group)} and members[value eq ${JSON.stringify(user)}]`,
  );

const filter = fc.oneof(
  { arbitrary: comparison, weight: 6 },
  { arbitrary: membership, weight: 2 },
  {
    arbitrary: fc
      .tuple(comparison, fc.constantFrom(' and ', ' or ', ' AND '), comparison)
      .map((parts) => parts.join('')),
    weight: 2,
  },
  { arbitrary: fc.string({ maxLength: 80 }), weight: 1 },
  { arbitrary: nasty, weight: 1 },
  {
    arbitrary: fc.constantFrom(
      `${'('.repeat(500)}userName eq "a"${')'.repeat(500)}`,
      Array.from({ length: 300 }, () => 'userName eq "a"').join(' or '),
      `userName eq "${'a'.repeat(10_000)}"`,
    ),
    weight: 1,
  },
);

const anyQueryValue = fc.oneof(
  filter,
  fc.integer({ min: -5, max: 5_000_000 }).map(String),
  fc.constantFrom('members', 'emails', 'members,emails', '-1', '0', '1.5', 'NaN', 'Infinity', ''),
  fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
);
const paging = fc.oneof(
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.constantFrom('0', '-1', '1.5', 'NaN', 'Infinity', '', '99999999999999999999'),
);

/** The parameters SCIM defines, each there half the time, and some junk beside them. */
const query = fc
  .tuple(
    fc.record(
      {
        filter,
        startIndex: paging,
        count: paging,
        excludedAttributes: fc.constantFrom('members', 'emails', 'members,emails', '', 'x'),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(
      fc.constantFrom('filter', 'attributes', 'sortBy', 'sortOrder', '__proto__', 'count'),
      anyQueryValue,
      { maxKeys: 2 },
    ),
  )
  .map(([known, junk]): Record<string, string | string[]> => ({ ...junk, ...known }));

const PATCH_PATHS = [
  'active',
  'userName',
  'externalId',
  'displayName',
  'name.givenName',
  'name.familyName',
  'name.formatted',
  'emails',
  'emails[type eq "work"].value',
  'emails[primary eq true].value',
  'emails[type eq "work"',
  'members',
  'members[value eq "x"]',
  'members[value eq ]',
  'groups',
  'id',
  'meta.version',
  `${ENTERPRISE_SCHEMA}:employeeNumber`,
  `${ENTERPRISE_SCHEMA}:manager`,
  'urn:ietf:params:scim:schemas:core:2.0:User:name.givenName',
  '__proto__.polluted',
  'constructor.prototype.polluted',
  'a.b.c.d.e.f',
  '',
];

const patchValue = fc.oneof(
  scalar(40),
  knownUser().map((value) => [{ value }]),
  fc.array(
    fc.record({
      value: fc.oneof(knownUser(), scalar(40)),
      $ref: fc.constantFrom(null, 'x'),
    }),
    {
      maxLength: 3,
    },
  ),
  fc.dictionary(fc.constantFrom(...PATCH_PATHS, 'active', 'displayName'), scalar(40), {
    maxKeys: 3,
  }),
  fc.jsonValue({ maxDepth: 2 }),
);

const operation = fc.record(
  {
    op: fc.oneof(
      fc.constantFrom(
        'add',
        'Add',
        'REPLACE',
        'replace',
        'Replace',
        'remove',
        'Remove',
        'move',
        'copy',
        '',
      ),
      scalar(40),
    ),
    path: fc.oneof(fc.constantFrom(...PATCH_PATHS), fc.string({ maxLength: 40 }), scalar(40)),
    value: patchValue,
  },
  { requiredKeys: [] },
);

const patchBody = fc.record(
  {
    schemas: fc.oneof(
      fc.constant([PATCH_SCHEMA]),
      fc.array(fc.string(), { maxLength: 2 }),
      scalar(40),
    ),
    Operations: fc.oneof(fc.array(operation, { maxLength: 4 }), scalar(40), fc.constant([])),
  },
  { requiredKeys: [] },
);

const USER_FIELDS = [
  'schemas',
  'userName',
  'name',
  'displayName',
  'emails',
  'active',
  'externalId',
  'id',
  'groups',
  'password',
  'meta',
  'title',
  ENTERPRISE_SCHEMA,
  '__proto__',
  'constructor',
];
const userBody = fc
  .dictionary(
    fc.constantFrom(...USER_FIELDS),
    fc.oneof(
      scalar(40),
      fc.emailAddress(),
      fc.record(
        { givenName: scalar(40), familyName: scalar(40), formatted: scalar(40) },
        { requiredKeys: [] },
      ),
      fc.array(
        fc.record(
          { value: fc.oneof(fc.emailAddress(), scalar(40)), type: scalar(40), primary: scalar(40) },
          { requiredKeys: [] },
        ),
        {
          maxLength: 3,
        },
      ),
      fc.object({ maxDepth: 1 }),
    ),
    { maxKeys: 6 },
  )
  .map((body) => ({ schemas: [USER_SCHEMA], ...body }));

const groupBody = fc
  .dictionary(
    fc.constantFrom('schemas', 'displayName', 'externalId', 'members', 'id', '__proto__'),
    fc.oneof(
      scalar(40),
      fc.array(fc.record({ value: fc.oneof(knownUser(), scalar(40)) }, { requiredKeys: [] }), {
        maxLength: 4,
      }),
    ),
    { maxKeys: 4 },
  )
  .map((body) => ({ schemas: [GROUP_SCHEMA], ...body }));

const payload = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 2 },
  { arbitrary: patchBody.map((body) => JSON.stringify(body)), weight: 4 },
  { arbitrary: userBody.map((body) => JSON.stringify(body)), weight: 3 },
  { arbitrary: groupBody.map((body) => JSON.stringify(body)), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 1 },
  { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
  { arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '{"__proto__":{"active":false}}',
      `{"schemas":["${PATCH_SCHEMA}"],"Operations":[{"op":"replace","path":"__proto__.isAdmin","value":true}]}`,
      `{"schemas":["${PATCH_SCHEMA}"],"Operations":[{"op":"add","path":"constructor.prototype.polluted","value":1}]}`,
      '{"userName":',
      '[]',
      'null',
      '"x"',
      '\uFEFF{}',
      `{"a":${'['.repeat(2_000)}${']'.repeat(2_000)}}`,
      JSON.stringify({ schemas: [USER_SCHEMA], userName: `${'a'.repeat(70_000)}@example.com` }),
      JSON.stringify({
        schemas: [PATCH_SCHEMA],
        Operations: Array.from({ length: 5_000 }, () => ({
          op: 'replace',
          path: 'displayName',
          value: 'x',
        })),
      }),
    ),
    weight: 1,
  },
);

const contentType = fc.constantFrom(
  undefined,
  'application/scim+json',
  'application/scim+json; charset=utf-8',
  'application/json',
  'application/json; charset=utf-16le',
  'APPLICATION/SCIM+JSON',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
  ';;;',
);

type Auth = 'token' | 'none' | 'wrong' | 'basic' | 'user' | 'malformed';

const headers = fc.record(
  {
    'if-match': fc.oneof(printable(40), fc.constantFrom('*', 'W/"1"', '""', 'W/')),
    'if-none-match': printable(40),
    accept: fc.constantFrom(
      '*/*',
      'application/scim+json',
      'text/html',
      '',
      'application/json;q=0',
    ),
    'x-http-method-override': fc.constantFrom('DELETE', 'PUT'),
    'x-forwarded-for': fc.oneof(printable(40), fc.ipV4()),
  },
  { requiredKeys: [] },
);

const ROUTES = [
  '/Users',
  '/Users/{id}',
  '/Groups',
  '/Groups/{id}',
  '/ServiceProviderConfig',
  '/ResourceTypes',
  '/ResourceTypes/{id}',
  '/Schemas',
  '/Schemas/{id}',
  '/Bulk',
  '/Me',
  '/.search',
  '/Users/.search',
  '/{id}',
  '',
];

type Generated = FuzzedRequest<Auth>;

const request = fc
  .record({
    route: fc.oneof(
      { arbitrary: fc.constantFrom('/Users', '/Groups'), weight: 3 },
      { arbitrary: fc.constantFrom('/Users/{id}', '/Groups/{id}'), weight: 3 },
      { arbitrary: fc.constantFrom(...ROUTES), weight: 2 },
    ),
    method: fc.oneof(
      { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), weight: 9 },
      { arbitrary: fc.constantFrom('HEAD', 'OPTIONS'), weight: 1 },
    ),
    auth: fc.oneof(
      { arbitrary: fc.constant<Auth>('token'), weight: 8 },
      {
        arbitrary: fc.constantFrom<Auth>('none', 'wrong', 'basic', 'user', 'malformed'),
        weight: 2,
      },
    ),
    query,
    headers,
    contentType,
    body: payload,
  })
  .chain((shape) =>
    id(shape.method === 'GET' || shape.method === 'PATCH' || shape.method === 'PUT').map(
      (value): Generated => ({
        ...shape,
        url: `/scim/v2${shape.route.replace('{id}', encodeURIComponent(String(value)))}`,
      }),
    ),
  );

function toInject(generated: Generated): InjectOptions {
  const authorization: Record<Auth, string | undefined> = {
    token: `Bearer ${secret}`,
    none: undefined,
    wrong: `Bearer ${secret.slice(0, -6)}xxxxxx`,
    basic: `Basic ${Buffer.from(`scim:${secret}`).toString('base64')}`,
    user: `Bearer ${userToken}`,
    malformed: `Bearer  ${secret} extra`,
  };
  return injectOptions(generated, authorization[generated.auth]);
}

/** A SCIM answer: the checks every one must pass. */
function checkAnswer(
  generated: Generated,
  response: Awaited<ReturnType<TestApp['app']['inject']>>,
) {
  const where = `${generated.auth} ${generated.method} ${generated.url} ${JSON.stringify(generated.query)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  expect(response.body, where).not.toMatch(LEAKS);
  const reached = new URL(generated.url, 'http://localhost').pathname;
  if (!reached.startsWith('/scim/v2') || generated.method === 'HEAD') return;
  if (response.statusCode === 204) {
    expect(response.body, where).toBe('');
    return;
  }
  if (response.statusCode >= 400) {
    expect(String(response.headers['content-type']), where).toMatch(
      /^application\/scim\+json;\s*charset=utf-8$/i,
    );
    const body = response.json<{
      schemas: string[];
      status: string;
      scimType?: string;
      detail?: string;
    }>();
    expect(body.schemas, where).toEqual([ERROR_SCHEMA]);
    expect(body.status, where).toBe(String(response.statusCode));
    if (body.scimType !== undefined) expect(SCIM_TYPES, where).toContain(body.scimType);
    if (response.statusCode === 401)
      expect(String(response.headers['www-authenticate']), where).toMatch(/^Bearer/);
  } else if (response.body.length > 0) {
    expect(String(response.headers['content-type']), where).toMatch(
      /^application\/scim\+json;\s*charset=utf-8$/i,
    );
  }
}

const listing = (route: '/Users' | '/Groups', filterValue: string): Generated => ({
  method: 'GET',
  url: `/scim/v2${route}`,
  auth: 'token',
  query: { filter: filterValue },
  headers: {},
  contentType: undefined,
  body: undefined,
});

/** Requests that once answered 500 (on PostgreSQL: an id that is no uuid compared to a uuid column). */
const FOUND_BEFORE: Generated[] = [
  listing('/Users', 'id eq "not-a-uuid"'),
  listing('/Groups', 'id eq "not-a-uuid"'),
  listing('/Groups', 'id eq "not-a-uuid" and members[value eq "also-not-a-uuid"]'),
  listing('/Groups', 'members[value eq "not-a-uuid"]'),
];

describe('fuzzing the SCIM routes', () => {
  it(`answers ${FUZZ_RUNS} random requests without a 5xx, always in SCIM's error shape, within 200 ms of event loop`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        const response = await withinEventLoopCeiling(
          t,
          () => t.app.inject(toInject(generated)),
          `${generated.method} ${generated.url}`,
        );
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        checkAnswer(generated, response);
      }),
      { numRuns: FUZZ_RUNS, examples: FOUND_BEFORE.map((generated) => [generated]) },
    );

    // The admin who made the token is still an active admin, whatever was sent; nothing was
    // polluted; the server still answers.
    expect(await userRow(t, adminId)).toMatchObject({ position: 'admin', status: 'active' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const config = await t.app.inject({
      method: 'GET',
      url: '/scim/v2/ServiceProviderConfig',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(config.statusCode).toBe(200);
    // The run reached the handlers, not only the first gate.
    for (const status of [200, 400, 401, 404]) {
      expect(
        statuses.get(status) ?? 0,
        `no ${status} in ${JSON.stringify([...statuses])}`,
      ).toBeGreaterThan(0);
    }
  }, 180_000);

  it.each([
    ['a broken JSON body', 'POST', '/Users', '{"userName":', 'application/scim+json', 400],
    ['a JSON array as a user', 'POST', '/Users', '[]', 'application/scim+json', 400],
    ['a body as text/plain', 'POST', '/Users', 'userName=x', 'text/plain', [400, 415]],
    [
      'PatchOp without Operations',
      'PATCH',
      '/Users/{user}',
      `{"schemas":["${PATCH_SCHEMA}"]}`,
      'application/scim+json',
      400,
    ],
    [
      'an op that is none of the three',
      'PATCH',
      '/Users/{user}',
      `{"schemas":["${PATCH_SCHEMA}"],"Operations":[{"op":"copy","path":"userName"}]}`,
      'application/scim+json',
      400,
    ],
    [
      'a remove without a path',
      'PATCH',
      '/Users/{user}',
      `{"schemas":["${PATCH_SCHEMA}"],"Operations":[{"op":"remove"}]}`,
      'application/scim+json',
      400,
    ],
    [
      'an unclosed filter in a path',
      'PATCH',
      '/Users/{user}',
      `{"schemas":["${PATCH_SCHEMA}"],"Operations":[{"op":"replace","path":"emails[type eq \\"work\\"","value":"x"}]}`,
      'application/scim+json',
      400,
    ],
  ] as [string, string, string, string, string, number | number[]][])(
    'answers %s with a SCIM error (%s %s)',
    async (_name, method, path, body, type, expected) => {
      const response = await t.app.inject({
        method: method as InjectOptions['method'],
        url: `/scim/v2${path.replace('{user}', knownUserIds[3]!)}`,
        headers: { authorization: `Bearer ${secret}`, 'content-type': type },
        payload: body,
      });
      expect(response.statusCode, response.body).toBeOneOf([expected].flat());
      expect(String(response.headers['content-type'])).toMatch(
        /^application\/scim\+json;\s*charset=utf-8$/i,
      );
      expect(response.json()).toMatchObject({
        schemas: [ERROR_SCHEMA],
        status: String(response.statusCode),
      });
    },
  );
});
