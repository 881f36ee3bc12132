// Company sign-in and two-step sign-in (issue 35): for a role in MFA_REQUIRED_ROLES, SSO counts as
// two-step only when the provider asserts it (`amr` mfa/otp/hwk/swk, or `acr` = OIDC_MFA_ACR);
// otherwise our own second step follows, or the forced set-up, as after a password.
import type { LoginAnswer, TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp } from '../helpers.js';
import { twoStepClient } from '../two-step/two-step-client.js';
import { providerAndEnv, ssoSignIn, type TestProvider } from './sso-client.js';

const MFA_ACR = 'urn:acme:loa:mfa';

let t: TestApp;
let provider: TestProvider;
beforeAll(async () => {
  const setup = await providerAndEnv({ MFA_REQUIRED_ROLES: 'admin', OIDC_MFA_ACR: MFA_ACR });
  provider = setup.provider;
  t = await createTestApp({ env: setup.env });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const client = twoStepClient(() => t);

let counter = 0;
/** An admin known here and at the provider, who signs in there with `amr` and `acr`. */
async function admin(login: { amr?: string[]; acr?: string } = {}) {
  counter += 1;
  const email = `mfa-admin${counter}@acme.example`;
  const user = await createUser(t, { email, position: 'admin' });
  const sub = `mfa-sub-${counter}`;
  provider.people.set(sub, { email, email_verified: true, ...login });
  return { user, sub };
}

async function signIn(sub: string): Promise<LoginAnswer> {
  const result = await ssoSignIn(t, sub);
  if (!('answer' in result)) throw new Error(`refused: ${result.refused}`);
  return result.answer;
}

/** A route that is not open during the forced set-up: 200, or 403 two_step_setup_required. */
const usersList = (tokens: TokenPair) =>
  t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(tokens.access_token) });

describe('SSO and MFA_REQUIRED_ROLES', () => {
  it('a password-only sign-in at the provider leads to the forced set-up, as after a password', async () => {
    const { sub } = await admin({ amr: ['pwd'] });
    const answer = (await signIn(sub)) as TokenPair;
    const blocked = await usersList(answer);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ reason: 'two_step_setup_required' });
  });

  it.each(['mfa', 'otp', 'hwk', 'swk'])(
    'amr holding %s counts as two-step for that session: no forced set-up',
    async (method) => {
      const { sub } = await admin({ amr: ['pwd', method] });
      const answer = (await signIn(sub)) as TokenPair;
      expect((await usersList(answer)).statusCode).toBe(200);
    },
  );

  it('acr equal to OIDC_MFA_ACR counts as two-step; another acr does not', async () => {
    const strong = await admin({ amr: ['pwd'], acr: MFA_ACR });
    expect((await usersList((await signIn(strong.sub)) as TokenPair)).statusCode).toBe(200);

    const weak = await admin({ amr: ['pwd'], acr: 'urn:acme:loa:password' });
    const blocked = await usersList((await signIn(weak.sub)) as TokenPair);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ reason: 'two_step_setup_required' });
  });

  it('the assertion belongs to the session: a later password-only sign-in is forced again', async () => {
    const { sub } = await admin({ amr: ['mfa'] });
    const strong = (await signIn(sub)) as TokenPair;
    provider.people.set(sub, { ...provider.people.get(sub), amr: ['pwd'] });
    const weak = (await signIn(sub)) as TokenPair;
    expect((await usersList(weak)).statusCode).toBe(403);
    expect((await usersList(strong)).statusCode).toBe(200);
  });

  it('a person with a factor of ours gets our second step, unless the provider asserted MFA', async () => {
    const { user, sub } = await admin({ amr: ['pwd'] });
    const tokens = await client.passwordTokens(user);
    await client.enrolTotp(tokens.access_token);

    const answer = await signIn(sub);
    expect(answer).toHaveProperty('second_step.challenge_token');
    expect(answer).not.toHaveProperty('access_token');

    provider.people.set(sub, { ...provider.people.get(sub), amr: ['pwd', 'hwk'] });
    expect(await signIn(sub)).toHaveProperty('access_token');
  });
});
