// Company sign-in (issue 35) against a real OpenID provider (./provider.ts): the whole flow, and
// each refusal with the check that makes it.
import type { TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSignedInAdmin,
  createTestApp,
  createUser,
  getProfile,
  insertLinkToken,
  refresh,
  type TestApp,
} from '../helpers.js';
import {
  callback,
  completeCode,
  exchange,
  providerAndEnv,
  signInUntilCallback,
  ssoSignIn,
  start,
  type TestProvider,
} from './sso-client.js';
import { signInAtProvider } from './provider.js';

const ROLE_ENV = {
  OIDC_ROLE_CLAIM: 'groups',
  OIDC_ROLE_MAP: 'staff-admins=admin,finance=finance,staff=contractor',
};

async function ssoApp(env: Record<string, string>) {
  const setup = await providerAndEnv(env);
  const testApp = await createTestApp({ env: setup.env });
  return { provider: setup.provider, t: testApp };
}

/** The audit events of an action, their details parsed. */
async function audited({ db }: Pick<TestApp, 'db'>, action: string) {
  const rows = await db
    .selectFrom('audit_events')
    .select(['target_id', 'details'])
    .where('action', '=', action)
    .execute();
  return rows.map((row) => ({
    targetId: row.target_id,
    details: JSON.parse(row.details ?? '{}') as Record<string, unknown>,
  }));
}

