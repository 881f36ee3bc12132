import type { SecondStepRequired, TokenPair, TotpSetup } from '@staff-admin/shared';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { bearer, login, type TestApp, type TestUser } from '../helpers.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The code an authenticator app shows for this secret at `epochMs`. */
export const totpCode = (secret: string, epochMs: number): string =>
  new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  }).generate({ timestamp: epochMs });

/** The two-step calls of one test app: any answer, a 2xx answer's data, and whole flows. */
export function twoStepClient(t: () => TestApp) {
  const call = (method: Method, url: string, token?: string, payload?: object) =>
    t().app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function ok<T>(method: Method, url: string, token?: string, payload?: object) {
    const response = await call(method, url, token, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ data: T }>().data;
  }

  /** POST /auth/login for an account with a factor: the challenge. */
  async function challenge(user: TestUser) {
    const response = await login(t(), user.email, user.password);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: SecondStepRequired }>().data;
    expect(data.second_step).toBeDefined();
    return data.second_step;
  }

  const secondStep = (challengeToken: string, method: 'totp' | 'recovery_code', code: string) =>
    call('POST', '/auth/login/second-step', undefined, {
      challenge_token: challengeToken,
      method,
      code,
    });

  /** Signs in with the password only (an account without a factor): the token pair. */
  async function passwordTokens(user: TestUser): Promise<TokenPair> {
    const response = await login(t(), user.email, user.password);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: TokenPair }>().data;
  }

  /** Turns the authenticator on: its secret and the recovery codes. */
  async function enrolTotp(accessToken: string) {
    const setup = await ok<TotpSetup>('POST', '/users/profile/two-step/totp', accessToken);
    const { recoveryCodes } = await ok<{ recoveryCodes: string[] }>(
      'POST',
      '/users/profile/two-step/totp/confirm',
      accessToken,
      { code: totpCode(setup.secret, t().clock.now()) },
    );
    return { secret: setup.secret, recoveryCodes };
  }

  /**
   * Signs in with password and authenticator code. The clock moves a step first, so the code's
   * step is newer than any used before (replay).
   */
  async function signInWithTotp(user: TestUser, secret: string): Promise<TokenPair> {
    t().clock.advance(30_000);
    const { challenge_token } = await challenge(user);
    const response = await secondStep(challenge_token, 'totp', totpCode(secret, t().clock.now()));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: TokenPair }>().data;
  }

  return { call, ok, challenge, secondStep, passwordTokens, enrolTotp, signInWithTotp };
}
