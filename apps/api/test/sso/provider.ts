// The company's identity provider of the SSO API tests: panva's oidc-provider, a real OpenID
// provider on 127.0.0.1, with a login page of ours (one form: who signs in) so that a test decides
// the person's claims, `amr` and `acr`. The test drives it over HTTP as a browser would.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider knows of a person (the claims of their ID token) and how they signed in. */
export interface ProviderPerson {
  email?: string;
  email_verified?: boolean;
  /** Microsoft Entra ID's "email domain owner verified" (an optional claim there). */
  xms_edov?: boolean | string;
  name?: string;
  groups?: string[];
  /** How they authenticated at the provider (RFC 8176), e.g. ['pwd'] or ['pwd', 'mfa']. */
  amr?: string[];
  acr?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people by subject (`sub`); change them between sign-ins. */
  people: Map<string, ProviderPerson>;
  /**
   * From now on another provider answers at this address: one that names another issuer, or one
   * of the same issuer that signs its tokens with a key the issuer's JWKS does not hold
   * (`nobody`: the provider itself again).
   */
  impersonate(kind: 'another-issuer' | 'another-key' | 'nobody'): void;
  close(): Promise<void>;
}

const CLIENT_ID = 'staff-admin';
const CLIENT_SECRET = 'company-provider-secret-of-the-api-tests';
const KEY_ID = 'company-signing-key';

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: KEY_ID, use: 'sig', alg: 'RS256' };
}

function createProvider(issuer: string, redirectUri: string, people: Map<string, ProviderPerson>) {
  return new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [new URL('/auth/login', redirectUri).href],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey()] },
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          const { amr: _amr, acr: _acr, ...claims } = people.get(sub) ?? {};
          return { sub, ...claims };
        },
      };
    },
    claims: {
      // With the openid scope, so that the ID token carries how the person signed in (the login's
      // amr and acr), as the common providers' ID tokens do.
      openid: ['sub', 'acr', 'amr'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['name', 'groups'],
    },
    // The ID token carries the scopes' claims, as the common providers' do.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
  });
}

/** Our login page: GET shows the form, POST `login=<sub>` signs that person in and consents. */
async function interaction(
  provider: Provider,
  people: Map<string, ProviderPerson>,
  request: IncomingMessage,
  response: ServerResponse,
) {
  if (request.method === 'GET') {
    response.setHeader('content-type', 'text/html');
    response.end('<form method="post"><input name="login"><button>Sign in</button></form>');
    return;
  }
  let body = '';
  for await (const chunk of request) body += String(chunk);
  const sub = new URLSearchParams(body).get('login') ?? '';
  const details = await provider.interactionDetails(request, response);
  const grant = new provider.Grant({ accountId: sub, clientId: CLIENT_ID });
  grant.addOIDCScope(String(details.params.scope));
  grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
  const person = people.get(sub) ?? {};
  await provider.interactionFinished(
    request,
    response,
    {
      login: {
        accountId: sub,
        amr: person.amr ?? ['pwd'],
        ...(person.acr ? { acr: person.acr } : {}),
      },
      consent: { grantId: await grant.save() },
    },
    { mergeWithLastSubmission: false },
  );
}

/** Starts the provider for a relying party whose callback is `redirectUri`. */
export async function startProvider(redirectUri: string): Promise<TestProvider> {
  const people = new Map<string, ProviderPerson>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const own = createProvider(issuer, redirectUri, people);
  let current = own;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // The issuer's published keys are always its own.
    const provider = request.url?.startsWith('/jwks') ? own : current;
    if (request.url?.startsWith('/interaction/')) {
      interaction(provider, people, request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    provider.callback()(request, response);
  });
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    people,
    impersonate(kind) {
      current =
        kind === 'nobody'
          ? own
          : createProvider(
              kind === 'another-issuer' ? 'http://127.0.0.1:1' : issuer,
              redirectUri,
              people,
            );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the provider: follows the authorization URL (keeping the provider's cookies),
 * signs in as `sub` on the login page and answers the URL the provider sends the browser back to.
 */
export async function signInAtProvider(authorizationUrl: string, sub: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop += 1) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin) return next;
      url = next;
      init = {};
      continue;
    }
    if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
      await response.text();
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: sub }).toString(),
      };
      continue;
    }
    throw new Error(
      `the provider answered ${response.status} at ${url.href}: ${await response.text()}`,
    );
  }
  throw new Error('the provider never sent the browser back');
}