const positionOf = async ({ db }: Pick<TestApp, 'db'>, id: string) =>
  (
    await db
      .selectFrom('users')
      .select(['position', 'status', 'role_from_sso'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).position;

const reasonOf = (location: string) =>
  location.startsWith('/auth/sso-refused?')
    ? new URLSearchParams(location.split('?')[1]).get('reason')
    : `not refused: ${location}`;

let counter = 0;
/** A person known here (an account) and at the provider (their subject), linked by email. */
async function person(
  { t, provider }: { t: TestApp; provider: TestProvider },
  { groups = ['staff'], ...rest }: Parameters<typeof createUser>[1] & { groups?: string[] } = {},
) {
  counter += 1;
  const email = `person${counter}@acme.example`;
  const user = await createUser(t, { email, ...rest });
  const sub = `sub-${counter}`;
  provider.people.set(sub, { email, email_verified: true, groups });
  return { user, sub };
}

describe('invite, roles from the groups claim, no default role', () => {
  let s: { t: TestApp; provider: TestProvider };
  beforeAll(async () => {
    s = await ssoApp(ROLE_ENV);
  });
  afterAll(async () => {
    await s.t.close();
    await s.provider.close();
  });

  it('ends in our own session: the profile, refresh and sign-out work as after a password', async () => {
    const { t, provider } = s;
    const user = await createUser(t, { email: 'grace@acme.example' });
    provider.people.set('grace-sub', {
      email: 'Grace@acme.example',
      email_verified: true,
      groups: ['staff'],
    });

    const { location, browser } = await signInUntilCallback(t, 'grace-sub');
    const code = completeCode(location);
    expect(code, location).toBeDefined();
    const answer = await exchange(t, code as string, browser);
    expect(answer.statusCode).toBe(200);
    const tokens = answer.json<{ data: TokenPair }>().data;

    const profile = await getProfile(t, tokens.access_token);
    expect(profile.json().data).toMatchObject({ id: user.id, email: 'grace@acme.example' });
    const rotated = await refresh(t, tokens.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const { access_token } = rotated.json<{ data: TokenPair }>().data;
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(access_token),
    });
    expect(logout.statusCode).toBe(200);
    expect((await getProfile(t, access_token)).statusCode).toBe(401);
    expect(await audited(t, 'user.sso_linked')).toContainEqual({
      targetId: user.id,
      details: { issuer: provider.issuer },
    });

    // From now on the link (iss, sub) finds the person, even with another email at the provider.
    provider.people.set('grace-sub', { email: 'grace.h@elsewhere.example', groups: ['staff'] });
    expect(await ssoSignIn(t, 'grace-sub')).toHaveProperty('answer.access_token');
  });

  it('passes the page first asked for on to the landing page, when it is a page of this site', async () => {
    const { t } = s;
    const { sub } = await person(s);
    const landing = async (returnTo: string) => {
      const { location } = await signInUntilCallback(t, sub, undefined, returnTo);
      expect(completeCode(location), location).toBeDefined();
      return new URLSearchParams(location.split('?')[1]).get('returnTo');
    };
    expect(await landing('/budgeting?month=2026-03#top')).toBe('/budgeting?month=2026-03#top');
    for (const elsewhere of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/auth/two-step',
    ]) {
      expect(await landing(elsewhere), elsewhere).toBeNull();
    }
  });

  it('refuses a wrong state', async () => {
    const { t } = s;
    const { sub } = await person(s);
    const { authorizationUrl, browser } = await start(t);
    const back = await signInAtProvider(authorizationUrl, sub);
    back.searchParams.set('state', 'a-state-we-never-gave');
    expect(reasonOf(await callback(t, back, browser))).toBe('invalid_request');
    expect(await audited(t, 'auth.sso_refused')).toContainEqual({
      targetId: null,
      details: { reason: 'invalid_request', detail: 'unknown state' },
    });
  });

  it('refuses a replayed callback and a replayed exchange', async () => {
    const { t } = s;
    const { sub } = await person(s);
    const { back, browser, location } = await signInUntilCallback(t, sub);
    expect(reasonOf(await callback(t, back, browser))).toBe('invalid_request');

    const code = completeCode(location) as string;
    expect((await exchange(t, code, browser)).statusCode).toBe(200);
    const again = await exchange(t, code, browser);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 400,
      message: 'This sign-in link is no longer valid. Please sign in again.',
    });
  });

  it('refuses a callback or an exchange without the binding cookie of the browser that started', async () => {
    const { t } = s;
    const { sub } = await person(s);
    const { authorizationUrl } = await start(t);
    const back = await signInAtProvider(authorizationUrl, sub);
    expect(reasonOf(await callback(t, back, undefined))).toBe('invalid_request');
    const other = await start(t);
    const backAgain = await signInAtProvider(other.authorizationUrl, sub);
    const { browser: stranger } = await start(t);
    expect(reasonOf(await callback(t, backAgain, stranger))).toBe('invalid_request');
    expect(await audited(t, 'auth.sso_refused')).toContainEqual({
      targetId: null,
      details: { reason: 'invalid_request', detail: 'another browser' },
    });

    const { location, browser } = await signInUntilCallback(t, sub);
    const code = completeCode(location) as string;
    expect((await exchange(t, code)).statusCode).toBe(400);
    const { location: next } = await signInUntilCallback(t, sub);
    expect((await exchange(t, completeCode(next) as string, stranger)).statusCode).toBe(400);
    expect(browser).toBeDefined();
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const { t } = s;
    const { sub } = await person(s);
    const { location } = await signInUntilCallback(t, sub, (url) =>
      url.searchParams.set('nonce', 'a-nonce-of-another-sign-in'),
    );
    expect(reasonOf(location)).toBe('invalid_request');
    const details = (await audited(t, 'auth.sso_refused')).map((event) => event.details.detail);
    expect(details.some((detail) => /nonce/.test(String(detail)))).toBe(true);
  });

  it('refuses a provider that answers as another issuer', async () => {
    const { t, provider } = s;
    const { sub } = await person(s);
    const { authorizationUrl, browser } = await start(t);
    provider.impersonate('another-issuer');
    try {
      const back = await signInAtProvider(authorizationUrl, sub);
      expect(reasonOf(await callback(t, back, browser))).toBe('invalid_request');
    } finally {
      provider.impersonate('nobody');
    }
  });

  it("refuses an ID token signed by a key that is not in the issuer's JWKS", async () => {
    const { t, provider } = s;
    const { sub } = await person(s);
    const { authorizationUrl, browser } = await start(t);
    provider.impersonate('another-key');
    try {
      const back = await signInAtProvider(authorizationUrl, sub);
      expect(reasonOf(await callback(t, back, browser))).toBe('invalid_request');
    } finally {
      provider.impersonate('nobody');
    }
    const details = (await audited(t, 'auth.sso_refused')).map((event) => event.details.detail);
    expect(details.some((detail) => /signature/i.test(String(detail)))).toBe(true);
  });

  it('does not link by an email the provider has not verified', async () => {
    const { t, provider } = s;
    const { user, sub } = await person(s);
    provider.people.set(sub, { email: user.email, email_verified: false, groups: ['staff'] });
    const { location } = await signInUntilCallback(t, sub);
    expect(reasonOf(location)).toBe('email_not_verified');
    expect(await audited(t, 'user.sso_linked')).not.toContainEqual(
      expect.objectContaining({ targetId: user.id }),
    );
  });

  it('does not let a second subject with the same email take over a linked account', async () => {
    const { t, provider } = s;
    const { user, sub } = await person(s);
    expect(await ssoSignIn(t, sub)).toHaveProperty('answer.access_token');
    provider.people.set('impostor', { email: user.email, email_verified: true, groups: ['staff'] });
    expect(await ssoSignIn(t, 'impostor')).toEqual({ refused: 'no_account' });
  });

  it('refuses a person in no mapped group', async () => {
    const { t } = s;
    const { user, sub } = await person(s, { groups: ['canteen'] });
    expect(await ssoSignIn(t, sub)).toEqual({ refused: 'no_role' });
    expect(await positionOf(t, user.id)).toBe('contractor');
  });

  it('refuses a deactivated account', async () => {
    const { t } = s;
    const { sub } = await person(s, { status: 'inactive' });
    expect(await ssoSignIn(t, sub)).toEqual({ refused: 'inactive' });
  });

  it('refuses a person without an account here (invite)', async () => {
    const { t, provider } = s;
    provider.people.set('stranger', {
      email: 'stranger@acme.example',
      email_verified: true,
      groups: ['staff'],
    });
    expect(await ssoSignIn(t, 'stranger')).toEqual({ refused: 'no_account' });
  });

  it("completes an invited person's set-up; an expired invitation is refused", async () => {
    const { t } = s;
    const invited = await person(s, { status: 'pending' });
    await insertLinkToken(t, invited.user.id, 'confirmation_token');
    expect(await ssoSignIn(t, invited.sub)).toHaveProperty('answer.access_token');
    const row = await t.db
      .selectFrom('one_time_tokens')
      .select('used_at')
      .where('user_id', '=', invited.user.id)
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    const { status } = await t.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', invited.user.id)
      .executeTakeFirstOrThrow();
    expect(status).toBe('active');

    const late = await person(s, { status: 'pending' });
    await insertLinkToken(t, late.user.id, 'confirmation_token', 1000);
    t.clock.advance(2000);
    expect(await ssoSignIn(t, late.sub)).toEqual({ refused: 'no_account' });
  });

  it('sets the role from the claim at every sign-in, audited with the claim; a claim gone is refused', async () => {
    const { t, provider } = s;
    const { user, sub } = await person(s, { groups: ['finance'] });
    expect(await ssoSignIn(t, sub)).toHaveProperty('answer.access_token');
    expect(await positionOf(t, user.id)).toBe('finance');
    expect(await audited(t, 'user.position_changed')).toContainEqual({
      targetId: user.id,
      details: { from: 'contractor', to: 'finance', claim: 'finance', source: 'sso' },
    });

    provider.people.set(sub, { email: user.email, email_verified: true, groups: [] });
    expect(await ssoSignIn(t, sub)).toEqual({ refused: 'no_role' });
    expect(await positionOf(t, user.id)).toBe('finance');
  });

  it('keeps a role that follows the claim from being changed by hand (409), and says so', async () => {
    const { t } = s;
    const { user, sub } = await person(s, { groups: ['staff'] });
    const admin = await createSignedInAdmin(t);
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        headers: bearer(admin.tokens.access_token),
        payload,
      });
    expect((await patch({ fullName: 'Before Sso' })).statusCode).toBe(200);
    expect(await ssoSignIn(t, sub)).toHaveProperty('answer.access_token');

    const refused = await patch({ position: 'finance' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 409,
      message:
        "This user's role is managed by the company sign-in: change their group at the company's identity provider.",
    });
    expect(await positionOf(t, user.id)).toBe('contractor');
    const renamed = await patch({ fullName: 'After Sso', position: 'contractor' });
    expect(renamed.statusCode).toBe(200);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: bearer(admin.tokens.access_token),
    });
    expect(shown.json().data).toMatchObject({ fullName: 'After Sso', managedBySso: true });
  });

  it('refuses, and audits, a sign-in that would demote the last active admin', async () => {
    const { t, provider } = s;
    const { user, sub } = await person(s, { position: 'admin', groups: ['staff-admins'] });
    await t.db
      .updateTable('users')
      .set({ position: 'contractor' })
      .where('position', '=', 'admin')
      .where('id', '!=', user.id)
      .execute();
    expect(await ssoSignIn(t, sub)).toHaveProperty('answer.access_token');

    provider.people.set(sub, { email: user.email, email_verified: true, groups: ['finance'] });
    expect(await ssoSignIn(t, sub)).toEqual({ refused: 'last_admin' });
    expect(await positionOf(t, user.id)).toBe('admin');
    expect(await audited(t, 'auth.sso_refused')).toContainEqual({
      targetId: null,
      details: { reason: 'last_admin' },
    });
  });
});

