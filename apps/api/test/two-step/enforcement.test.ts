import { TWO_STEP_MESSAGES, type User } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, getProfile, type TestApp } from '../helpers.js';
import { twoStepClient } from './two-step-client.js';

/**
 * MFA_REQUIRED_ROLES: every authenticated route of the OpenAPI document (all the API's routes),
 * called by an admin whose role requires two-step sign-in and who has none, answers 403
 * `two_step_setup_required`, except the routes open during setup. After enrolment none does.
 */

const OPEN_DURING_SETUP = new Set([
  'GET /api/users/profile',
  'GET /api/users/profile/two-step',
  'POST /api/users/profile/two-step/totp',
  'POST /api/users/profile/two-step/totp/confirm',
  'POST /api/users/profile/passkeys/options',
  'POST /api/users/profile/passkeys',
  'DELETE /api/auth/logout',
  'POST /api/auth/reauthenticate',
]);

/** Calls that would end the session or the factor the sweep after enrolment signs in with. */
const SKIPPED_AFTER_ENROLMENT = new Set([
  'DELETE /api/auth/logout',
  'DELETE /api/users/profile/two-step/totp',
]);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SOME_ID = '00000000-0000-4000-8000-000000000000';

interface Operation {
  name: string;
  method: string;
  url: string;
  /** The route takes a bearer token (its OpenAPI operation names the bearer scheme). */
  authenticated: boolean;
}

let t: TestApp;
const { call, passwordTokens, enrolTotp, signInWithTotp } = twoStepClient(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { MFA_REQUIRED_ROLES: 'admin, finance' } });
});

afterAll(async () => {
  await t.close();
});

function operations(): Operation[] {
  const document = t.app.swagger() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const url = path.replace(/\{[^}]+\}/g, SOME_ID);
      found.push({
        name: `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
        method: method.toUpperCase(),
        url,
        authenticated: (operation.security?.length ?? 0) > 0,
      });
    }
  }
  return found;
}

const sweep = async (accessToken: string, skip: Set<string> = new Set()) => {
  const answers: { name: string; status: number; reason: unknown; authenticated: boolean }[] = [];
  for (const operation of operations()) {
    if (skip.has(operation.name)) continue;
    const response = await t.app.inject({
      method: operation.method as 'GET',
      url: operation.url,
      headers: { ...bearer(accessToken), 'content-type': 'application/json' },
      payload: operation.method === 'GET' || operation.method === 'DELETE' ? undefined : '{}',
    });
    expect(response.statusCode, `${operation.name}: ${response.body}`).toBeLessThan(500);
    const body = response.body.startsWith('{') ? response.json<{ reason?: unknown }>() : {};
    answers.push({
      name: operation.name,
      status: response.statusCode,
      reason: body.reason,
      authenticated: operation.authenticated,
    });
  }
  return answers;
};

describe('two-step sign-in required by role', () => {
  it('lists the open routes among the API routes (the list is not stale)', () => {
    const names = new Set(operations().map((operation) => operation.name));
    for (const name of OPEN_DURING_SETUP) {
      if (name.includes('passkeys')) continue; // added by the passkey calls
      expect(names, name).toContain(name.replace('/api/users/:id', '/api/users/{id}'));
    }
    expect(names.size).toBeGreaterThan(40);
  });

  it('refuses every other authenticated route until a factor is set up; then all work', async () => {
    const admin = await createUser(t, { position: 'admin' });
    const tokens = await passwordTokens(admin);

    const profile = await getProfile(t, tokens.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json<{ data: User }>().data).toMatchObject({
      twoStepEnabled: false,
      twoStepRequired: true,
    });

    const before = await sweep(tokens.access_token, new Set(['DELETE /api/auth/logout']));
    const refused = before.filter((answer) => answer.reason === 'two_step_setup_required');
    for (const answer of before) {
      const open = OPEN_DURING_SETUP.has(answer.name) || !answer.authenticated;
      if (open) expect(answer.reason, answer.name).not.toBe('two_step_setup_required');
      else
        expect(answer, answer.name).toMatchObject({
          status: 403,
          reason: 'two_step_setup_required',
        });
    }
    expect(refused.length).toBeGreaterThan(30);
    const one = await call('GET', '/users', tokens.access_token);
    expect(one.json()).toEqual({
      code: 403,
      message: TWO_STEP_MESSAGES.setupRequired,
      reason: 'two_step_setup_required',
    });

    // The sweep started a pending authenticator; setting up a new one replaces it.
    const { secret } = await enrolTotp(tokens.access_token);
    // The same session may go on at once (the cached session was evicted).
    expect((await call('GET', '/users', tokens.access_token)).statusCode).toBe(200);
    const fresh = await signInWithTotp(admin, secret);
    const after = await sweep(fresh.access_token, SKIPPED_AFTER_ENROLMENT);
    for (const answer of after) {
      expect(answer.reason, answer.name).not.toBe('two_step_setup_required');
    }
    // Logging out stays open during setup.
    const other = await createUser(t, { position: 'finance' });
    const otherTokens = await passwordTokens(other);
    expect((await call('GET', '/projects', otherTokens.access_token)).statusCode).toBe(403);
    expect((await call('DELETE', '/auth/logout', otherTokens.access_token)).statusCode).toBe(200);
  });

  it('leaves roles not listed alone', async () => {
    const user = await createUser(t, { position: 'contractor' });
    const tokens = await passwordTokens(user);
    const profile = await getProfile(t, tokens.access_token);
    expect(profile.json<{ data: User }>().data.twoStepRequired).toBe(false);
    expect((await call('GET', '/projects', tokens.access_token)).statusCode).toBe(403);
    expect((await call('GET', '/projects', tokens.access_token)).json().reason).toBeUndefined();
    const sessions = await call('GET', `/users/${user.id}/sessions`, tokens.access_token);
    expect(sessions.statusCode).toBe(200);
  });
});
