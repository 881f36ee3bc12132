// Which claim says a person's email is verified (issue 35): linking an account by email on a first
// company sign-in needs it. Microsoft Entra ID sends no email_verified; its optional claim
// xms_edov counts only when the operator names it in OIDC_EMAIL_VERIFIED_CLAIM.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../helpers.js';
import type { ProviderPerson } from './provider.js';
import { providerAndEnv, ssoSignIn, type TestProvider } from './sso-client.js';

let counter = 0;
/** A first sign-in of an account known here by its email, the provider saying `claims`. */
async function firstSignIn(
  { t, provider }: { t: TestApp; provider: TestProvider },
  claims: Omit<ProviderPerson, 'email'>,
) {
  counter += 1;
  const email = `entra${counter}@acme.example`;
  await createUser(t, { email });
  provider.people.set(`entra-sub-${counter}`, { email, ...claims });
  return ssoSignIn(t, `entra-sub-${counter}`);
}

function suite(env: Record<string, string>) {
  const s = {} as { t: TestApp; provider: TestProvider };
  beforeAll(async () => {
    const setup = await providerAndEnv(env);
    s.provider = setup.provider;
    s.t = await createTestApp({ env: setup.env });
  });
  afterAll(async () => {
    await s.t.close();
    await s.provider.close();
  });
  return s;
}

describe('by default: email_verified', () => {
  const s = suite({});

  it('refuses an email without email_verified, even with xms_edov true', async () => {
    expect(await firstSignIn(s, {})).toEqual({ refused: 'email_not_verified' });
    expect(await firstSignIn(s, { xms_edov: true })).toEqual({ refused: 'email_not_verified' });
  });

  it('links on email_verified true', async () => {
    expect(await firstSignIn(s, { email_verified: true })).toHaveProperty('answer.access_token');
  });
});

describe('OIDC_EMAIL_VERIFIED_CLAIM=xms_edov (Microsoft Entra ID)', () => {
  const s = suite({ OIDC_EMAIL_VERIFIED_CLAIM: 'xms_edov' });

  it('refuses when the claim is absent or false', async () => {
    expect(await firstSignIn(s, {})).toEqual({ refused: 'email_not_verified' });
    expect(await firstSignIn(s, { xms_edov: false })).toEqual({ refused: 'email_not_verified' });
    expect(await firstSignIn(s, { xms_edov: '0' })).toEqual({ refused: 'email_not_verified' });
  });

  it('takes only the named claim: email_verified true alone is refused', async () => {
    expect(await firstSignIn(s, { email_verified: true })).toEqual({
      refused: 'email_not_verified',
    });
  });

  it.each([true, '1'])('links on xms_edov %s', async (value) => {
    expect(await firstSignIn(s, { xms_edov: value })).toHaveProperty('answer.access_token');
  });
});