describe('auto provisioning with a default role', () => {
  let s: { t: TestApp; provider: TestProvider };
  beforeAll(async () => {
    s = await ssoApp({
      ...ROLE_ENV,
      OIDC_PROVISIONING: 'auto',
      OIDC_DEFAULT_ROLE: 'contractor',
    });
  });
  afterAll(async () => {
    await s.t.close();
    await s.provider.close();
  });

  it('gives an unknown person with a mapped group an account, audited user.provisioned', async () => {
    const { t, provider } = s;
    provider.people.set('newcomer', {
      email: 'newcomer@acme.example',
      email_verified: true,
      name: 'New Comer',
      groups: ['finance'],
    });
    const result = await ssoSignIn(t, 'newcomer');
    expect(result).toHaveProperty('answer.access_token');
    const tokens = (result as { answer: TokenPair }).answer;
    const profile = (await getProfile(t, tokens.access_token)).json().data;
    expect(profile).toMatchObject({
      email: 'newcomer@acme.example',
      fullName: 'New Comer',
      position: 'finance',
      managedBySso: true,
    });
    expect(await audited(t, 'user.provisioned')).toContainEqual({
      targetId: profile.id,
      details: { issuer: provider.issuer, position: 'finance' },
    });
  });

  it('gives the default role when the mapped group is gone at the provider', async () => {
    const { t, provider } = s;
    const { user, sub } = await person(s, { groups: ['finance'] });
    expect(await ssoSignIn(t, sub)).toHaveProperty('answer.access_token');
    expect(await positionOf(t, user.id)).toBe('finance');
    provider.people.set(sub, { email: user.email, email_verified: true, groups: ['canteen'] });
    expect(await ssoSignIn(t, sub)).toHaveProperty('answer.access_token');
    expect(await positionOf(t, user.id)).toBe('contractor');
  });
});
