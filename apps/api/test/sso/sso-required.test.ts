// SSO_REQUIRED_DOMAINS (issue 35): the password ways in are closed to those domains' staff, except
// the break-glass first admin from ADMIN_EMAIL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  login,
  loginTokens,
  TEST_PASSWORD,
  type TestApp,
} from '../helpers.js';
import { providerAndEnv, ssoSignIn, type TestProvider } from './sso-client.js';

const REFUSAL = { code: 403, message: 'Use Sign in with Acme.' };
const BREAK_GLASS = 'root@acme.example';

let provider: TestProvider;
let t: TestApp;

beforeAll(async () => {
  const setup = await providerAndEnv({
    SSO_REQUIRED_DOMAINS: 'acme.example',
    ADMIN_EMAIL: BREAK_GLASS,
    ADMIN_PASSWORD: 'Break-Glass-Password-9',
  });
  provider = setup.provider;
  t = await createTestApp({ env: setup.env });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const forgot = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, headers });

describe('SSO_REQUIRED_DOMAINS', () => {
  it('refuses the password sign-in of those domains (any case), whether or not the account exists', async () => {
    const user = await createUser(t, { email: 'ann@acme.example' });
    for (const email of [user.email, 'ANN@Acme.Example', 'nobody@acme.example']) {
      const response = await login(t, email, TEST_PASSWORD);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REFUSAL);
    }
    // The same person comes in by the company sign-in.
    provider.people.set('ann', { email: user.email, email_verified: true });
    expect(await ssoSignIn(t, 'ann')).toHaveProperty('answer.access_token');
  });

  it('refuses a forgotten password of those domains, also when an admin asks', async () => {
    await createUser(t, { email: 'bob@acme.example' });
    expect((await forgot('bob@acme.example')).json()).toEqual(REFUSAL);
    const admin = await createUser(t, { email: 'admin@other.example', position: 'admin' });
    const { access_token } = await loginTokens(t, admin);
    const asAdmin = await forgot('bob@acme.example', bearer(access_token));
    expect(asAdmin.statusCode).toBe(403);
    expect(await t.db.selectFrom('one_time_tokens').select('id').execute()).toEqual([]);
  });

  it('refuses a change of password to a person of those domains signed in by SSO', async () => {
    const user = await createUser(t, { email: 'cid@acme.example' });
    provider.people.set('cid', { email: user.email, email_verified: true });
    const result = await ssoSignIn(t, 'cid');
    const { access_token } = (result as { answer: { access_token: string } }).answer;
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/change-password',
      headers: bearer(access_token),
      payload: {
        password: TEST_PASSWORD,
        newPassword: 'Another-Horse-42',
        confirmNewPassword: 'Another-Horse-42',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REFUSAL);
  });

  it('keeps the password for other domains and for the break-glass admin of ADMIN_EMAIL', async () => {
    const other = await createUser(t, { email: 'dee@other.example' });
    expect((await login(t, other.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await forgot(other.email)).statusCode).toBe(200);
    // The account ensureFirstAdmin makes from ADMIN_EMAIL when the server starts on no users.
    await createUser(t, {
      email: BREAK_GLASS,
      password: 'Break-Glass-Password-9',
      position: 'admin',
    });
    const root = await login(t, BREAK_GLASS, 'Break-Glass-Password-9');
    expect(root.statusCode).toBe(200);
    expect((await forgot(BREAK_GLASS)).statusCode).toBe(200);
  });
});
