// The SCIM server's rules (issue 36), one test each: who may call it, the protocol's shapes,
// users, groups, the positions groups give, the admins the directory cannot remove, and what
// the site records of every call.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeAdminIds,
  bearer,
  createSignedInAdmin,
  ManualClock,
  createSignedInUser,
  createTestApp,
  createUser,
  getProfile,
  outboxRowsTo,
  refresh,
  uniqueEmail,
  uploadedFilePath,
  uploadFiles,
  type TestApp,
} from '../helpers.js';
import { pngPart, solidPng } from '../images.js';
import { providerAndEnv, type TestProvider } from '../sso/sso-client.js';
import {
  createScimToken,
  ERROR_SCHEMA,
  GROUP_SCHEMA,
  LIST_SCHEMA,
  PATCH_SCHEMA,
  scim,
  USER_SCHEMA,
} from './scim-client.js';
import {
  auditTrail,
  changeMembers,
  companySignIn,
  createDirectoryGroup,
  createDirectoryUser,
  expectScimContentType,
  expectScimError,
  oktaUser,
  patchOp,
  ROLE_ENV,
  scimRequest,
  siteUser,
  ssoEnvFor,
  syncLog,
  userRow,
  type ListResponse,
  type ScimGroup,
  type ScimUser,
} from './scim-fixtures.js';

let t: TestApp;
let provider: TestProvider;
/** The token most tests use, and the admin who made it. */
let token: Awaited<ReturnType<typeof createScimToken>>;

beforeAll(async () => {
  const setup = await providerAndEnv(ssoEnvFor({ OIDC_DEFAULT_ROLE: 'contractor' }));
  provider = setup.provider;
  t = await createTestApp({ env: setup.env });
  token = await createScimToken(t, 'Okta provisioning');
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  scim(t, token.secret, method, path, body);

/** The group of this name in the main app, made once. */
async function group(displayName: string): Promise<string> {
  const found = await call(
    'GET',
    `/Groups?filter=${encodeURIComponent(`displayName eq "${displayName}"`)}`,
  );
  expect(found.statusCode, found.body).toBe(200);
  const list = found.json<ListResponse<ScimGroup>>();
  if (list.totalResults > 0) return list.Resources[0]!.id;
  return (await createDirectoryGroup(t, token.secret, displayName)).id;
}

/** Uploads a picture and makes it the signed-in user's own; answers its path. */
async function setOwnPicture(accessToken: string): Promise<string> {
  const uploaded = await uploadFiles(t, accessToken, [pngPart(await solidPng(40, 40))]);
  expect(uploaded.statusCode).toBe(201);
  const picture = uploaded.json().data.path as string;
  const profile = (await getProfile(t, accessToken)).json().data;
  const saved = await t.app.inject({
    method: 'PATCH',
    url: '/api/users/profile',
    headers: bearer(accessToken),
    payload: { fullName: profile.fullName, imageUrl: picture },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(existsSync(uploadedFilePath(t, picture))).toBe(true);
  return picture;
}

const positionOf = async (testApp: Pick<TestApp, 'db'>, id: string) =>
  (await userRow(testApp, id))?.position;

describe('who may call it', () => {
  it('answers 401 with a SCIM error and WWW-Authenticate: Bearer without a token', async () => {
    const response = await scimRequest(t, { method: 'GET', path: '/Users' });
    expectScimError(response, 401);
    expect(String(response.headers['www-authenticate'])).toMatch(/^Bearer\b/);
  });

  it('answers 401 to a wrong token and audits it as scim.token_refused', async () => {
    const before = (await auditTrail(t, token.adminToken, { action: 'scim.token_refused' })).length;
    const response = await scimRequest(t, {
      method: 'GET',
      path: '/Users',
      secret: `${token.secret.slice(0, -4)}abcd`,
    });
    expectScimError(response, 401);
    expect(String(response.headers['www-authenticate'])).toMatch(/^Bearer\b/);
    const after = await auditTrail(t, token.adminToken, { action: 'scim.token_refused' });
    expect(after.length).toBe(before + 1);
  });

  it('answers 401 to a revoked token', async () => {
    const other = await createScimToken(t);
    expect((await scim(t, other.secret, 'GET', '/Users')).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/directory/tokens/${other.token.id}`,
      headers: bearer(other.adminToken),
    });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    expectScimError(await scim(t, other.secret, 'GET', '/Users'), 401);
  });

  it('rotating a token: the new secret works and the old one stops at once', async () => {
    const other = await createScimToken(t);
    expect((await scim(t, other.secret, 'GET', '/Users')).statusCode).toBe(200);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/directory/tokens/${other.token.id}/rotate`,
      headers: bearer(other.adminToken),
    });
    expect(rotated.statusCode, rotated.body).toBeLessThan(300);
    const { secret } = rotated.json<{ data: { secret: string } }>().data;
    expect(secret).not.toBe(other.secret);
    expectScimError(await scim(t, other.secret, 'GET', '/Users'), 401);
    expect((await scim(t, secret, 'GET', '/Users')).statusCode).toBe(200);
  });

  it("refuses a user's access token on /scim/v2: 401", async () => {
    const user = await createSignedInUser(t);
    expectScimError(await scim(t, user.tokens.access_token, 'GET', '/Users'), 401);
    // An admin's neither: only a SCIM token opens it.
    expectScimError(await scim(t, token.adminToken, 'GET', '/Users'), 401);
  });

  it('treats a SCIM token on /api as no sign-in at all: 401', async () => {
    for (const url of ['/api/users/profile', '/api/users', '/api/directory/log']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token.secret) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ code: 401 });
    }
  });
});

