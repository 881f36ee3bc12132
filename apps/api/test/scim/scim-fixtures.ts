// What the SCIM tests share beyond ./scim-client.ts: requests with any headers, the checks every
// SCIM answer must pass, bodies as Okta and Entra ID send them, and the site's view of the people
// the directory manages (the admin API, the database, a company sign-in).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AuditTrailEvent, LoginAnswer, TokenPair } from '@staff-admin/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../helpers.js';
import { ssoSignIn, type TestProvider } from '../sso/sso-client.js';
import {
  ERROR_SCHEMA,
  PATCH_SCHEMA,
  SCIM_CONTENT_TYPE,
  USER_SCHEMA,
  GROUP_SCHEMA,
} from './scim-client.js';

/** The groups that give positions in every SCIM test app (OIDC_ROLE_MAP, in this order). */
export const ROLE_MAP = 'Staff Admins=admin,Finance=finance';
export const ROLE_ENV = { OIDC_ROLE_MAP: ROLE_MAP };

export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** One SCIM call with any headers: the body is sent as given (a string) or as JSON. */
export function scimRequest(
  { app }: Pick<TestApp, 'app'>,
  {
    method,
    path: url,
    secret,
    body,
    headers = {},
  }: {
    method: Method;
    path: string;
    secret?: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
) {
  const payload =
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      ...(secret === undefined ? {} : bearer(secret)),
      ...(payload === undefined ? {} : { 'content-type': SCIM_CONTENT_TYPE }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Every SCIM answer with a body: application/scim+json in UTF-8. */
export function expectScimContentType(response: LightMyRequestResponse, where = '') {
  expect(String(response.headers['content-type']), where).toMatch(
    /^application\/scim\+json;\s*charset=utf-8$/i,
  );
}

export interface ScimErrorBody {
  schemas: string[];
  status: string;
  scimType?: string;
  detail?: string;
}

/** A SCIM error (RFC 7644 §3.12): the status, the error schema, status as a string, the scimType. */
export function expectScimError(
  response: LightMyRequestResponse,
  status: number,
  scimType?: string,
): ScimErrorBody {
  const where = `${status}${scimType ? ` ${scimType}` : ''}: ${response.body}`;
  expect(response.statusCode, where).toBe(status);
  expectScimContentType(response, where);
  const body = response.json<ScimErrorBody>();
  expect(body.schemas, where).toEqual([ERROR_SCHEMA]);
  expect(body.status, where).toBe(String(status));
  if (scimType !== undefined) expect(body.scimType, where).toBe(scimType);
  expect(typeof body.detail, where).toBe('string');
  return body;
}

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name?: { formatted?: string; givenName?: string; familyName?: string };
  displayName?: string;
  emails?: { value: string; type?: string; primary?: boolean }[];
  active: boolean;
  groups?: { value: string; display?: string }[];
  meta: {
    resourceType: string;
    created: string;
    lastModified: string;
    location: string;
    version: string;
  };
}

export interface ScimGroup {
  schemas: string[];
  id: string;
  externalId?: string;
  displayName: string;
  members?: { value: string; display?: string }[];
  meta: { resourceType: string; location: string; version?: string };
}

export interface ListResponse<T> {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}

/** A PatchOp body of these operations. */
export const patchOp = (...Operations: Record<string, unknown>[]) => ({
  schemas: [PATCH_SCHEMA],
  Operations,
});

/** A new user as Okta's POST /Users sends one (RFC 7643 attributes; Okta's generated password left out). */
export function oktaUser(
  email: string,
  {
    givenName = 'Test',
    familyName = 'User',
    ...rest
  }: { givenName?: string; familyName?: string } & Record<string, unknown> = {},
) {
  return {
    schemas: [USER_SCHEMA],
    userName: email,
    name: { givenName, familyName },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: `${givenName} ${familyName}`,
    locale: 'en-US',
    externalId: `00u${Math.random().toString(36).slice(2, 12)}`,
    groups: [],
    active: true,
    ...rest,
  };
}

/** POST /Users; fails unless 201. */
export async function createDirectoryUser(
  t: Pick<TestApp, 'app'>,
  secret: string,
  email: string,
  extra: Parameters<typeof oktaUser>[1] = {},
): Promise<ScimUser> {
  const response = await scimRequest(t, {
    method: 'POST',
    path: '/Users',
    secret,
    body: oktaUser(email, extra),
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /Users answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<ScimUser>();
}

/** POST /Groups with these members; fails unless 201. */
export async function createDirectoryGroup(
  t: Pick<TestApp, 'app'>,
  secret: string,
  displayName: string,
  memberIds: string[] = [],
  extra: Record<string, unknown> = {},
): Promise<ScimGroup> {
  const response = await scimRequest(t, {
    method: 'POST',
    path: '/Groups',
    secret,
    body: {
      schemas: [GROUP_SCHEMA],
      displayName,
      members: memberIds.map((value) => ({ value })),
      ...extra,
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /Groups answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<ScimGroup>();
}

/** PATCH /Groups/{id} adding (or removing, by filtered path) members. */
export function changeMembers(
  t: Pick<TestApp, 'app'>,
  secret: string,
  groupId: string,
  change: 'add' | 'remove',
  userIds: string[],
) {
  const operations =
    change === 'add'
      ? [{ op: 'add', path: 'members', value: userIds.map((value) => ({ value })) }]
      : userIds.map((id) => ({ op: 'remove', path: `members[value eq "${id}"]` }));
  return scimRequest(t, {
    method: 'PATCH',
    path: `/Groups/${groupId}`,
    secret,
    body: patchOp(...operations),
  });
}

/** The user's position, status and directory flag, straight from the database (undefined: gone). */
export const userRow = ({ db }: Pick<TestApp, 'db'>, id: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'position', 'status', 'managed_by_directory'])
    .where('id', '=', id)
    .executeTakeFirst();

/** GET /api/users/:id as an admin. */
export function siteUser({ app }: Pick<TestApp, 'app'>, adminToken: string, id: string) {
  return app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(adminToken) });
}

/** The newest audit events (GET /api/audit as an admin). */
export async function auditTrail(
  { app }: Pick<TestApp, 'app'>,
  adminToken: string,
  query: Record<string, string> = {},
): Promise<AuditTrailEvent[]> {
  const search = new URLSearchParams({ limitPerPage: '100', ...query });
  const response = await app.inject({
    method: 'GET',
    url: `/api/audit?${search}`,
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditTrailEvent[] }>().data;
}

export interface SyncLogRow {
  id: string;
  at: string;
  tokenName: string | null;
  operation: string;
  resourceType: string;
  user: { id: string } | null;
  subject: string | null;
  status: number;
  detail: string | null;
}

/** The newest calls of the sync log (GET /api/directory/log as an admin). */
export async function syncLog(
  { app }: Pick<TestApp, 'app'>,
  adminToken: string,
  result: 'all' | 'failed' = 'all',
): Promise<SyncLogRow[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/directory/log?result=${result}&limitPerPage=100`,
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SyncLogRow[] }>().data;
}

/**
 * The person signs in with the company sign-in (the test provider), as subject `sub`, with this
 * email and these groups in the ID token; the session's tokens, or an error naming the refusal.
 */
export async function companySignIn(
  t: Pick<TestApp, 'app'>,
  provider: TestProvider,
  { sub, email, groups = [] }: { sub: string; email: string; groups?: string[] },
): Promise<TokenPair> {
  provider.people.set(sub, { email, email_verified: true, groups });
  const result = await ssoSignIn(t, sub);
  if ('refused' in result) throw new Error(`company sign-in refused: ${result.refused}`);
  const answer: LoginAnswer = result.answer;
  if (!('access_token' in answer)) throw new Error('company sign-in asked for a second step');
  return answer;
}

/** The env of a test app whose company sign-in is the test provider, groups in the `groups` claim. */
export const ssoEnvFor = (env: Record<string, string>) => ({
  ...env,
  OIDC_ROLE_CLAIM: 'groups',
  OIDC_ROLE_MAP: ROLE_MAP,
});

// --- Recorded request sequences (./fixtures/*.json) ---

export interface FixtureRequest {
  note: string;
  method: Method;
  /** Under /scim/v2, with `{name}` for a value saved by an earlier step. */
  path: string;
  body?: unknown;
  expect: {
    status: number;
    /** Dotted paths into the answer (`Resources.0.id`, `members.length`) and their values. */
    fields?: Record<string, unknown>;
    /** Dotted paths the answer must not have. */
    absent?: string[];
  };
  /** name → dotted path of the answer whose value later steps use as `{name}`. */
  save?: Record<string, string>;
}

/** The person saved as `signIn` signs in with the company sign-in. */
export interface FixtureSignIn {
  note: string;
  signIn: string;
  email: string;
  groups: string[];
}

/** The saved person's last session still works, or is refused. */
export interface FixtureSessionCheck {
  note: string;
  checkSession: string;
  expectRefused: boolean;
}

/** The saved person as the site has them now. */
export interface FixtureUserCheck {
  note: string;
  checkUser: string;
  position?: string;
  status?: string;
}

export type FixtureStep = FixtureRequest | FixtureSignIn | FixtureSessionCheck | FixtureUserCheck;

export interface FixtureEndUser {
  gone?: boolean;
  status?: string;
  position?: string;
  fullName?: string;
  managedByDirectory?: boolean;
  sessionsEnded?: boolean;
}

export interface Fixture {
  name: string;
  directory: string;
  sources: string[];
  about: string;
  headers: Record<string, string>;
  steps: FixtureStep[];
  end: { groupsGone?: string[] } & Record<string, FixtureEndUser | string[] | undefined>;
}

const FIXTURES_DIR = path.join(import.meta.dirname, 'fixtures');

export function loadFixtures(): { file: string; fixture: Fixture }[] {
  return readdirSync(FIXTURES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      fixture: JSON.parse(readFileSync(path.join(FIXTURES_DIR, file), 'utf8')) as Fixture,
    }));
}

/** Replaces every `{name}` in strings, deeply, by the saved value; an unknown name throws. */
export function fill<T>(value: T, saved: Record<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const found = saved[name];
      if (found === undefined) throw new Error(`nothing saved as {${name}} yet`);
      return found;
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, saved)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fill(item, saved)]),
    ) as T;
  }
  return value;
}

const MISSING = Symbol('missing');

/** The value at a dotted path (`Resources.0.id`, `members.length`), or MISSING. */
export function at(value: unknown, dotted: string): unknown {
  let current: unknown = value;
  for (const key of dotted.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return MISSING;
    if (!(key in (current as object))) return MISSING;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export const isMissing = (value: unknown) => value === MISSING;
