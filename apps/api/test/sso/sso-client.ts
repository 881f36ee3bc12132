// The browser's side of a company sign-in against the real app: start, the provider's login page,
// the callback, the exchange, with the binding cookie kept as a browser keeps it.
import type { LoginAnswer } from '@staff-admin/shared';
import type { TestApp } from '../helpers.js';
import { signInAtProvider, startProvider, type TestProvider } from './provider.js';

export const APP_URL = 'http://staff-admin.test';
export const CALLBACK_URL = `${APP_URL}/api/auth/oidc/callback`;

/** A provider, and the env that points the app at it (more variables on top). */
export async function providerAndEnv(env: Record<string, string> = {}) {
  const provider = await startProvider(CALLBACK_URL);
  return {
    provider,
    env: {
      APP_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_DISPLAY_NAME: 'Acme',
      ...env,
    },
  };
}

const cookieValue = (setCookie: string | string[] | undefined) =>
  /sso_browser=([^;]+)/.exec(String(setCookie ?? ''))?.[1];

/** GET /auth/oidc/start: the provider's authorization URL and the binding cookie. */
export async function start({ app }: Pick<TestApp, 'app'>, returnTo?: string) {
  const query = returnTo === undefined ? '' : `?${new URLSearchParams({ returnTo }).toString()}`;
  const response = await app.inject({ method: 'GET', url: `/api/auth/oidc/start${query}` });
  if (response.statusCode !== 302) throw new Error(`start answered ${response.statusCode}`);
  return {
    authorizationUrl: String(response.headers.location),
    browser: cookieValue(response.headers['set-cookie']),
  };
}

/** GET /auth/oidc/callback with the provider's answer; the site's path it sends the browser to. */
export async function callback(
  { app }: Pick<TestApp, 'app'>,
  url: URL,
  browser: string | undefined,
): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: browser ? { cookie: `sso_browser=${browser}` } : {},
  });
  if (response.statusCode !== 302) {
    throw new Error(`callback answered ${response.statusCode}: ${response.body}`);
  }
  return String(response.headers.location);
}

export const exchange = ({ app }: Pick<TestApp, 'app'>, code: string, browser?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/oidc/exchange',
    payload: { code },
    headers: browser ? { cookie: `sso_browser=${browser}` } : {},
  });

/** The one-time code of `/auth/sso/complete?code=…`, or undefined for another path. */
export const completeCode = (location: string) =>
  location.startsWith('/auth/sso/complete?')
    ? (new URLSearchParams(location.split('?')[1]).get('code') ?? undefined)
    : undefined;

/** Start, the provider's login as `sub`, the callback: where the browser lands, and its cookie. */
export async function signInUntilCallback(
  testApp: Pick<TestApp, 'app'>,
  sub: string,
  tamper: (authorizationUrl: URL) => void = () => {},
  returnTo?: string,
) {
  const { authorizationUrl, browser } = await start(testApp, returnTo);
  const url = new URL(authorizationUrl);
  tamper(url);
  const back = await signInAtProvider(url.href, sub);
  return { back, browser, location: await callback(testApp, back, browser) };
}

/** The whole company sign-in as `sub`: the login answer, or the refusal page's reason. */
export async function ssoSignIn(
  testApp: Pick<TestApp, 'app'>,
  sub: string,
): Promise<{ answer: LoginAnswer } | { refused: string }> {
  const { location, browser } = await signInUntilCallback(testApp, sub);
  const code = completeCode(location);
  if (!code) {
    return { refused: new URLSearchParams(location.split('?')[1]).get('reason') ?? location };
  }
  const response = await exchange(testApp, code, browser);
  if (response.statusCode !== 200) throw new Error(`exchange answered ${response.statusCode}`);
  return { answer: response.json<{ data: LoginAnswer }>().data };
}

export type { TestProvider };
