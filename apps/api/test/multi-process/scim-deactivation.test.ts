import type { IssuedScimToken, TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../server-process.js';
import { PATCH_SCHEMA } from '../scim/scim-client.js';
import { call, signIn } from './process-http.js';
import { inviteAndSetUp, startTwinProcesses, type TwinProcesses } from './twin-processes.js';

/**
 * The directory deactivates a person on one API process while they are signed in on another
 * (issue 36): two real processes (src/server.ts) on one database and one Redis, as
 * ./two-processes.test.ts starts them. The session cache lives a minute, so only the revocation
 * message explains a refusal on the other process; the very next call there is refused, as after
 * an admin's deactivation.
 */
const ADMIN = { email: 'directory.owner@example.com', password: 'Harbor-Finch-19' };
const USER_PASSWORD = 'Quartz-Lamp-71';

let twins: TwinProcesses;
let a: ServerProcess;
let b: ServerProcess;
let admin: TokenPair;
let directory: IssuedScimToken;

/** A SCIM call with the directory's token, as Entra ID sends it. */
const scimCall = (server: ServerProcess, method: string, url: string, body?: unknown) =>
  call(server, method, `/scim/v2${url}`, {
    token: directory.secret,
    body,
    contentType: 'application/scim+json',
  });

/** A person invited by the admin and set up with the mailed link, then found by the directory. */
async function personKnownToTheDirectory(email: string): Promise<string> {
  await inviteAndSetUp(twins, email, USER_PASSWORD);
  // Okta and Entra ID look a person up by userName before creating them, and link a match.
  const found = await scimCall(
    a,
    'GET',
    `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`,
  );
  expect(found.status, JSON.stringify(found.json)).toBe(200);
  expect(found.json.totalResults).toBe(1);
  return found.json.Resources[0].id as string;
}

beforeAll(async () => {
  twins = await startTwinProcesses({
    name: 'scim-processes',
    admin: ADMIN,
    env: {
      // Long enough that only the revocation channel can explain a refusal on the other process.
      SESSION_CACHE_TTL: '60s',
      OIDC_ROLE_MAP: 'Staff Admins=admin,Finance=finance',
    },
  });
  ({ a, b, admin } = twins);
  const issued = await call(a, 'POST', '/api/directory/tokens', {
    token: admin.access_token,
    body: { name: 'Entra ID provisioning' },
  });
  expect(issued.status, JSON.stringify(issued.json)).toBe(201);
  directory = issued.json.data as IssuedScimToken;
}, 90_000);

afterAll(async () => expect(await twins?.stop()).toEqual([0, 0]));

describe('the directory on one process, the person on another', () => {
  it("refuses the person's token on B on the very next call after active:false reached A", async () => {
    const email = 'deactivated.by.directory@example.com';
    const id = await personKnownToTheDirectory(email);
    const tokens = await signIn(b, email, USER_PASSWORD, '198.51.100.30');
    // Warm on both: each process has the session in its cache.
    for (const server of [a, b]) {
      expect(
        (await call(server, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
      ).toBe(200);
    }

    // Entra ID's soft delete, as it sends it without the aadOptscim062020 flag.
    const deactivated = await scimCall(a, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(deactivated.status, JSON.stringify(deactivated.json)).toBe(200);
    expect(deactivated.json.active).toBe(false);

    const next = await call(b, 'GET', '/api/users/profile', { token: tokens.access_token });
    expect(next.status).toBeOneOf([401, 403]);
    expect(
      (await call(b, 'POST', `/api/auth/refresh-token/${tokens.refresh_token}`)).status,
    ).toBeOneOf([401, 403]);
    expect(
      (await call(a, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
    ).toBeOneOf([401, 403]);
  });

  it("refuses the person's token on A on the very next call after Okta's PATCH reached B", async () => {
    const email = 'deactivated.by.okta@example.com';
    const id = await personKnownToTheDirectory(email);
    const tokens = await signIn(a, email, USER_PASSWORD, '198.51.100.31');
    for (const server of [a, b]) {
      expect(
        (await call(server, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
      ).toBe(200);
    }
    const deactivated = await scimCall(b, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.status, JSON.stringify(deactivated.json)).toBe(200);
    expect(
      (await call(a, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
    ).toBeOneOf([401, 403]);
  });

  it("refuses the person's token on B at once after the directory's DELETE on A", async () => {
    const email = 'deleted.by.directory@example.com';
    const id = await personKnownToTheDirectory(email);
    const tokens = await signIn(b, email, USER_PASSWORD, '198.51.100.32');
    expect(
      (await call(b, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
    ).toBe(200);
    expect((await scimCall(a, 'DELETE', `/Users/${id}`)).status).toBe(204);
    expect(
      (await call(b, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
    ).toBe(401);
  });

  it('takes admin rights away on B at once when the directory removes the person from Staff Admins on A', async () => {
    const email = 'demoted.by.directory@example.com';
    const id = await personKnownToTheDirectory(email);
    const group = await scimCall(a, 'POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Staff Admins',
      members: [{ value: id }],
    });
    expect(group.status, JSON.stringify(group.json)).toBe(201);
    const tokens = await signIn(b, email, USER_PASSWORD, '198.51.100.33');
    expect((await call(b, 'GET', '/api/users', { token: tokens.access_token })).status).toBe(200);
    const removed = await scimCall(a, 'PATCH', `/Groups/${group.json.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }],
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(204);
    expect((await call(b, 'GET', '/api/users', { token: tokens.access_token })).status).toBe(403);
  });
});
