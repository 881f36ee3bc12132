import { API_MESSAGES, VALIDATION_MESSAGES, type Passkey } from '@staff-admin/shared';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetingClient } from '../budgeting/client.js';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { multipart } from '../images.js';
import { SoftwareAuthenticator } from '../two-step/software-authenticator.js';

/**
 * Rules every request part obeys, whichever route and field (apps/api/src/http/validator.ts), so
 * that a new field or route cannot miss them. Walks the OpenAPI document: every route that takes
 * a JSON body, a query or path parameters, on SQLite and PostgreSQL.
 * - NUL (U+0000) in any string is refused with 400 naming the field. Before, PostgreSQL answered
 *   500 wherever a field had no check of its own (the error report's texts, passkey names: pen
 *   test 2, finding 5) and each 500 became an error group.
 * - A query parameter the call does not list is refused with 400 naming it. Before, it was
 *   ignored: `?dryrun=true` committed a cost import (pen test 2, finding 10).
 * ASVS 5.0 V2.2.1, V2.2.2, V16.5.
 */

const NUL_TEXT = 'a\u0000b';
const NUL = VALIDATION_MESSAGES.nulCharacter;

let t: TestApp;
let admin: TestUser;
let adminToken: string;
let routes: Route[];

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Route {
  method: InjectOptions['method'];
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  body: JsonSchema | undefined;
}

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: '1000000',
      ERROR_REPORTS_PER_MINUTE: '1000000',
      FORGOT_PASSWORD_PER_HOUR: '1000000',
      UPLOADS_PER_MINUTE: '1000000',
    },
  });
  admin = await createUser(t, { position: 'admin' });
  adminToken = (await loginTokens(t, admin)).access_token;
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const named = (place: string) =>
        (operation.parameters ?? []).filter((p) => p.in === place).map((p) => p.name);
      return {
        method: method.toUpperCase() as InjectOptions['method'],
        path,
        pathParameters: named('path'),
        queryParameters: named('query'),
        body: operation.requestBody?.content['application/json']?.schema,
      };
    }),
  );
});
afterAll(() => t.close());

type FieldPath = (string | number)[];

const isText = (schema: JsonSchema) =>
  schema.type === 'string' ||
  (Array.isArray(schema.type) && schema.type.includes('string')) ||
  typeof schema.const === 'string' ||
  (schema.enum?.some((value) => typeof value === 'string') ?? false);

/** Every place a string goes in a value of `schema`, e.g. `['users', 0, 'email']`. */
function textPaths(schema: JsonSchema, at: FieldPath = []): FieldPath[] {
  if (isText(schema)) return [at];
  const extra = schema.additionalProperties;
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, s]) => textPaths(s, [...at, key])),
    ...(schema.items ? textPaths(schema.items, [...at, 0]) : []),
    ...(schema.prefixItems ?? []).flatMap((s, index) => textPaths(s, [...at, index])),
    ...(typeof extra === 'object' ? textPaths(extra, [...at, 'key']) : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) =>
      textPaths(s, at),
    ),
  ].filter((path, index, all) => all.findIndex((p) => p.join() === path.join()) === index);
}

/** A value holding `leaf` at `path`, with arrays where the path has an index. */
const valueWith = (path: FieldPath, leaf: unknown): unknown =>
  path.length === 0
    ? leaf
    : typeof path[0] === 'number'
      ? [valueWith(path.slice(1), leaf)]
      : { [path[0]!]: valueWith(path.slice(1), leaf) };

const SOME_ID = '0b7e7bfe-98c1-4d1e-9a55-2f3c3f0a6f11';
/** A well-formed value for each path parameter (an id, unless named here). */
const SAMPLE_PARAMETERS: Record<string, string> = { month: '2031-01', dir: 'users' };
/** The route's address with `nul` in one path parameter (or none) and well-formed ones elsewhere. */
const addressOf = (route: Route, nul?: string) =>
  route.pathParameters.reduce(
    (url, name) =>
      url.replace(
        `{${name}}`,
        name === nul ? encodeURIComponent(NUL_TEXT) : (SAMPLE_PARAMETERS[name] ?? SOME_ID),
      ),
    route.path,
  );