describe('the protocol', () => {
  it('answers in application/scim+json (UTF-8) and takes bodies as application/scim+json or application/json', async () => {
    const asScim = await scimRequest(t, {
      method: 'POST',
      path: '/Users',
      secret: token.secret,
      body: oktaUser(uniqueEmail('scim-type')),
      headers: { 'content-type': 'application/scim+json; charset=utf-8' },
    });
    expect(asScim.statusCode, asScim.body).toBe(201);
    expectScimContentType(asScim);
    const asJson = await scimRequest(t, {
      method: 'POST',
      path: '/Users',
      secret: token.secret,
      body: oktaUser(uniqueEmail('json-type')),
      headers: { 'content-type': 'application/json' },
    });
    expect(asJson.statusCode, asJson.body).toBe(201);
    expectScimContentType(asJson);
    const patched = await scimRequest(t, {
      method: 'PATCH',
      path: `/Users/${asJson.json<ScimUser>().id}`,
      secret: token.secret,
      body: patchOp({ op: 'replace', path: 'displayName', value: 'Jay Son' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expectScimContentType(patched);
    for (const path of [
      '/Users',
      `/Users/${asScim.json<ScimUser>().id}`,
      '/Groups',
      '/ServiceProviderConfig',
    ]) {
      const answer = await call('GET', path);
      expectScimContentType(answer, path);
      // Staff records: never kept by a browser or a proxy.
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('GET /ServiceProviderConfig: patch, filter (with maxResults) and etag supported; bulk, sort and changePassword not; a bearer token', async () => {
    const response = await call('GET', '/ServiceProviderConfig');
    expect(response.statusCode).toBe(200);
    expectScimContentType(response);
    const config = response.json();
    expect(config.schemas).toEqual(['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig']);
    expect(config.patch).toEqual({ supported: true });
    expect(config.filter.supported).toBe(true);
    expect(config.filter.maxResults).toBeGreaterThan(0);
    expect(config.bulk.supported).toBe(false);
    expect(config.etag).toEqual({ supported: true });
    expect(config.sort).toEqual({ supported: false });
    expect(config.changePassword).toEqual({ supported: false });
    expect(config.authenticationSchemes).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'oauthbearertoken' })]),
    );
  });

  it('GET /ResourceTypes: User at /Users and Group at /Groups', async () => {
    const response = await call('GET', '/ResourceTypes');
    expect(response.statusCode).toBe(200);
    expectScimContentType(response);
    const types = response.json<ListResponse<{ name: string; endpoint: string; schema: string }>>();
    expect(types.schemas).toEqual([LIST_SCHEMA]);
    expect(types.Resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'User', endpoint: '/Users', schema: USER_SCHEMA }),
        expect.objectContaining({ name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA }),
      ]),
    );
  });

  it('GET /Schemas: the User and Group schemas with their attributes', async () => {
    const response = await call('GET', '/Schemas');
    expect(response.statusCode).toBe(200);
    expectScimContentType(response);
    const schemas = response.json<ListResponse<{ id: string; attributes: { name: string }[] }>>();
    expect(schemas.schemas).toEqual([LIST_SCHEMA]);
    const user = schemas.Resources.find((schema) => schema.id === USER_SCHEMA);
    const groupSchema = schemas.Resources.find((schema) => schema.id === GROUP_SCHEMA);
    expect(user?.attributes.map((attribute) => attribute.name)).toEqual(
      expect.arrayContaining(['userName', 'name', 'displayName', 'emails', 'active', 'externalId']),
    );
    expect(groupSchema?.attributes.map((attribute) => attribute.name)).toEqual(
      expect.arrayContaining(['displayName', 'members']),
    );
  });

  it("refusals of a PATCH carry RFC 7644's scimType: invalidSyntax, noTarget, invalidPath", async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('scim-type'));
    const patch = (body: unknown) => call('PATCH', `/Users/${user.id}`, body);
    // §3.12 invalidSyntax: the request body is not a PatchOp.
    expectScimError(await patch({ schemas: [PATCH_SCHEMA] }), 400, 'invalidSyntax');
    expectScimError(
      await scimRequest(t, {
        method: 'PATCH',
        path: `/Users/${user.id}`,
        secret: token.secret,
        body: '{"Operations":',
      }),
      400,
      'invalidSyntax',
    );
    // §3.5.2.2: a remove without a path is noTarget.
    expectScimError(await patch(patchOp({ op: 'remove' })), 400, 'noTarget');
    // §3.5.2.3: a value filter that matches nothing is noTarget.
    expectScimError(
      await patch(
        patchOp({ op: 'replace', path: 'emails[type ne "work"].value', value: 'x@example.com' }),
      ),
      400,
      'noTarget',
    );
    // §3.12 invalidPath: a malformed path.
    expectScimError(
      await patch(patchOp({ op: 'replace', path: 'emails[type eq "work"', value: 'x' })),
      400,
      'invalidPath',
    );
    expect((await userRow(t, user.id))?.email).toBe(user.userName);
  });

  it('a PATCH that changes id (readOnly) is refused with mutability; the same id passes (Okta sends it)', async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('mutability'));
    expectScimError(
      await call(
        'PATCH',
        `/Users/${user.id}`,
        patchOp({ op: 'replace', path: 'id', value: '0b7d1f5e-9c4a-4c1e-8f57-3a2b6c9d0e11' }),
      ),
      400,
      'mutability',
    );
    const same = await call(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', value: { id: user.id, active: true } }),
    );
    expect(same.statusCode, same.body).toBe(200);
  });

  it('answers 404 with a SCIM error for an unknown id, a uuid or not', async () => {
    for (const path of [
      '/Users/0b7d1f5e-9c4a-4c1e-8f57-3a2b6c9d0e11',
      '/Users/not-an-id',
      '/Groups/0b7d1f5e-9c4a-4c1e-8f57-3a2b6c9d0e11',
      '/Groups/not-an-id',
    ]) {
      expectScimError(await call('GET', path), 404);
    }
    expectScimError(
      await call(
        'PATCH',
        '/Users/0b7d1f5e-9c4a-4c1e-8f57-3a2b6c9d0e11',
        patchOp({ op: 'replace', path: 'active', value: false }),
      ),
      404,
    );
    expectScimError(await call('DELETE', '/Groups/0b7d1f5e-9c4a-4c1e-8f57-3a2b6c9d0e11'), 404);
  });
});

