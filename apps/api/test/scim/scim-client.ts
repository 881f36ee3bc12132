// A directory's side of SCIM against the real app: a token made by an admin through the site's
// call, and SCIM requests made with it as Okta and Entra ID make them.
import type { IssuedScimToken } from '@staff-admin/shared';
import type { InjectOptions } from 'fastify';
import { bearer, createSignedInAdmin, type TestApp } from '../helpers.js';

export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A SCIM token made by a freshly signed-in admin (POST /api/directory/tokens). */
export async function createScimToken(
  t: Pick<TestApp, 'app' | 'services'>,
  name = `Directory ${Math.random().toString(36).slice(2, 8)}`,
): Promise<IssuedScimToken & { adminId: string; adminToken: string }> {
  const admin = await createSignedInAdmin(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/directory/tokens',
    headers: bearer(admin.tokens.access_token),
    payload: { name },
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/directory/tokens answered ${response.statusCode}: ${response.body}`);
  }
  const issued = response.json<{ data: IssuedScimToken }>().data;
  return { ...issued, adminId: admin.id, adminToken: admin.tokens.access_token };
}

/** One SCIM call with the token, the body sent as application/scim+json. */
export function scim(
  { app }: Pick<TestApp, 'app'>,
  secret: string,
  method: InjectOptions['method'],
  path: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url: `/scim/v2${path}`,
    headers: {
      ...bearer(secret),
      ...(body === undefined ? {} : { 'content-type': SCIM_CONTENT_TYPE }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
