// Monitoring › Overview shows the company's identity provider (issue 35, item 8): discovery
// reachable, the last SSO sign-in, the refusals of the last 24 hours; a provider down degrades
// (warn), never fails; nothing of it without SSO.
import type { Overview } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, loginTokens, type TestApp } from '../helpers.js';
import { providerAndEnv, ssoSignIn, type TestProvider } from './sso-client.js';

const DAY = 24 * 60 * 60_000;

async function overview(t: TestApp): Promise<Overview> {
  const admin = await createUser(t, { position: 'admin' });
  const { access_token } = await loginTokens(t, admin);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/monitoring/overview',
    headers: bearer(access_token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Overview }>().data;
}

const providerCheck = (data: Overview) => data.checks.find((c) => c.name === 'identityProvider');

describe('with a provider up', () => {
  let t: TestApp;
  let provider: TestProvider;
  beforeAll(async () => {
    const setup = await providerAndEnv();
    provider = setup.provider;
    t = await createTestApp({ env: setup.env });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('is reachable, with no sign-in and no refusal yet', async () => {
    const data = await overview(t);
    expect(data.identityProvider).toEqual({
      displayName: 'Acme',
      reachable: true,
      lastFailure: null,
      lastSignInAt: null,
      refusals24h: 0,
    });
    expect(providerCheck(data)).toMatchObject({ status: 'pass', output: 'reachable' });
  });

  it('says when someone last signed in by SSO and counts the refusals of the last 24 hours', async () => {
    const user = await createUser(t, { email: 'monitored@acme.example' });
    provider.people.set('monitored-sub', { email: user.email, email_verified: true });
    expect(await ssoSignIn(t, 'monitored-sub')).toHaveProperty('answer');
    const signedInAt = new Date(t.clock.now()).toISOString();
    provider.people.set('stranger-sub', { email: 'stranger@acme.example', email_verified: true });
    expect(await ssoSignIn(t, 'stranger-sub')).toEqual({ refused: 'no_account' });

    const data = await overview(t);
    expect(data.identityProvider?.lastSignInAt).toBe(signedInAt);
    expect(data.identityProvider?.refusals24h).toBe(1);

    t.clock.advance(DAY + 1);
    expect((await overview(t)).identityProvider?.refusals24h).toBe(0);
  });
});

describe('with a provider down', () => {
  let t: TestApp;
  let clientSecret: string;
  beforeAll(async () => {
    const setup = await providerAndEnv();
    clientSecret = setup.provider.clientSecret;
    const issuer = setup.provider.issuer;
    await setup.provider.close();
    t = await createTestApp({ env: { ...setup.env, OIDC_ISSUER: issuer } });
  });
  afterAll(() => t.close());

  it('is not reachable, with the failure; the site is degraded (warn), not down', async () => {
    const data = await overview(t);
    expect(data.identityProvider).toMatchObject({ reachable: false, lastSignInAt: null });
    expect(data.identityProvider?.lastFailure?.at).toBe(new Date(t.clock.now()).toISOString());
    expect(data.identityProvider?.lastFailure?.message).toMatch(/\S/);
    expect(JSON.stringify(data.identityProvider)).not.toContain(clientSecret);
    expect(providerCheck(data)).toMatchObject({
      status: 'warn',
      at: data.identityProvider?.lastFailure?.at,
    });
    expect(data.status).not.toBe('fail');
  });
});

describe('without SSO', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no identity provider, neither the status nor the check', async () => {
    const data = await overview(t);
    expect(data).not.toHaveProperty('identityProvider');
    expect(providerCheck(data)).toBeUndefined();
  });
});