describe('users', () => {
  it('POST /Users: 201 with Location, an ETag equal to meta.version, and the user as sent', async () => {
    const email = uniqueEmail('created');
    const response = await call('POST', '/Users', {
      ...oktaUser(email, { givenName: 'Grace', familyName: 'Hopper' }),
      externalId: '00u-grace',
    });
    expect(response.statusCode, response.body).toBe(201);
    expectScimContentType(response);
    const user = response.json<ScimUser>();
    expect(user).toMatchObject({
      schemas: expect.arrayContaining([USER_SCHEMA]),
      externalId: '00u-grace',
      userName: email,
      name: { formatted: 'Grace Hopper', givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ value: email, type: 'work', primary: true }],
      active: true,
      groups: [],
      meta: { resourceType: 'User' },
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/i);
    expect(Date.parse(user.meta.created)).not.toBeNaN();
    expect(Date.parse(user.meta.lastModified)).not.toBeNaN();
    expect(user.meta.location).toMatch(new RegExp(`/scim/v2/Users/${user.id}$`));
    expect(response.headers.location).toBe(user.meta.location);
    expect(user.meta.version).toEqual(expect.any(String));
    expect(response.headers.etag).toBe(user.meta.version);
    const read = await call('GET', `/Users/${user.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe(read.json<ScimUser>().meta.version);
    expect(read.json<ScimUser>()).toMatchObject({
      id: user.id,
      userName: email,
      externalId: '00u-grace',
    });
  });

  it('lower-cases userName: it is the email', async () => {
    const email = uniqueEmail('mixed');
    const user = await createDirectoryUser(t, token.secret, email.toUpperCase());
    expect(user.userName).toBe(email);
    expect((await userRow(t, user.id))?.email).toBe(email);
  });

  it('answers 400 invalidValue for a userName that is no email', async () => {
    for (const userName of ['not-an-email', 'Test_User_00aa00aa-bb11', 'a@b@c.example', 'x@']) {
      expectScimError(
        await call('POST', '/Users', { ...oktaUser('x@example.com'), userName }),
        400,
        'invalidValue',
      );
    }
    expectScimError(
      await call('POST', '/Users', {
        schemas: [USER_SCHEMA],
        name: { givenName: 'No', familyName: 'Name' },
      }),
      400,
    );
  });

  it('fills the full name from name.formatted, else givenName + familyName, else displayName', async () => {
    const formatted = await call('POST', '/Users', {
      ...oktaUser(uniqueEmail('formatted'), { givenName: 'Ada', familyName: 'Byron' }),
      name: { formatted: 'Ada Lovelace', givenName: 'Ada', familyName: 'Byron' },
      displayName: 'Countess',
    });
    const parts = await call('POST', '/Users', {
      ...oktaUser(uniqueEmail('parts'), { givenName: 'Mary', familyName: 'Jackson' }),
      displayName: 'MJ',
    });
    const display = await call('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: uniqueEmail('display'),
      displayName: 'Katherine Johnson',
    });
    for (const [response, fullName] of [
      [formatted, 'Ada Lovelace'],
      [parts, 'Mary Jackson'],
      [display, 'Katherine Johnson'],
    ] as const) {
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json<ScimUser>().id;
      expect((await userRow(t, id))?.full_name).toBe(fullName);
      expect((await siteUser(t, token.adminToken, id)).json().data.fullName).toBe(fullName);
    }
  });

  it("applies the site's full-name rule: control or invisible characters, or over 100 characters → 400 invalidValue", async () => {
    for (const formatted of [
      'Bell\u0007Ringer',
      'Right\u202eLeft',
      'Zero\u200bWidth',
      'x'.repeat(101),
    ]) {
      const email = uniqueEmail('bad-name');
      expectScimError(
        await call('POST', '/Users', { ...oktaUser(email), name: { formatted } }),
        400,
        'invalidValue',
      );
      expect(
        await t.db.selectFrom('users').select('id').where('email', '=', email).execute(),
      ).toEqual([]);
    }
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('renamed'));
    expectScimError(
      await call(
        'PATCH',
        `/Users/${user.id}`,
        patchOp({ op: 'replace', path: 'name.formatted', value: 'y'.repeat(101) }),
      ),
      400,
      'invalidValue',
    );
    expect((await userRow(t, user.id))?.full_name).toBe('Test User');
  });

  it('answers 409 uniqueness for a userName that exists, in any case, made by SCIM or by hand', async () => {
    const email = uniqueEmail('taken');
    await createDirectoryUser(t, token.secret, email);
    expectScimError(await call('POST', '/Users', oktaUser(email)), 409, 'uniqueness');
    expectScimError(await call('POST', '/Users', oktaUser(email.toUpperCase())), 409, 'uniqueness');
    const byHand = await createUser(t);
    expectScimError(await call('POST', '/Users', oktaUser(byHand.email)), 409, 'uniqueness');
    // A change onto another's address is refused the same way.
    const other = await createDirectoryUser(t, token.secret, uniqueEmail('other'));
    expectScimError(
      await call(
        'PATCH',
        `/Users/${other.id}`,
        patchOp({ op: 'replace', path: 'userName', value: email }),
      ),
      409,
      'uniqueness',
    );
  });

  it('the new user can sign in with the company sign-in at once; no invitation mail is queued', async () => {
    const email = uniqueEmail('at-once');
    const user = await createDirectoryUser(t, token.secret, email);
    expect(await userRow(t, user.id)).toMatchObject({ status: 'active' });
    expect(await outboxRowsTo(t, email)).toEqual([]);
    const tokens = await companySignIn(t, provider, { sub: `sub-${user.id}`, email });
    const profile = await getProfile(t, tokens.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ id: user.id, email });
  });

  describe('with SCIM_SEND_INVITATIONS=true', () => {
    let invites: TestApp;
    beforeAll(async () => {
      invites = await createTestApp({ env: { SCIM_SEND_INVITATIONS: 'true' } });
    });
    afterAll(() => invites?.close());

    it('the new user is pending and an invitation mail is queued', async () => {
      const { secret } = await createScimToken(invites);
      const email = uniqueEmail('invited');
      const user = await createDirectoryUser(invites, secret, email);
      expect(await userRow(invites, user.id)).toMatchObject({ status: 'pending' });
      const mails = await outboxRowsTo(invites, email);
      expect(mails).toHaveLength(1);
    });
  });

  it('filters by userName, externalId, id and emails.value', async () => {
    const email = uniqueEmail('filtered');
    const user = await createDirectoryUser(t, token.secret, email, {
      externalId: 'ext-filtered-1',
    });
    await createDirectoryUser(t, token.secret, uniqueEmail('not-filtered'), {
      externalId: 'ext-filtered-2',
    });
    for (const filter of [
      `userName eq "${email}"`,
      'externalId eq "ext-filtered-1"',
      `id eq "${user.id}"`,
      `emails.value eq "${email}"`,
    ]) {
      const response = await call('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(response.statusCode, `${filter}: ${response.body}`).toBe(200);
      expectScimContentType(response);
      const list = response.json<ListResponse<ScimUser>>();
      expect(list, filter).toMatchObject({
        schemas: [LIST_SCHEMA],
        totalResults: 1,
        startIndex: 1,
        itemsPerPage: 1,
      });
      expect(
        list.Resources.map((found) => found.id),
        filter,
      ).toEqual([user.id]);
    }
    const none = await call(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`,
    );
    expect(none.json<ListResponse<ScimUser>>()).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it('pages with startIndex (1-based) and count; with no filter it lists every user', async () => {
    for (let i = 0; i < 3; i += 1) await createDirectoryUser(t, token.secret, uniqueEmail('paged'));
    const { n } = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const first = await call('GET', '/Users?startIndex=1&count=5');
    expect(first.statusCode, first.body).toBe(200);
    const firstPage = first.json<ListResponse<ScimUser>>();
    expect(firstPage).toMatchObject({ totalResults: Number(n), startIndex: 1, itemsPerPage: 5 });
    expect(firstPage.Resources).toHaveLength(5);
    const second = await call('GET', '/Users?startIndex=2&count=2');
    const secondPage = second.json<ListResponse<ScimUser>>();
    expect(secondPage).toMatchObject({ totalResults: Number(n), startIndex: 2, itemsPerPage: 2 });
    // The same order whatever the page: Okta pages through imports this way.
    expect(secondPage.Resources.map((user) => user.id)).toEqual(
      firstPage.Resources.slice(1, 3).map((user) => user.id),
    );
    const beyond = await call('GET', `/Users?startIndex=${Number(n) + 1}&count=5`);
    expect(beyond.json<ListResponse<ScimUser>>()).toMatchObject({
      totalResults: Number(n),
      Resources: [],
    });
  });

  it('answers 400 invalidFilter for a filter it does not support', async () => {
    for (const filter of [
      'title co "x"',
      'nickName eq "x"',
      'userName eq',
      'userName eq "a" and',
      '((',
    ]) {
      expectScimError(
        await call('GET', `/Users?filter=${encodeURIComponent(filter)}`),
        400,
        'invalidFilter',
      );
    }
  });

  it('PUT /Users/{id} replaces the attributes it keeps', async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('put'), {
      externalId: 'ext-put',
    });
    const email = uniqueEmail('put-new');
    const response = await call('PUT', `/Users/${user.id}`, {
      schemas: [USER_SCHEMA],
      userName: email,
      name: { givenName: 'Put', familyName: 'Replaced' },
      active: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expectScimContentType(response);
    const replaced = response.json<ScimUser>();
    expect(replaced).toMatchObject({
      id: user.id,
      userName: email,
      name: { givenName: 'Put', familyName: 'Replaced' },
    });
    expect(replaced.externalId ?? null).toBeNull();
    expect(await userRow(t, user.id)).toMatchObject({ email, full_name: 'Put Replaced' });
  });

  it('PATCH /Users/{id} applies add, replace and remove (RFC 7644 §3.5.2) and answers the user', async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('patched'));
    const response = await call(
      'PATCH',
      `/Users/${user.id}`,
      patchOp(
        { op: 'add', path: 'externalId', value: 'ext-added' },
        { op: 'replace', path: 'name.familyName', value: 'Patched' },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ScimUser>()).toMatchObject({
      id: user.id,
      externalId: 'ext-added',
      name: { familyName: 'Patched' },
    });
    expect((await userRow(t, user.id))?.full_name).toBe('Test Patched');
    const removed = await call(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'remove', path: 'externalId' }),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<ScimUser>().externalId ?? null).toBeNull();
  });

  it('DELETE /Users/{id} deletes the user: 204, their session ends, then 404', async () => {
    const email = uniqueEmail('deleted');
    const user = await createDirectoryUser(t, token.secret, email);
    const tokens = await companySignIn(t, provider, { sub: `sub-${user.id}`, email });
    const picture = await setOwnPicture(tokens.access_token);
    const response = await call('DELETE', `/Users/${user.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect(await userRow(t, user.id)).toBeUndefined();
    expectScimError(await call('GET', `/Users/${user.id}`), 404);
    expect((await getProfile(t, tokens.access_token)).statusCode).toBe(401);
    // Their picture went with them: no row, and no file left behind.
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(404);
    expect(existsSync(uploadedFilePath(t, picture))).toBe(false);
  });

  describe('with SCIM_DELETE=deactivate', () => {
    let soft: TestApp;
    beforeAll(async () => {
      soft = await createTestApp({ env: { SCIM_DELETE: 'deactivate' } });
    });
    afterAll(() => soft?.close());

    it('DELETE deactivates the user instead: GET still finds them, active false', async () => {
      const { secret } = await createScimToken(soft);
      const user = await createDirectoryUser(soft, secret, uniqueEmail('soft'));
      expect((await scim(soft, secret, 'DELETE', `/Users/${user.id}`)).statusCode).toBe(204);
      const read = await scim(soft, secret, 'GET', `/Users/${user.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json<ScimUser>().active).toBe(false);
      expect(await userRow(soft, user.id)).toMatchObject({ status: 'inactive' });
    });
  });

  it('active false makes the user inactive and ends their sessions at once', async () => {
    const email = uniqueEmail('deactivated');
    const user = await createDirectoryUser(t, token.secret, email);
    const tokens = await companySignIn(t, provider, { sub: `sub-${user.id}`, email });
    expect((await getProfile(t, tokens.access_token)).statusCode).toBe(200);
    const response = await call(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', path: 'active', value: false }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ScimUser>().active).toBe(false);
    expect(await userRow(t, user.id)).toMatchObject({ status: 'inactive' });
    expect((await getProfile(t, tokens.access_token)).statusCode).toBeOneOf([401, 403]);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBeOneOf([401, 403]);
  });

  it('active true makes them active again; the old sessions stay ended', async () => {
    const email = uniqueEmail('reactivated');
    const user = await createDirectoryUser(t, token.secret, email);
    const tokens = await companySignIn(t, provider, { sub: `sub-${user.id}`, email });
    await call(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', path: 'active', value: false }),
    );
    const response = await call(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', path: 'active', value: true }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ScimUser>().active).toBe(true);
    expect(await userRow(t, user.id)).toMatchObject({ status: 'active' });
    expect((await getProfile(t, tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBeOneOf([401, 403]);
    // A new sign-in works.
    const again = await companySignIn(t, provider, { sub: `sub-${user.id}`, email });
    expect((await getProfile(t, again.access_token)).statusCode).toBe(200);
  });

  it('If-Match with a stale version → 412 with a SCIM error; the current one passes', async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('etag'));
    const stale = user.meta.version;
    t.clock.advance(1_000);
    const changed = await call(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', path: 'name.formatted', value: 'First Change' }),
    );
    expect(changed.statusCode).toBe(200);
    const current = changed.json<ScimUser>().meta.version;
    expect(current).not.toBe(stale);
    expect(changed.headers.etag).toBe(current);

    const refused = await scimRequest(t, {
      method: 'PATCH',
      path: `/Users/${user.id}`,
      secret: token.secret,
      body: patchOp({ op: 'replace', path: 'name.formatted', value: 'Lost Update' }),
      headers: { 'if-match': stale },
    });
    expectScimError(refused, 412);
    expect((await userRow(t, user.id))?.full_name).toBe('First Change');
    const refusedPut = await scimRequest(t, {
      method: 'PUT',
      path: `/Users/${user.id}`,
      secret: token.secret,
      body: oktaUser(user.userName, { givenName: 'Lost', familyName: 'Put' }),
      headers: { 'if-match': stale },
    });
    expectScimError(refusedPut, 412);

    const passed = await scimRequest(t, {
      method: 'PATCH',
      path: `/Users/${user.id}`,
      secret: token.secret,
      body: patchOp({ op: 'replace', path: 'name.formatted', value: 'Second Change' }),
      headers: { 'if-match': current },
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await userRow(t, user.id))?.full_name).toBe('Second Change');
  });
});

describe('groups', () => {
  it('POST /Groups with members: 201; found by displayName and by externalId', async () => {
    const member = await createDirectoryUser(t, token.secret, uniqueEmail('member'));
    const response = await call('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Engineering',
      externalId: 'grp-engineering',
      members: [{ value: member.id }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expectScimContentType(response);
    const created = response.json<ScimGroup>();
    expect(created).toMatchObject({
      schemas: [GROUP_SCHEMA],
      displayName: 'Engineering',
      externalId: 'grp-engineering',
      members: [expect.objectContaining({ value: member.id })],
      meta: { resourceType: 'Group' },
    });
    expect(response.headers.location).toMatch(new RegExp(`/scim/v2/Groups/${created.id}$`));
    for (const filter of ['displayName eq "Engineering"', 'externalId eq "grp-engineering"']) {
      const found = await call('GET', `/Groups?filter=${encodeURIComponent(filter)}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(
        found.json<ListResponse<ScimGroup>>().Resources.map((g) => g.id),
        filter,
      ).toEqual([created.id]);
    }
    const read = await call('GET', `/Groups/${created.id}`);
    expect(read.json<ScimGroup>().members?.map((m) => m.value)).toEqual([member.id]);
    const asUser = await call('GET', `/Users/${member.id}`);
    expect(asUser.json<ScimUser>().groups).toEqual([
      expect.objectContaining({ value: created.id, display: 'Engineering' }),
    ]);
  });

  it('answers 409 uniqueness for a displayName that exists', async () => {
    await createDirectoryGroup(t, token.secret, 'Design');
    expectScimError(
      await call('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Design' }),
      409,
      'uniqueness',
    );
  });

  it("answers Entra's membership check: id eq and members[value eq]", async () => {
    const inside = await createDirectoryUser(t, token.secret, uniqueEmail('inside'));
    const outside = await createDirectoryUser(t, token.secret, uniqueEmail('outside'));
    const created = await createDirectoryGroup(t, token.secret, 'Support', [inside.id]);
    const check = (userId: string) =>
      call(
        'GET',
        `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`id eq "${created.id}" and members[value eq "${userId}"]`)}`,
      );
    const yes = await check(inside.id);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json<ListResponse<ScimGroup>>()).toMatchObject({
      totalResults: 1,
      Resources: [{ id: created.id }],
    });
    expect((await check(outside.id)).json<ListResponse<ScimGroup>>()).toMatchObject({
      totalResults: 0,
      Resources: [],
    });
  });

  it('excludedAttributes=members leaves members out of a list and of one group', async () => {
    const member = await createDirectoryUser(t, token.secret, uniqueEmail('excluded'));
    const created = await createDirectoryGroup(t, token.secret, 'Legal', [member.id]);
    const one = await call('GET', `/Groups/${created.id}?excludedAttributes=members`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('members');
    expect(one.json()).toMatchObject({ id: created.id, displayName: 'Legal' });
    const list = await call(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Legal"')}`,
    );
    const [found] = list.json<ListResponse<ScimGroup>>().Resources;
    expect(found).toMatchObject({ id: created.id });
    expect(found).not.toHaveProperty('members');
    // Without it, the members are there.
    expect((await call('GET', `/Groups/${created.id}`)).json<ScimGroup>().members).toHaveLength(1);
  });

  it('PATCH /Groups/{id} adds and removes members and renames: 204 each', async () => {
    const [u1, u2] = [
      await createDirectoryUser(t, token.secret, uniqueEmail('u1')),
      await createDirectoryUser(t, token.secret, uniqueEmail('u2')),
    ];
    const created = await createDirectoryGroup(t, token.secret, 'Marketing');
    const members = async () =>
      ((await call('GET', `/Groups/${created.id}`)).json<ScimGroup>().members ?? [])
        .map((m) => m.value)
        .sort();

    const added = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'add', path: 'members', value: [{ value: u1.id }, { value: u2.id }] }),
    );
    expect(added.statusCode, added.body).toBe(204);
    expect(await members()).toEqual([u1.id, u2.id].sort());
    const removed = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'remove', path: `members[value eq "${u1.id}"]` }),
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await members()).toEqual([u2.id]);
    const renamed = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'replace', path: 'displayName', value: 'Growth' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(204);
    expect((await call('GET', `/Groups/${created.id}`)).json<ScimGroup>().displayName).toBe(
      'Growth',
    );
  });

  it('PUT /Groups/{id} replaces the name and the members: 200 with the group', async () => {
    const [u1, u2] = [
      await createDirectoryUser(t, token.secret, uniqueEmail('put-g1')),
      await createDirectoryUser(t, token.secret, uniqueEmail('put-g2')),
    ];
    const created = await createDirectoryGroup(t, token.secret, 'Sales', [u1.id]);
    const response = await call('PUT', `/Groups/${created.id}`, {
      schemas: [GROUP_SCHEMA],
      displayName: 'Sales EMEA',
      members: [{ value: u2.id }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expectScimContentType(response);
    expect(response.json<ScimGroup>()).toMatchObject({ id: created.id, displayName: 'Sales EMEA' });
    expect(response.json<ScimGroup>().members?.map((m) => m.value)).toEqual([u2.id]);
  });

  it('DELETE /Groups/{id}: 204, then 404; its members stay', async () => {
    const member = await createDirectoryUser(t, token.secret, uniqueEmail('stays'));
    const created = await createDirectoryGroup(t, token.secret, 'Temporary', [member.id]);
    const response = await call('DELETE', `/Groups/${created.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expectScimError(await call('GET', `/Groups/${created.id}`), 404);
    expect(await userRow(t, member.id)).toBeDefined();
    expect((await call('GET', `/Users/${member.id}`)).json<ScimUser>().groups ?? []).toEqual([]);
  });
});

describe('positions from groups (OIDC_ROLE_MAP "Staff Admins=admin,Finance=finance")', () => {
  it('adding a user to Staff Admins makes them admin; removing them demotes them', async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('promoted'));
    const admins = await group('Staff Admins');
    expect(await positionOf(t, user.id)).toBe('contractor');
    expect((await changeMembers(t, token.secret, admins, 'add', [user.id])).statusCode).toBe(204);
    expect(await positionOf(t, user.id)).toBe('admin');
    expect((await changeMembers(t, token.secret, admins, 'remove', [user.id])).statusCode).toBe(
      204,
    );
    expect(await positionOf(t, user.id)).toBe('contractor');
  });

  it("the first group of the map, in the map's order, gives the position", async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('two-groups'));
    const [admins, finance] = [await group('Staff Admins'), await group('Finance')];
    await changeMembers(t, token.secret, finance, 'add', [user.id]);
    expect(await positionOf(t, user.id)).toBe('finance');
    await changeMembers(t, token.secret, admins, 'add', [user.id]);
    expect(await positionOf(t, user.id)).toBe('admin');
    await changeMembers(t, token.secret, admins, 'remove', [user.id]);
    expect(await positionOf(t, user.id)).toBe('finance');
    // A group the map does not name changes nothing.
    const other = await group('Book Club');
    await changeMembers(t, token.secret, other, 'add', [user.id]);
    expect(await positionOf(t, user.id)).toBe('finance');
  });

  it('a group created with members gives them its position at once', async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('created-with'));
    const otherFinance = await createDirectoryGroup(t, token.secret, `Finance ${Date.now()}`, [
      user.id,
    ]);
    expect(otherFinance.displayName).toMatch(/^Finance /);
    expect(await positionOf(t, user.id)).toBe('contractor');
    const admins = await group('Staff Admins');
    const put = await call('PUT', `/Groups/${admins}`, {
      schemas: [GROUP_SCHEMA],
      displayName: 'Staff Admins',
      members: [
        ...((await call('GET', `/Groups/${admins}`)).json<ScimGroup>().members ?? []).map((m) => ({
          value: m.value,
        })),
        { value: user.id },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await positionOf(t, user.id)).toBe('admin');
    await changeMembers(t, token.secret, admins, 'remove', [user.id]);
    expect(await positionOf(t, user.id)).toBe('contractor');
  });

  describe('with no mapped group', () => {
    let plain: TestApp;
    let withDefault: TestApp;
    beforeAll(async () => {
      plain = await createTestApp({ env: { OIDC_ROLE_MAP: 'Staff Admins=admin,Finance=finance' } });
      withDefault = await createTestApp({
        env: {
          OIDC_ROLE_MAP: 'Staff Admins=admin,Finance=finance',
          OIDC_DEFAULT_ROLE: 'project_manager',
        },
      });
    });
    afterAll(async () => {
      await plain?.close();
      await withDefault?.close();
    });

    it('OIDC_DEFAULT_ROLE, else contractor (the map works without the rest of OIDC_*)', async () => {
      for (const [app, expected] of [
        [plain, 'contractor'],
        [withDefault, 'project_manager'],
      ] as const) {
        const { secret } = await createScimToken(app);
        const user = await createDirectoryUser(app, secret, uniqueEmail('default'));
        expect(await positionOf(app, user.id)).toBe(expected);
        const finance = await createDirectoryGroup(app, secret, 'Finance', [user.id]);
        expect(await positionOf(app, user.id)).toBe('finance');
        expect((await changeMembers(app, secret, finance.id, 'remove', [user.id])).statusCode).toBe(
          204,
        );
        expect(await positionOf(app, user.id)).toBe(expected);
      }
    });
  });

  it("the directory's role cannot be changed by hand: PATCH /api/users/:id position → 409", async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('by-hand'));
    await changeMembers(t, token.secret, await group('Finance'), 'add', [user.id]);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: bearer(token.adminToken),
      payload: { position: 'project_owner' },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(await positionOf(t, user.id)).toBe('finance');
  });

  it('deleting a mapped group takes its position from its members (derived: the position is the first mapped group they are in)', async () => {
    const { secret } = await createScimToken(t);
    const user = await createDirectoryUser(t, secret, uniqueEmail('group-deleted'));
    const mapped = await group('Finance');
    await changeMembers(t, secret, mapped, 'add', [user.id]);
    expect(await positionOf(t, user.id)).toBe('finance');
    const response = await scim(t, secret, 'DELETE', `/Groups/${mapped}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await positionOf(t, user.id)).toBe('contractor');
  });

  it('renaming a group into or out of the map moves its members (derived, as above)', async () => {
    const user = await createDirectoryUser(t, token.secret, uniqueEmail('renamed-group'));
    const created = await createDirectoryGroup(t, token.secret, 'Accounts Payable', [user.id]);
    expect(await positionOf(t, user.id)).toBe('contractor');
    // "Finance" may exist from another test: take the name back from it first.
    const existing = await call(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Finance"')}`,
    );
    for (const found of existing.json<ListResponse<ScimGroup>>().Resources) {
      await call(
        'PATCH',
        `/Groups/${found.id}`,
        patchOp({ op: 'replace', path: 'displayName', value: `Finance old ${found.id}` }),
      );
    }
    const into = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'replace', path: 'displayName', value: 'Finance' }),
    );
    expect(into.statusCode, into.body).toBe(204);
    expect(await positionOf(t, user.id)).toBe('finance');
    const out = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'replace', path: 'displayName', value: 'Accounts Payable' }),
    );
    expect(out.statusCode, out.body).toBe(204);
    expect(await positionOf(t, user.id)).toBe('contractor');
  });
});

