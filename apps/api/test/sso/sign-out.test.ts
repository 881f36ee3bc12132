// Sign-out of a company sign-in (issue 35): our session ends, and where the provider offers
// end_session_endpoint the answer says where to send the browser (RP-initiated logout).
import type { LogoutAnswer, SecondStepRequired, TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, getProfile, login, type TestApp } from '../helpers.js';
import { totpCode, twoStepClient } from '../two-step/two-step-client.js';
import { APP_URL, providerAndEnv, ssoSignIn, type TestProvider } from './sso-client.js';

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

const logout = async (accessToken: string) => {
  const response = await t.app.inject({
    method: 'DELETE',
    url: '/api/auth/logout',
    headers: bearer(accessToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: LogoutAnswer }>().data;
};

it("answers the provider's end_session_endpoint for a session started by SSO", async () => {
  const user = await createUser(t, { email: 'leaving@acme.example' });
  provider.people.set('leaving-sub', { email: user.email, email_verified: true });
  const result = await ssoSignIn(t, 'leaving-sub');
  const tokens = (result as { answer: TokenPair }).answer;

  const answer = await logout(tokens.access_token);
  expect((await getProfile(t, tokens.access_token)).statusCode).toBe(401);
  const url = new URL(answer?.endSessionUrl ?? 'about:blank');
  const discovery = (await (
    await fetch(`${provider.issuer}/.well-known/openid-configuration`)
  ).json()) as { end_session_endpoint: string };
  expect(`${url.origin}${url.pathname}`).toBe(discovery.end_session_endpoint);
  expect(url.searchParams.get('client_id')).toBe(provider.clientId);
  expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${APP_URL}/auth/login`);
  // The provider takes it: its sign-out page, not an error.
  const atProvider = await fetch(url);
  expect(atProvider.status).toBe(200);
  expect(await atProvider.text()).toMatch(/logout/i);
});

it("answers the provider's end_session_endpoint after SSO and our own second step", async () => {
  const user = await createUser(t, { email: 'two-step-leaving@acme.example' });
  const client = twoStepClient(() => t);
  const { secret } = await client.enrolTotp((await client.passwordTokens(user)).access_token);
  provider.people.set('two-step-sub', { email: user.email, email_verified: true, amr: ['pwd'] });

  const result = await ssoSignIn(t, 'two-step-sub');
  const { challenge_token } = (result as { answer: SecondStepRequired }).answer.second_step;
  t.clock.advance(30_000);
  const response = await client.secondStep(
    challenge_token,
    'totp',
    totpCode(secret, t.clock.now()),
  );
  expect(response.statusCode, response.body).toBe(200);
  const tokens = response.json<{ data: TokenPair }>().data;

  const answer = await logout(tokens.access_token);
  expect(answer?.endSessionUrl).toMatch(new RegExp(`^${provider.issuer}/`));
  expect(new URL(answer?.endSessionUrl ?? 'about:blank').searchParams.get('client_id')).toBe(
    provider.clientId,
  );
});

it('answers null, as before, for a password sign-in', async () => {
  const user = await createUser(t);
  const response = await login(t, user.email, user.password);
  const tokens = response.json<{ data: TokenPair }>().data;
  expect(await logout(tokens.access_token)).toBeNull();
});
