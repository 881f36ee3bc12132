// The company's identity provider of the SSO browser tests: panva's oidc-provider, the same
// author's counterpart of the openid-client the server uses, on 127.0.0.1 with its own login and
// consent pages (its development interactions). Whatever login is typed there signs in: the
// login is the person's id, and their email unless the test gave them claims of their own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface CompanyPerson {
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
}

export interface CompanyProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people the provider knows, by login; change a person's groups between sign-ins. */
  people: Map<string, CompanyPerson>;
  close: () => Promise<void>;
}

/** Starts the provider for a relying party whose callback is `redirectUri`. */
export async function startCompanyProvider(redirectUri: string): Promise<CompanyProvider> {
  const people = new Map<string, CompanyPerson>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'staff-admin';
  const clientSecret = 'company-provider-secret-for-the-browser-tests';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [new URL('/auth/login', redirectUri).href],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        // openid-client's default client authentication.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          const person = people.get(id) ?? { email: id, email_verified: true };
          return { sub: id, ...person };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The ID token carries the scopes' claims, as the common providers' do.
    conformIdTokenClaims: false,
    cookies: { keys: ['company-provider-cookie-key-for-the-browser-tests'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