describe('the last active admin', () => {
  let solo: TestApp;
  beforeAll(async () => {
    solo = await createTestApp({ env: { OIDC_ROLE_MAP: 'Staff Admins=admin,Finance=finance' } });
  });
  afterAll(() => solo?.close());

  it('is never demoted, deactivated or deleted by SCIM: 409, nothing changes, the refusals are audited', async () => {
    const issued = await createScimToken(solo, 'Entra provisioning');
    const last = await createDirectoryUser(solo, issued.secret, uniqueEmail('last-admin'));
    const admins = await createDirectoryGroup(solo, issued.secret, 'Staff Admins', [last.id]);
    expect(await positionOf(solo, last.id)).toBe('admin');
    // The admin who made the token steps down: the directory's admin is the last active one.
    await solo.db
      .updateTable('users')
      .set({ position: 'contractor' })
      .where('id', '=', issued.adminId)
      .execute();
    await solo.services.sessions.userChanged(issued.adminId);
    const ids = (
      await solo.db
        .selectFrom('users')
        .select('id')
        .where('position', '=', 'admin')
        .where('status', '=', 'active')
        .execute()
    ).map((row) => row.id);
    expect(ids).toEqual([last.id]);

    const call409 = async (method: 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
      const response = await scim(solo, issued.secret, method, path, body);
      expectScimError(response, 409);
    };
    await call409(
      'PATCH',
      `/Groups/${admins.id}`,
      patchOp({ op: 'remove', path: `members[value eq "${last.id}"]` }),
    );
    await call409('PUT', `/Groups/${admins.id}`, {
      schemas: [GROUP_SCHEMA],
      displayName: 'Staff Admins',
      members: [],
    });
    await call409(
      'PATCH',
      `/Users/${last.id}`,
      patchOp({ op: 'replace', path: 'active', value: false }),
    );
    await call409('PUT', `/Users/${last.id}`, { ...oktaUser(last.userName), active: false });
    await call409('DELETE', `/Users/${last.id}`);

    expect(await userRow(solo, last.id)).toMatchObject({ position: 'admin', status: 'active' });
    const members = (
      await scim(solo, issued.secret, 'GET', `/Groups/${admins.id}`)
    ).json<ScimGroup>().members;
    expect(members?.map((m) => m.value)).toEqual([last.id]);
    const refusals = await solo.db
      .selectFrom('audit_events')
      .select(['actor_id', 'actor_name', 'target_id'])
      .where('action', '=', 'scim.refused')
      .execute();
    expect(refusals.length).toBeGreaterThanOrEqual(5);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ actor_id: null, actor_name: 'Entra provisioning' });
    }
  });

  it('a refusal names the admin it protected as its target', async () => {
    const issued = await createScimToken(solo, 'Target check');
    await solo.db
      .updateTable('users')
      .set({ position: 'contractor' })
      .where('id', '=', issued.adminId)
      .execute();
    await solo.services.sessions.userChanged(issued.adminId);
    const admins = await activeAdminIds(solo);
    expect(admins).toHaveLength(1);
    const last = admins[0]!.id;
    expectScimError(
      await scim(
        solo,
        issued.secret,
        'PATCH',
        `/Users/${last}`,
        patchOp({ op: 'replace', path: 'active', value: false }),
      ),
      409,
    );
    const refusal = await solo.db
      .selectFrom('audit_events')
      .select(['target_id', 'details'])
      .where('action', '=', 'scim.refused')
      .where('actor_name', '=', 'Target check')
      .executeTakeFirst();
    expect(refusal, 'the refusal is audited').toBeDefined();
    expect(refusal?.target_id).toBe(last);
  });

  it('deleting the group that makes the last admin is refused too (derived: it would demote them)', async () => {
    const issued = await createScimToken(solo);
    const ids = (
      await solo.db
        .selectFrom('users')
        .select('id')
        .where('position', '=', 'admin')
        .where('status', '=', 'active')
        .execute()
    ).map((row) => row.id);
    const last = ids.find((id) => id !== issued.adminId)!;
    await solo.db
      .updateTable('users')
      .set({ position: 'contractor' })
      .where('id', '=', issued.adminId)
      .execute();
    await solo.services.sessions.userChanged(issued.adminId);
    const found = await scim(
      solo,
      issued.secret,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Staff Admins"')}`,
    );
    const admins = found.json<ListResponse<ScimGroup>>().Resources[0]!;
    expectScimError(await scim(solo, issued.secret, 'DELETE', `/Groups/${admins.id}`), 409);
    expect(await userRow(solo, last)).toMatchObject({ position: 'admin', status: 'active' });
  });
});