const send = (route: Route, options: Omit<InjectOptions, 'method' | 'url'> & { url?: string }) =>
  t.app.inject({
    method: route.method,
    url: addressOf(route),
    headers: bearer(adminToken),
    ...options,
  });

const counts = async () => ({
  errorGroups: (await t.db.selectFrom('error_groups').select('id').execute()).length,
  audit: (await t.db.selectFrom('audit_events').select('id').execute()).length,
});

function expectRefused(response: Awaited<ReturnType<typeof send>>, field: string, message: string) {
  const where = `${response.statusCode} ${response.body}`;
  expect(response.statusCode, where).toBe(400);
  expect(response.json(), where).toEqual({
    code: 400,
    message: API_MESSAGES.validationFailed,
    errors: { [field]: message },
  });
}

describe('NUL in every string field', () => {
  it('is refused in every JSON body field, query and path parameter of every route, naming it', async () => {
    const before = await counts();
    const tried: string[] = [];
    for (const route of routes) {
      for (const path of route.body ? textPaths(route.body) : []) {
        const field = path.join('.');
        const response = await send(route, { payload: valueWith(path, NUL_TEXT) as object });
        tried.push(`${route.method} ${route.path} body ${field}`);
        expectRefused(response, field, NUL);
      }
      for (const name of route.queryParameters) {
        const response = await send(route, { query: { [name]: NUL_TEXT } });
        tried.push(`${route.method} ${route.path} query ${name}`);
        expectRefused(response, name, NUL);
      }
      for (const name of route.pathParameters) {
        const response = await send(route, { url: addressOf(route, name) });
        tried.push(`${route.method} ${route.path} path ${name}`);
        expectRefused(response, name, NUL);
      }
    }
    // The walk reached the areas of the report: its fields are among those tried.
    for (const field of ['type', 'message', 'stack', 'url', 'release', 'frames.0.fileName']) {
      expect(tried).toContain(`POST /api/monitoring/error-reports body ${field}`);
    }
    expect(tried).toContain('POST /api/users/profile/passkeys body name');
    expect(tried).toContain('PATCH /api/users/profile/passkeys/{id} body name');
    // The company sign-in's calls (issue 35): the callback's query, the exchange's body.
    for (const name of ['code', 'state', 'error', 'error_description', 'iss']) {
      expect(tried).toContain(`GET /api/auth/oidc/callback query ${name}`);
    }
    expect(tried).toContain('GET /api/auth/oidc/start query returnTo');
    expect(tried).toContain('POST /api/auth/oidc/exchange body code');
    expect(tried.length).toBeGreaterThan(150);
    expect(await counts()).toEqual(before);
  }, 60_000);

  it('is refused anywhere in a deep or wide body, naming a few of the fields', async () => {
    const route = routes.find((r) => r.method === 'PATCH' && r.path === '/api/users/profile')!;
    // 30,000 levels: 60 KB, within the 64 KB a JSON body may have.
    const depth = 30_000;
    const deep = `{"fullName":${'['.repeat(depth)}"a\\u0000b"${']'.repeat(depth)}}`;
    const deepAnswer = await send(route, {
      payload: deep,
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
    });
    expectRefused(deepAnswer, ['fullName', ...Array<number>(depth).fill(0)].join('.'), NUL);

    const wide = { fullName: Array<string>(5_000).fill(NUL_TEXT), ['key\u0000']: 'x' };
    const wideAnswer = await send(route, { payload: wide });
    expect(wideAnswer.statusCode).toBe(400);
    const errors = wideAnswer.json<{ errors: Record<string, string> }>().errors;
    expect(Object.keys(errors)).toHaveLength(10);
    expect(new Set(Object.values(errors))).toEqual(new Set([NUL]));
  });

  it.each(['type', 'message', 'stack', 'url', 'release'])(
    'refuses an anonymous error report with NUL in its %s, and no error group comes of it',
    async (field) => {
      const before = await counts();
      const report = { kind: 'error', type: 'Error', message: 'x', stack: 'at x', url: '/' };
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/monitoring/error-reports',
        payload: { ...report, release: '1.0.0', [field]: `${field}\u0000` },
      });
      expectRefused(response, field, NUL);
      await t.app.services.errors.whenIdle();
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses NUL in a passkey’s name when it is added and when it is renamed', async () => {
    const user = await createUser(t);
    const token = (await loginTokens(t, user)).access_token;
    const device = new SoftwareAuthenticator({ origin: t.config.appUrl });
    const add = async (name: string) => {
      const options = await t.app.inject({
        method: 'POST',
        url: '/api/users/profile/passkeys/options',
        headers: bearer(token),
      });
      expect(options.statusCode, options.body).toBe(200);
      const { data } = options.json<{ data: PublicKeyCredentialCreationOptionsJSON }>();
      return t.app.inject({
        method: 'POST',
        url: '/api/users/profile/passkeys',
        headers: bearer(token),
        payload: { name, response: device.register(data) },
      });
    };

    expectRefused(await add('Lap\u0000top'), 'name', NUL);
    const added = await add('Laptop');
    expect(added.statusCode, added.body).toBe(201);
    const { passkey } = added.json<{ data: { passkey: Passkey } }>().data;

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/profile/passkeys/${passkey.id}`,
      headers: bearer(token),
      payload: { name: 'Desk\u0000top' },
    });
    expectRefused(renamed, 'name', NUL);
    const stored = await t.db
      .selectFrom('passkeys')
      .select('name')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([{ name: 'Laptop' }]);
    expect((await counts()).errorGroups).toBe(0);
  });
});

describe('unknown query parameters', () => {
  it('are refused on every route, whether it takes a query or not, naming the parameter', async () => {
    // A route checks its body before its query: those with a JSON body are tried with a valid
    // one below.
    const tried = routes.filter((route) => !route.body);
    expect(tried.length).toBeGreaterThan(30);
    for (const route of tried) {
      const response = await send(route, { query: { notAParameter: '1' } });
      expectRefused(response, 'notAParameter', API_MESSAGES.unknownParameter);
    }
  });

  it('are refused on a route with a JSON body, whose change is then not made', async () => {
    const response = await send(
      routes.find((r) => r.method === 'PATCH' && r.path === '/api/users/profile')!,
      { query: { dryRun: 'true' }, payload: { fullName: 'Not Changed' } },
    );
    expectRefused(response, 'dryRun', API_MESSAGES.unknownParameter);
    const stored = await t.db
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(stored.full_name).toBe(admin.fullName);

    const report = { kind: 'error', type: 'Error', message: 'x', url: '/' };
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/monitoring/error-reports?preview=1',
      payload: report,
    });
    expectRefused(reported, 'preview', API_MESSAGES.unknownParameter);
  });

  it('a mistyped preview flag on a cost import is refused and commits nothing', async () => {
    const { newProject } = budgetingClient(
      () => t,
      () => adminToken,
    );
    const project = await newProject(admin.id);
    const csv = 'date,category,description,amount\n2026-05-01,software,IDE licence,120.50\n';
    const upload = (query: string) => {
      const form = multipart([
        { field: 'file', filename: 'costs.csv', contentType: 'text/csv', data: Buffer.from(csv) },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/costs/import?${query}`,
        headers: { ...bearer(adminToken), ...form.headers },
        payload: form.payload,
      });
    };

    expectRefused(await upload('dryrun=true'), 'dryrun', API_MESSAGES.unknownParameter);
    expectRefused(await upload('dryRun[]=true'), 'dryRun[]', API_MESSAGES.unknownParameter);
    expect((await upload('dryRun=true&dryRun=true')).statusCode).toBe(400);
    const batches = await t.db
      .selectFrom('import_batches')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    expect(batches).toEqual([]);
    // The spelling the call lists still previews.
    const preview = await upload('dryRun=true');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ data: { dryRun: true, validCount: 1 } });
  });
});
