import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import {
  TWO_STEP_MESSAGES,
  type SecondStepRequired,
  type TokenPair,
  type TwoStepStatus,
} from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createLogger } from '../../src/lib/logger.js';
import { relyingPartyOf } from '../../src/modules/two-step/passkeys.service.js';
import { bearer, createTestApp, createUser, type TestApp } from '../helpers.js';
import { SoftwareAuthenticator } from './software-authenticator.js';

/**
 * Browsers refuse an IP address as a WebAuthn relying party (issue 33, item 9): with APP_URL on
 * one, the server says so at start, tells the site passkeys are unavailable, and offers none.
 */

let byName: TestApp;
/** A second app on the same database, reached at an IP address. */
let byIp: Awaited<ReturnType<typeof buildApp>>;
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  byName = await createTestApp();
  const config = { ...byName.config, appUrl: 'http://192.168.1.20:3000' };
  const logger = createLogger('warn', { write: (line: string) => logLines.push(JSON.parse(line)) });
  byIp = await buildApp(config, { database: byName.database, logger, clock: byName.clock });
  await byIp.ready();
});
afterAll(async () => {
  await byIp?.close();
  await byName?.close();
});

const tokensOf = async (app: TestApp | { app: typeof byIp }, email: string, password: string) => {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TokenPair | SecondStepRequired }>().data;
};

describe('passkeys when APP_URL is an IP address', () => {
  it('knows an IP address, v4 or v6, from a host name', () => {
    expect(relyingPartyOf('http://192.168.1.20:3000').usable).toBe(false);
    expect(relyingPartyOf('http://[::1]:3000').usable).toBe(false);
    expect(relyingPartyOf('http://localhost:3000').usable).toBe(true);
    expect(relyingPartyOf('https://staff.example.com').usable).toBe(true);
  });

  it('says so in one warning line at start', () => {
    const warnings = logLines.filter((line) => line.level === 40 && /APP_URL/.test(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain('192.168.1.20 is an IP address');
  });

  it('tells the site passkeys are unavailable, and refuses their options with the reason', async () => {
    const user = await createUser(byName);
    const tokens = (await tokensOf({ app: byIp }, user.email, user.password)) as TokenPair;
    const auth = bearer(tokens.access_token);
    const status = await byIp.inject({
      method: 'GET',
      url: '/api/users/profile/two-step',
      headers: auth,
    });
    expect(status.json<{ data: TwoStepStatus }>().data.passkeysAvailable).toBe(false);
    const options = await byIp.inject({
      method: 'POST',
      url: '/api/users/profile/passkeys/options',
      headers: auth,
    });
    expect(options.statusCode).toBe(409);
    expect(options.json()).toEqual({ code: 409, message: TWO_STEP_MESSAGES.passkeysNeedHostName });

    // Reached by a host name, the same account may add one.
    const named = (await tokensOf(byName, user.email, user.password)) as TokenPair;
    const namedStatus = await byName.app.inject({
      method: 'GET',
      url: '/api/users/profile/two-step',
      headers: bearer(named.access_token),
    });
    expect(namedStatus.json<{ data: TwoStepStatus }>().data.passkeysAvailable).toBe(true);
  });

  it('offers no passkey step at sign-in there, only the account’s other ways', async () => {
    // A passkey added while the site was reached by its host name.
    const user = await createUser(byName);
    const tokens = (await tokensOf(byName, user.email, user.password)) as TokenPair;
    const auth = bearer(tokens.access_token);
    const options = await byName.app.inject({
      method: 'POST',
      url: '/api/users/profile/passkeys/options',
      headers: auth,
    });
    const device = new SoftwareAuthenticator({ origin: byName.config.appUrl });
    const added = await byName.app.inject({
      method: 'POST',
      url: '/api/users/profile/passkeys',
      headers: auth,
      payload: {
        name: 'Laptop',
        response: device.register(
          options.json<{ data: PublicKeyCredentialCreationOptionsJSON }>().data,
        ) as unknown as Record<string, unknown>,
      },
    });
    expect(added.statusCode, added.body).toBe(201);

    const byNameStep = (await tokensOf(byName, user.email, user.password)) as SecondStepRequired;
    expect(byNameStep.second_step.methods).toEqual(['passkey', 'recovery_code']);
    const byIpStep = (await tokensOf(
      { app: byIp },
      user.email,
      user.password,
    )) as SecondStepRequired;
    expect(byIpStep.second_step.methods).toEqual(['recovery_code']);
    const refused = await byIp.inject({
      method: 'POST',
      url: '/api/auth/login/passkey-options',
      payload: { challenge_token: byIpStep.second_step.challenge_token },
    });
    expect(refused.statusCode).toBe(409);
  });
});