describe('the admin who made the token', () => {
  it('is never deactivated, deleted or demoted by that token: 409', async () => {
    // Another admin exists: the rule is not the last admin's.
    await createSignedInAdmin(t);
    const issued = await createScimToken(t, 'Self-protection');
    const maker = (await userRow(t, issued.adminId))!;
    const found = await scim(
      t,
      issued.secret,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${maker.email}"`)}`,
    );
    expect(found.json<ListResponse<ScimUser>>().Resources.map((u) => u.id)).toEqual([
      issued.adminId,
    ]);

    expectScimError(
      await scim(
        t,
        issued.secret,
        'PATCH',
        `/Users/${issued.adminId}`,
        patchOp({ op: 'replace', path: 'active', value: false }),
      ),
      409,
    );
    expectScimError(
      await scim(t, issued.secret, 'PUT', `/Users/${issued.adminId}`, {
        ...oktaUser(maker.email),
        active: false,
      }),
      409,
    );
    expectScimError(await scim(t, issued.secret, 'DELETE', `/Users/${issued.adminId}`), 409);
    expectScimError(
      await changeMembers(t, issued.secret, await group('Finance'), 'add', [issued.adminId]),
      409,
    );
    expect(await userRow(t, issued.adminId)).toMatchObject({ position: 'admin', status: 'active' });
  });
});

