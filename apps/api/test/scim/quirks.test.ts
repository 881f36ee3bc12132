// What Okta and Microsoft Entra ID send that a strict reading of RFC 7644 would refuse, one test
// per tolerance, each written so that it fails if the tolerance goes: the bodies are the ones
// their documentation shows (Okta's SCIM 2.0 reference; Entra's provisioning tutorial and its
// "Known issues … SCIM 2.0 protocol compliance" page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, uniqueEmail, type TestApp, createTestApp } from '../helpers.js';
import { createScimToken, GROUP_SCHEMA, scim, USER_SCHEMA } from './scim-client.js';
import {
  createDirectoryGroup,
  createDirectoryUser,
  ENTERPRISE_SCHEMA,
  expectScimError,
  oktaUser,
  patchOp,
  ROLE_ENV,
  userRow,
  type ListResponse,
  type ScimGroup,
  type ScimUser,
} from './scim-fixtures.js';

let t: TestApp;
let secret: string;

beforeAll(async () => {
  t = await createTestApp({ env: ROLE_ENV });
  secret = (await createScimToken(t, 'Quirks')).secret;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  scim(t, secret, method, path, body);

const newUser = (label: string, extra: Parameters<typeof oktaUser>[1] = {}) =>
  createDirectoryUser(t, secret, uniqueEmail(label), extra);

async function patchUser(id: string, ...operations: Record<string, unknown>[]) {
  const response = await call('PATCH', `/Users/${id}`, patchOp(...operations));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ScimUser>();
}

const members = async (groupId: string) =>
  ((await call('GET', `/Groups/${groupId}`)).json<ScimGroup>().members ?? [])
    .map((m) => m.value)
    .sort();

describe('PATCH of users', () => {
  it('op names in any case: Entra\'s "Replace", "Add", "Remove", and "REPLACE"', async () => {
    const user = await newUser('op-case');
    expect(
      await patchUser(user.id, { op: 'Replace', path: 'name.familyName', value: 'Capital' }),
    ).toMatchObject({ name: { familyName: 'Capital' } });
    expect(
      await patchUser(user.id, { op: 'Add', path: 'externalId', value: 'ext-added' }),
    ).toMatchObject({
      externalId: 'ext-added',
    });
    expect(
      (await patchUser(user.id, { op: 'Remove', path: 'externalId' })).externalId ?? null,
    ).toBeNull();
    expect(
      await patchUser(user.id, { op: 'REPLACE', path: 'name.familyName', value: 'Shouted' }),
    ).toMatchObject({ name: { familyName: 'Shouted' } });
    expect(await patchUser(user.id, { op: 'rePlace', value: { active: false } })).toMatchObject({
      active: false,
    });
    expect((await userRow(t, user.id))?.status).toBe('inactive');
    // An op that is none of the three is still refused.
    expectScimError(
      await call(
        'PATCH',
        `/Users/${user.id}`,
        patchOp({ op: 'Move', path: 'externalId', value: 'x' }),
      ),
      400,
    );
  });

  it('no path, a value object: Okta\'s {"op":"replace","value":{"active":false}}', async () => {
    const user = await newUser('okta-no-path');
    expect(await patchUser(user.id, { op: 'replace', value: { active: false } })).toMatchObject({
      active: false,
    });
    expect((await userRow(t, user.id))?.status).toBe('inactive');
    expect(await patchUser(user.id, { op: 'replace', value: { active: true } })).toMatchObject({
      active: true,
    });
    expect((await userRow(t, user.id))?.status).toBe('active');
  });

  it('never lets a path or a value key reach the prototype of every object (__proto__, constructor)', async () => {
    const user = await newUser('prototype');
    const attempts = [
      { op: 'replace', path: '__proto__.isAdmin', value: true },
      { op: 'add', path: 'constructor.prototype.polluted', value: 1 },
      { op: 'replace', value: JSON.parse('{"__proto__":{"isAdmin":true}}') as object },
      { op: 'add', value: { 'constructor.prototype.polluted': 1 } },
    ];
    for (const operation of attempts) {
      const response = await call('PATCH', `/Users/${user.id}`, patchOp(operation));
      expect(response.statusCode, JSON.stringify(operation)).toBe(400);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('no path, a value object whose keys are paths (Entra with aadOptscim062020): {"name.givenName": …}', async () => {
    const user = await newUser('entra-keys');
    const patched = await patchUser(user.id, {
      op: 'Replace',
      value: { 'name.givenName': 'Kkom', 'name.familyName': 'Unua', displayName: 'Kkom Unua' },
    });
    expect(patched).toMatchObject({ name: { givenName: 'Kkom', familyName: 'Unua' } });
    expect((await userRow(t, user.id))?.full_name).toBe('Kkom Unua');
    const lower = await patchUser(user.id, { op: 'replace', value: { 'name.familyName': 'Bjfe' } });
    expect(lower.name?.familyName).toBe('Bjfe');
  });

  it('booleans as strings: Entra\'s "False" and "True" for active', async () => {
    const user = await newUser('string-bool');
    expect(
      await patchUser(user.id, { op: 'Replace', path: 'active', value: 'False' }),
    ).toMatchObject({ active: false });
    expect((await userRow(t, user.id))?.status).toBe('inactive');
    expect(
      await patchUser(user.id, { op: 'Replace', path: 'active', value: 'True' }),
    ).toMatchObject({ active: true });
    expect((await userRow(t, user.id))?.status).toBe('active');
    expect(await patchUser(user.id, { op: 'replace', value: { active: 'false' } })).toMatchObject({
      active: false,
    });
    // In a POST and a PUT too.
    const created = await call('POST', '/Users', {
      ...oktaUser(uniqueEmail('string-post')),
      active: 'True',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<ScimUser>().active).toBe(true);
    const put = await call('PUT', `/Users/${user.id}`, {
      ...oktaUser(user.userName),
      active: 'True',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<ScimUser>().active).toBe(true);
    // Anything else is no boolean.
    expectScimError(
      await call(
        'PATCH',
        `/Users/${user.id}`,
        patchOp({ op: 'replace', path: 'active', value: 'maybe' }),
      ),
      400,
    );
  });

  it('a path with a filter: emails[type eq "work"].value changes the email and userName (Replace and Add)', async () => {
    const user = await newUser('filtered-path');
    const email = uniqueEmail('filtered-new');
    const replaced = await patchUser(user.id, {
      op: 'Replace',
      path: 'emails[type eq "work"].value',
      value: email,
    });
    expect(replaced).toMatchObject({
      userName: email,
      emails: [{ value: email, type: 'work', primary: true }],
    });
    expect((await userRow(t, user.id))?.email).toBe(email);
    // Entra sends Add as often as Replace for the same change.
    const again = uniqueEmail('filtered-again');
    const added = await patchUser(user.id, {
      op: 'Add',
      path: 'emails[type eq "work"].value',
      value: again.toUpperCase(),
    });
    expect(added).toMatchObject({ userName: again, emails: [{ value: again }] });
    expect((await userRow(t, user.id))?.email).toBe(again);
    // The address is still checked.
    expectScimError(
      await call(
        'PATCH',
        `/Users/${user.id}`,
        patchOp({ op: 'Replace', path: 'emails[type eq "work"].value', value: 'nope' }),
      ),
      400,
      'invalidValue',
    );
  });

  it("Entra's enterprise extension is accepted and ignored: in a POST, by path, and as a value key", async () => {
    const created = await call('POST', '/Users', {
      ...oktaUser(uniqueEmail('enterprise')),
      schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
      [ENTERPRISE_SCHEMA]: {
        employeeNumber: '701984',
        department: 'Finance',
        manager: { value: '26118915-6090-4610-87e4-49d8ca9f808d' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<ScimUser>();
    await patchUser(
      user.id,
      { op: 'Replace', path: `${ENTERPRISE_SCHEMA}:employeeNumber`, value: 'Eqpj' },
      {
        op: 'Add',
        path: `${ENTERPRISE_SCHEMA}:manager`,
        value: [{ $ref: null, value: '26118915-6090-4610-87e4-49d8ca9f808d' }],
      },
      {
        op: 'replace',
        value: { [`${ENTERPRISE_SCHEMA}:department`]: 'Aklq', 'name.givenName': 'Still' },
      },
    );
    expect((await call('GET', `/Users/${user.id}`)).json<ScimUser>().name?.givenName).toBe('Still');
    const removed = await call(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'Remove', path: `${ENTERPRISE_SCHEMA}:manager` }),
    );
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it("attributes the site does not keep (Entra's default mappings: title, phone numbers, addresses, preferredLanguage) are accepted and ignored", async () => {
    const created = await call('POST', '/Users', {
      ...oktaUser(uniqueEmail('unkept')),
      title: 'Accountant',
      preferredLanguage: 'en-US',
      phoneNumbers: [{ type: 'work', value: '+1 858 555 0110' }],
      addresses: [{ type: 'work', locality: 'San Diego', country: 'US', primary: false }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<ScimUser>();
    await patchUser(
      user.id,
      { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+1 858 555 0111' },
      { op: 'Replace', path: 'title', value: 'Senior Accountant' },
      { op: 'Replace', path: 'addresses[type eq "work"].postalCode', value: '92121' },
      // The tutorial's manager update names the attribute without its extension's URI.
      {
        op: 'Add',
        path: 'manager',
        value: [{ $ref: null, value: '00aa00aa-bb11-cc22-dd33-44ee44ee44ee' }],
      },
    );
    // What the site keeps is as it was.
    expect(await userRow(t, user.id)).toMatchObject({
      email: user.userName,
      full_name: 'Test User',
      status: 'active',
    });
  });

  it('null for attributes it does not send (Entra\'s provisioning example: "addresses": null, "manager": null …)', async () => {
    const email = uniqueEmail('nulls');
    const response = await call('POST', '/Users', {
      schemas: [USER_SCHEMA, `${ENTERPRISE_SCHEMA}`],
      externalId: 'jyoung',
      userName: email,
      active: true,
      addresses: null,
      displayName: 'Joy Young',
      emails: [{ type: 'work', value: email, primary: true }],
      meta: { resourceType: 'User' },
      name: { familyName: 'Young', givenName: 'Joy' },
      phoneNumbers: null,
      preferredLanguage: null,
      title: null,
      department: null,
      manager: null,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ScimUser>()).toMatchObject({
      userName: email,
      name: { givenName: 'Joy', familyName: 'Young' },
    });
  });

  it("Okta's read-only attributes in a PUT (id, meta, groups: []) are ignored: the user keeps their groups", async () => {
    const user = await newUser('okta-put');
    const finance = await createDirectoryGroup(t, secret, 'Finance', [user.id]);
    expect((await userRow(t, user.id))?.position).toBe('finance');
    const response = await call('PUT', `/Users/${user.id}`, {
      ...oktaUser(user.userName, { givenName: 'Another', familyName: 'User' }),
      id: user.id,
      groups: [],
      meta: { resourceType: 'User' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ScimUser>().groups).toEqual([
      expect.objectContaining({ value: finance.id }),
    ]);
    expect((await userRow(t, user.id))?.position).toBe('finance');
    expect(await members(finance.id)).toEqual([user.id]);
    // And an id in the body that is not the user's changes nothing about which user is replaced.
    const other = await call('PUT', `/Users/${user.id}`, {
      ...oktaUser(user.userName),
      id: '0b7d1f5e-9c4a-4c1e-8f57-3a2b6c9d0e11',
    });
    expect(other.statusCode).toBeLessThan(500);
    expect((await call('GET', `/Users/${user.id}`)).statusCode).toBe(200);
  });

  it("Okta's wizard apps deactivate by PUT, catalogue apps by PATCH: both work", async () => {
    const wizard = await newUser('okta-wizard');
    const put = await call('PUT', `/Users/${wizard.id}`, {
      ...oktaUser(wizard.userName),
      id: wizard.id,
      active: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<ScimUser>().active).toBe(false);
    expect((await userRow(t, wizard.id))?.status).toBe('inactive');
    const catalogue = await newUser('okta-catalogue');
    expect(
      await patchUser(catalogue.id, { op: 'replace', value: { active: false } }),
    ).toMatchObject({ active: false });
    expect((await userRow(t, catalogue.id))?.status).toBe('inactive');
  });

  it("Okta's generated password in POST /Users is accepted and not kept: it signs no one in", async () => {
    const email = uniqueEmail('okta-password');
    const response = await call('POST', '/Users', { ...oktaUser(email), password: '1mz050nq' });
    expect(response.statusCode, response.body).toBe(201);
    expect((await login(t, email, '1mz050nq')).statusCode).not.toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row?.password_hash ?? null).toBeNull();
  });
});

describe('filters', () => {
  it('userName in any case finds the user (RFC 7643: userName is not case-exact; Entra sends the UPN as written)', async () => {
    const user = await newUser('case-filter');
    const filter = `userName eq "${user.userName.toUpperCase()}"`;
    const response = await call('GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ListResponse<ScimUser>>().Resources.map((found) => found.id)).toEqual([
      user.id,
    ]);
  });

  it("spaces as %20 (Okta) or + (Entra) and the operator in any case ('EQ')", async () => {
    const user = await newUser('encodings');
    const encoded = encodeURIComponent(`"${user.userName}"`);
    for (const query of [
      `filter=userName%20eq%20${encoded}&startIndex=1&count=100`,
      `filter=userName+eq+${encoded}`,
      `filter=userName+EQ+${encoded}`,
    ]) {
      const response = await call('GET', `/Users?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      expect(
        response.json<ListResponse<ScimUser>>().Resources.map((found) => found.id),
        query,
      ).toEqual([user.id]);
    }
  });

  it("Entra's Test Connection: a userName filter with a random GUID is an empty list, not an error", async () => {
    const response = await call(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "7f4bc1a3-285e-48ae-8202-5accb43efb0e"')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ListResponse<ScimUser>>()).toMatchObject({
      totalResults: 0,
      Resources: [],
    });
    const byId = await call('GET', `/Users?filter=${encodeURIComponent('id eq "not-a-uuid"')}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json<ListResponse<ScimUser>>().totalResults).toBe(0);
  });

  it('Entra\'s matching on the work email: emails[type eq "work"].value eq "…"', async () => {
    const user = await newUser('work-email');
    const filter = `emails[type eq "work"].value eq "${user.userName}"`;
    const response = await call('GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ListResponse<ScimUser>>().Resources.map((found) => found.id)).toEqual([
      user.id,
    ]);
  });
});

describe('groups', () => {
  it("Entra's group POST names its own schema URI beside the core one", async () => {
    const response = await call('POST', '/Groups', {
      schemas: [
        GROUP_SCHEMA,
        'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group',
      ],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Entra Schema Group',
      meta: { resourceType: 'Group' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ScimGroup>()).toMatchObject({ displayName: 'Entra Schema Group' });
  });

  it('Entra adds members with "$ref": null', async () => {
    const user = await newUser('ref-null');
    const created = await createDirectoryGroup(t, secret, 'Ref Null Group');
    const response = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'Add', path: 'members', value: [{ $ref: null, value: user.id }] }),
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await members(created.id)).toEqual([user.id]);
  });

  it('Entra removes members with a value list: {"op":"Remove","path":"members","value":[{"value":"u1"}]}', async () => {
    const [kept, removed] = [await newUser('kept'), await newUser('removed')];
    const created = await createDirectoryGroup(t, secret, 'Value List Group', [
      kept.id,
      removed.id,
    ]);
    const response = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'Remove', path: 'members', value: [{ value: removed.id }] }),
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await members(created.id)).toEqual([kept.id]);
  });

  it('a member removed by a filtered path and another added, in one PATCH (Okta)', async () => {
    const [leaving, joining] = [await newUser('leaving'), await newUser('joining')];
    const created = await createDirectoryGroup(t, secret, 'Okta Pushed Group', [leaving.id]);
    const response = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp(
        { op: 'remove', path: `members[value eq "${leaving.id}"]` },
        { op: 'add', path: 'members', value: [{ value: joining.id, display: joining.userName }] },
      ),
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await members(created.id)).toEqual([joining.id]);
  });

  it("Okta's name update: no path, a value object with the group's id and displayName", async () => {
    const member = await newUser('okta-name');
    const created = await createDirectoryGroup(t, secret, 'Okta Name Group', [member.id]);
    const response = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'replace', value: { id: created.id, displayName: 'Okta Name Group Renamed' } }),
    );
    expect(response.statusCode, response.body).toBe(204);
    const read = (await call('GET', `/Groups/${created.id}`)).json<ScimGroup>();
    expect(read).toMatchObject({ id: created.id, displayName: 'Okta Name Group Renamed' });
    expect(read.members?.map((m) => m.value)).toEqual([member.id]);
  });

  it('adding a member twice keeps one membership; removing one who is no member is no error', async () => {
    const user = await newUser('twice');
    const created = await createDirectoryGroup(t, secret, 'Twice Group', [user.id]);
    const again = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'add', path: 'members', value: [{ value: user.id }] }),
    );
    expect(again.statusCode, again.body).toBe(204);
    expect(await members(created.id)).toEqual([user.id]);
    const stranger = await createUser(t);
    const remove = await call(
      'PATCH',
      `/Groups/${created.id}`,
      patchOp({ op: 'remove', path: `members[value eq "${stranger.id}"]` }),
    );
    expect(remove.statusCode, remove.body).toBe(204);
    expect(await members(created.id)).toEqual([user.id]);
  });
});
