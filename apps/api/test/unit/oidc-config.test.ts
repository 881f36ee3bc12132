import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const SECRET = 'a-configured-secret-of-at-least-32-bytes';
const load = (env: Record<string, string>) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-oidc-config-'));
  dirs.push(dir);
  return loadConfig({ INIT_CWD: dir, AUTH_SECRET: SECRET, ...env });
};
const PROVIDER = {
  OIDC_ISSUER: 'https://login.example.com/realms/staff',
  OIDC_CLIENT_ID: 'staff-admin',
  OIDC_CLIENT_SECRET: 'a-client-secret',
};

function refusal(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('OIDC configuration', () => {
  it('is off without the provider variables', () => {
    const config = load({});
    expect(config.oidc).toBeUndefined();
    expect(config.ssoRequiredDomains).toEqual([]);
  });

  it('applies the defaults', () => {
    const config = load(PROVIDER);
    expect(config.oidc).toEqual({
      issuer: new URL(PROVIDER.OIDC_ISSUER),
      clientId: 'staff-admin',
      clientSecret: 'a-client-secret',
      displayName: 'your company account',
      scopes: 'openid email profile',
      roleClaim: undefined,
      provisioning: 'invite',
      emailVerifiedClaim: 'email_verified',
      mfaAcr: undefined,
      allowInsecureRequests: false,
    });
  });

  it('reads every variable', () => {
    const config = load({
      ...PROVIDER,
      OIDC_DISPLAY_NAME: 'Acme',
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'staff-admins=admin, finance=finance',
      OIDC_DEFAULT_ROLE: 'contractor',
      OIDC_PROVISIONING: 'auto',
      OIDC_MFA_ACR: 'urn:acme:mfa',
      OIDC_EMAIL_VERIFIED_CLAIM: 'xms_edov',
      SSO_REQUIRED_DOMAINS: 'Acme.com, @corp.acme.com',
    });
    expect(config.oidc).toMatchObject({
      displayName: 'Acme',
      scopes: 'openid email profile groups',
      roleClaim: 'groups',
      provisioning: 'auto',
      mfaAcr: 'urn:acme:mfa',
      emailVerifiedClaim: 'xms_edov',
    });
    expect(config.roleMapping).toEqual({
      map: new Map([
        ['staff-admins', 'admin'],
        ['finance', 'finance'],
      ]),
      defaultRole: 'contractor',
    });
    expect(config.ssoRequiredDomains).toEqual(['acme.com', 'corp.acme.com']);
  });

  it('allows http:// only for a loopback issuer, and only then insecure requests', () => {
    for (const issuer of [
      'http://127.0.0.1:4000',
      'http://localhost:4000/x',
      'http://[::1]:4000',
    ]) {
      expect(load({ ...PROVIDER, OIDC_ISSUER: issuer }).oidc?.allowInsecureRequests).toBe(true);
    }
    expect(refusal({ ...PROVIDER, OIDC_ISSUER: 'http://login.example.com' })).toContain(
      'OIDC_ISSUER must be an https:// URL (http:// only on 127.0.0.1, ::1 or localhost)',
    );
  });

  it('refuses bad values with one line that names the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...PROVIDER, OIDC_ISSUER: 'login.example.com' }, 'OIDC_ISSUER must be an https:// URL'],
      [
        { ...PROVIDER, OIDC_EMAIL_VERIFIED_CLAIM: 'email verified' },
        'OIDC_EMAIL_VERIFIED_CLAIM must be a claim name, e.g. xms_edov',
      ],
      [
        { OIDC_ISSUER: PROVIDER.OIDC_ISSUER },
        'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set when OIDC_ISSUER is set',
      ],
      [
        { OIDC_ISSUER: PROVIDER.OIDC_ISSUER, OIDC_CLIENT_ID: 'x' },
        'OIDC_CLIENT_SECRET must be set when OIDC_ISSUER and OIDC_CLIENT_ID are set',
      ],
      [{ ...PROVIDER, OIDC_ROLE_MAP: 'staff=boss' }, 'OIDC_ROLE_MAP must be group=position pairs'],
      [{ ...PROVIDER, OIDC_ROLE_MAP: '=admin' }, 'OIDC_ROLE_MAP must be group=position pairs'],
      [
        { ...PROVIDER, OIDC_ROLE_MAP: 'staff=admin' },
        'OIDC_ROLE_CLAIM must be set when OIDC_ROLE_MAP is set',
      ],
      [{ ...PROVIDER, OIDC_DEFAULT_ROLE: 'boss' }, 'OIDC_DEFAULT_ROLE must be one of admin'],
      [{ ...PROVIDER, OIDC_PROVISIONING: 'open' }, 'OIDC_PROVISIONING must be invite or auto'],
      [{ ...PROVIDER, OIDC_PROVISIONING: 'auto' }, 'OIDC_PROVISIONING=auto needs OIDC_ROLE_MAP'],
      [{ ...PROVIDER, OIDC_SCOPES: 'email' }, 'OIDC_SCOPES must include openid'],
      [
        { ...PROVIDER, SSO_REQUIRED_DOMAINS: 'acme' },
        'SSO_REQUIRED_DOMAINS must be a comma-separated',
      ],
      [{ SSO_REQUIRED_DOMAINS: 'acme.com' }, 'SSO_REQUIRED_DOMAINS needs OIDC_ISSUER'],
    ];
    for (const [env, expected] of cases) {
      expect(refusal(env), JSON.stringify(env)).toContain(expected);
    }
  });
});
