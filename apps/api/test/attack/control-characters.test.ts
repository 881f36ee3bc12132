import { API_MESSAGES, VALIDATION_MESSAGES } from '@staff-admin/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { withinEventLoopCeiling } from './event-loop.js';

/**
 * Control, direction and zero-width characters in every string a route reads (query and JSON
 * body), signed out, as a user and as an admin: always a 2xx or a 4xx in the contract's shape,
 * never a 5xx, and never more than 200 ms of the event loop (./event-loop.ts). Before the fix
 * `GET /users?search=%00abc` answered 500 (SQLite's full-text search refused the NUL) and names
 * took CR/LF, U+202E and U+200B. ASVS 5.0 V2.2.1, V1.2.x, V16.5.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);

let t: TestApp;
let admin: TestUser;
const tokens: Record<'user' | 'admin', string> = { user: '', admin: '' };
let routes: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = await createUser(t, { position: 'admin' });
  tokens.admin = (await loginTokens(t, admin)).access_token;
  tokens.user = (await loginTokens(t, await createUser(t))).access_token;
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const UNSAFE = ['\u0000', '\r\n', '\n', '\t', '\u001b', '\u007f', '\u202e', '\u2066', '\u200b'];

/** Text with at least one unsafe character somewhere in it. */
const tainted = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...UNSAFE), fc.string({ maxLength: 20 }))
  .map(([before, unsafe, after]) => `${before}${unsafe}${after}`);

const STRING_FIELDS = [
  'email',
  'password',
  'token',
  'newPassword',
  'confirmNewPassword',
  'fullName',
  'position',
  'status',
  'imageUrl',
];
const QUERY_FIELDS = ['search', 'sortBy', 'sortDirection', 'token', 'jwtTokenType', 'emails'];

const request = fc.record({
  routeIndex: fc.nat(),
  auth: fc.constantFrom('none', 'user', 'admin') as fc.Arbitrary<'none' | 'user' | 'admin'>,
  query: fc.dictionary(fc.constantFrom(...QUERY_FIELDS), tainted, { maxKeys: 3 }),
  body: fc.dictionary(fc.constantFrom(...STRING_FIELDS), tainted, { minKeys: 1, maxKeys: 4 }),
  param: tainted,
});

describe('control characters in every string field', () => {
  it(`answer ${RUNS} requests without a 5xx or 200 ms of event loop, in the contract's shape`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        const route = routes[generated.routeIndex % routes.length]!;
        // Signing out as the test's own users would end the sessions the rest of the run uses.
        const auth = route.path === '/api/auth/logout' ? 'none' : generated.auth;
        const url = route.path.replace(/\{\w+\}/g, encodeURIComponent(generated.param));
        const response = await withinEventLoopCeiling(
          t,
          () =>
            t.app.inject({
              method: route.method as 'GET',
              url,
              query: generated.query,
              headers: auth === 'none' ? {} : bearer(tokens[auth]),
              ...(['GET', 'HEAD', 'DELETE'].includes(route.method)
                ? {}
                : { payload: generated.body }),
            }),
          `${route.method} ${url}`,
        );
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const where = `${route.method} ${url} → ${response.statusCode}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const body = response.json<{ code: number; message: string }>();
          expect(body.code, where).toBe(response.statusCode);
        }
      }),
      { numRuns: RUNS },
    );
    // The run reached validation, not only the sign-in gate.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a search with a NUL or a line break with a field error', async () => {
    for (const [search, message] of [
      ['\u0000abc', VALIDATION_MESSAGES.nulCharacter],
      ['ann\nlee', VALIDATION_MESSAGES.searchInvalidCharacters],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/users',
        query: { search },
        headers: bearer(tokens.admin),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message: API_MESSAGES.validationFailed,
        errors: { search: message },
      });
    }
  });

  // NUL is refused in any text, before the name's own rule (apps/api/src/http/validator.ts).
  it.each([
    ['NUL', 'Ann\u0000Lee', VALIDATION_MESSAGES.nulCharacter],
    ['CR/LF', 'Ann\r\nLee', VALIDATION_MESSAGES.fullNameInvalidCharacters],
    ['U+202E', 'Ann \u202eeeL', VALIDATION_MESSAGES.fullNameInvalidCharacters],
    ['U+200B', 'Ann\u200bLee', VALIDATION_MESSAGES.fullNameInvalidCharacters],
  ])(
    'refuses a full name with %s, on one’s own profile and another’s',
    async (_what, fullName, message) => {
      const target = await createUser(t);
      for (const [url, token] of [
        ['/api/users/profile', tokens.admin],
        [`/api/users/${target.id}`, tokens.admin],
      ] as const) {
        const response = await t.app.inject({
          method: 'PATCH',
          url,
          headers: bearer(token),
          payload: { fullName },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 400,
          message: API_MESSAGES.validationFailed,
          errors: { fullName: message },
        });
      }
      const stored = await t.db
        .selectFrom('users')
        .select('full_name')
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      expect(stored.full_name).toBe(target.fullName);
    },
  );
});