describe('what the site shows and records', () => {
  /** An app of its own: the audit trail and the sync log hold only these tests' calls. */
  let rec: TestApp;
  beforeAll(async () => {
    rec = await createTestApp({ env: ROLE_ENV, clock: new ManualClock({ tickMs: 1 }) });
  });
  afterAll(() => rec?.close());

  it('users made or changed by SCIM are managedByDirectory; their name and status cannot be changed by hand (409)', async () => {
    const made = await createDirectoryUser(t, token.secret, uniqueEmail('managed'));
    const byHand = await createUser(t);
    expect((await siteUser(t, token.adminToken, byHand.id)).json().data.managedByDirectory).toBe(
      false,
    );
    const linked = await call(
      'PATCH',
      `/Users/${byHand.id}`,
      patchOp({ op: 'replace', path: 'externalId', value: 'ext-linked' }),
    );
    expect(linked.statusCode, linked.body).toBe(200);

    for (const id of [made.id, byHand.id]) {
      expect((await siteUser(t, token.adminToken, id)).json().data.managedByDirectory).toBe(true);
      const before = await userRow(t, id);
      for (const payload of [{ fullName: 'Changed By Hand' }, { status: 'inactive' }]) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${id}`,
          headers: bearer(token.adminToken),
          payload,
        });
        expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(409);
      }
      const status = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}/status`,
        headers: bearer(token.adminToken),
        payload: { status: 'inactive' },
      });
      expect(status.statusCode, status.body).toBe(409);
      expect(await userRow(t, id)).toEqual(before);
    }
  });

  it("every SCIM write is in the audit trail with the token's name as actor and no actor id", async () => {
    const issued = await createScimToken(rec, 'Audited directory');
    const mine = async () =>
      (await auditTrail(rec, issued.adminToken)).filter(
        (event) => event.actorName === 'Audited directory',
      );
    let count = (await mine()).length;
    const expectNewEvent = async (what: string) => {
      const events = await mine();
      expect(events.length, what).toBeGreaterThan(count);
      count = events.length;
      for (const event of events) expect(event.actorId, what).toBeNull();
      return events[0]!;
    };
    const user = await createDirectoryUser(rec, issued.secret, uniqueEmail('audited'));
    expect((await expectNewEvent('POST /Users')).targetId).toBe(user.id);
    await scim(
      rec,
      issued.secret,
      'PUT',
      `/Users/${user.id}`,
      oktaUser(user.userName, { givenName: 'Put' }),
    );
    expect((await expectNewEvent('PUT /Users')).targetId).toBe(user.id);
    await scim(
      rec,
      issued.secret,
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', path: 'name.formatted', value: 'Patched Name' }),
    );
    expect((await expectNewEvent('PATCH /Users')).targetId).toBe(user.id);
    const created = await createDirectoryGroup(rec, issued.secret, 'Audited Group', [user.id]);
    await expectNewEvent('POST /Groups');
    await scim(
      rec,
      issued.secret,
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'replace', path: 'displayName', value: 'Audited Group 2' }),
    );
    await expectNewEvent('PATCH /Groups');
    await scim(rec, issued.secret, 'PUT', `/Groups/${created.id}`, {
      schemas: [GROUP_SCHEMA],
      displayName: 'Audited Group 3',
      members: [],
    });
    await expectNewEvent('PUT /Groups');
    await scim(rec, issued.secret, 'DELETE', `/Groups/${created.id}`);
    await expectNewEvent('DELETE /Groups');
    await scim(rec, issued.secret, 'DELETE', `/Users/${user.id}`);
    expect((await expectNewEvent('DELETE /Users')).targetId).toBe(user.id);
  });

  it('every SCIM call is in the sync log with its operation, status and detail; result=failed keeps the failures', async () => {
    const issued = await createScimToken(rec, 'Logged directory');
    const email = uniqueEmail('logged');
    const user = await createDirectoryUser(rec, issued.secret, email);
    await scim(rec, issued.secret, 'GET', '/Users?startIndex=1&count=10');
    await scim(rec, issued.secret, 'GET', `/Users/${user.id}`);
    await scim(
      rec,
      issued.secret,
      'PUT',
      `/Users/${user.id}`,
      oktaUser(email, { givenName: 'Logged' }),
    );
    await scim(
      rec,
      issued.secret,
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', path: 'active', value: true }),
    );
    await scim(rec, issued.secret, 'GET', '/ServiceProviderConfig');
    const bad = await scim(rec, issued.secret, 'POST', '/Users', {
      ...oktaUser('x@example.com'),
      userName: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    const missing = await scim(
      rec,
      issued.secret,
      'GET',
      '/Groups/0b7d1f5e-9c4a-4c1e-8f57-3a2b6c9d0e11',
    );
    expect(missing.statusCode).toBe(404);
    await scim(rec, issued.secret, 'DELETE', `/Users/${user.id}`);

    // Each call is logged before its answer leaves: the log read next holds all nine.
    const logged = async () =>
      (await syncLog(rec, issued.adminToken)).filter(
        (entry) => entry.tokenName === 'Logged directory',
      );
    const mine = await logged();
    const summary = mine
      .map((entry) => `${entry.operation} ${entry.resourceType} ${entry.status}`)
      .sort();
    expect(summary).toEqual(
      [
        'create User 201',
        'list User 200',
        'read User 200',
        'replace User 200',
        'update User 200',
        'discovery Service 200',
        'create User 400',
        'read Group 404',
        'delete User 204',
      ].sort(),
    );
    for (const entry of mine) {
      if (entry.status < 400) expect(entry.detail, `${entry.operation} ${entry.status}`).toBeNull();
      else expect(entry.detail, `${entry.operation} ${entry.status}`).toEqual(expect.any(String));
    }
    const created = mine.find((entry) => entry.operation === 'create' && entry.status === 201);
    expect(created?.subject).toBe(email);
    const failed = (await syncLog(rec, issued.adminToken, 'failed')).filter(
      (entry) => entry.tokenName === 'Logged directory',
    );
    expect(failed.map((entry) => entry.status).sort()).toEqual([400, 404]);
    expect(failed.find((entry) => entry.status === 400)?.detail).toBe(bad.json().detail);
  });

  describe('with SCIM_REQUESTS_PER_MINUTE=5', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ env: { SCIM_REQUESTS_PER_MINUTE: '5' } });
    });
    afterAll(() => limited?.close());

    it('a token over the limit gets 429 with Retry-After and a SCIM error; another token does not', async () => {
      const first = await createScimToken(limited);
      const second = await createScimToken(limited);
      for (let i = 0; i < 5; i += 1) {
        expect((await scim(limited, first.secret, 'GET', '/Users')).statusCode).toBe(200);
      }
      const over = await scim(limited, first.secret, 'GET', '/Users');
      const body = expectScimError(over, 429);
      expect(body.schemas).toEqual([ERROR_SCHEMA]);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await scim(limited, second.secret, 'GET', '/Users')).statusCode).toBe(200);
    });
  });
});
