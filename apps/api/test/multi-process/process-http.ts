import type { TokenPair } from '@staff-admin/shared';
import { expect } from 'vitest';
import type { ServerProcess } from '../server-process.js';

/**
 * JSON over real HTTP to one API process; `from` is the client address the (trusted) proxy
 * reports, `contentType` the body's type (SCIM's `application/scim+json`, say).
 */
export async function call(
  server: ServerProcess,
  method: string,
  url: string,
  {
    token,
    body,
    contentType = 'application/json',
    from = '198.51.100.1',
  }: { token?: string; body?: unknown; contentType?: string; from?: string } = {},
) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      'x-forwarded-for': from,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : null,
  };
}

/** A password sign-in on that process; fails unless 200. */
export async function signIn(
  server: ServerProcess,
  email: string,
  password: string,
  from?: string,
): Promise<TokenPair> {
  const response = await call(server, 'POST', '/api/auth/login', {
    body: { email, password },
    from,
  });
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json.data as TokenPair;
}
