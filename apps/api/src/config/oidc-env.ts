import { z } from 'zod';
import { POSITIONS, type Position } from '@staff-admin/shared';

/** Company sign-in with OpenID Connect (issue 35, docs/sso.md): the OIDC_* variables. */
export interface OidcConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The button reads "Sign in with {displayName}". */
  displayName: string;
  scopes: string;
  /** The claim that carries the groups (e.g. `groups`); with OIDC_ROLE_MAP the role follows it. */
  roleClaim: string | undefined;
  provisioning: 'invite' | 'auto';
  /**
   * OIDC_EMAIL_VERIFIED_CLAIM: the claim whose true value says the email is verified (default
   * `email_verified`; `xms_edov` for Microsoft Entra ID). Linking by email needs it.
   */
  emailVerifiedClaim: string;
  /** OIDC_MFA_ACR: an `acr` that counts as two-step. */
  mfaAcr: string | undefined;
  /** http:// is allowed for a loopback issuer only (development and tests). */
  allowInsecureRequests: boolean;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const isLoopback = (url: URL) => LOOPBACK_HOSTS.has(url.hostname);

const issuer = z.string().transform((value, ctx): URL => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be an https:// URL' });
    return z.NEVER;
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url))) return url;
  ctx.addIssue({
    code: 'custom',
    message: 'must be an https:// URL (http:// only on 127.0.0.1, ::1 or localhost)',
  });
  return z.NEVER;
});

const position = z.enum(POSITIONS, { error: `must be one of ${POSITIONS.join(', ')}` });

/** `group=position,…`, e.g. `staff-admins=admin,finance=finance`. */
const roleMap = z.string().transform((value, ctx): Map<string, Position> => {
  const map = new Map<string, Position>();
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = entry.lastIndexOf('=');
    const group = entry.slice(0, at).trim();
    const role = entry.slice(at + 1).trim();
    if (at <= 0 || !group || !(POSITIONS as readonly string[]).includes(role)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be group=position pairs separated by commas, positions from ${POSITIONS.join(', ')} (not ${entry})`,
      });
      return z.NEVER;
    }
    map.set(group, role as Position);
  }
  return map;
});

/** A comma-separated list of email domains, lower-cased. */
const domainList = z.string().transform((value, ctx): string[] => {
  const domains = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const bad = domains.filter((domain) => !/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(domain));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of email domains (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  }
  return [...new Set(domains)];
});

export const oidcEnvSchema = {
  OIDC_ISSUER: issuer.optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_DISPLAY_NAME: z.string().trim().min(1).max(100).default('your company account'),
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .refine((value) => value.split(/\s+/).includes('openid'), { error: 'must include openid' }),
  OIDC_ROLE_CLAIM: z.string().trim().min(1).optional(),
  OIDC_ROLE_MAP: roleMap.optional(),
  OIDC_DEFAULT_ROLE: position.optional(),
  OIDC_PROVISIONING: z
    .enum(['invite', 'auto'], { error: 'must be invite or auto' })
    .default('invite'),
  OIDC_EMAIL_VERIFIED_CLAIM: z
    .string()
    .trim()
    .regex(/^[a-z_][\w.:-]{0,99}$/i, { error: 'must be a claim name, e.g. xms_edov' })
    .default('email_verified'),
  OIDC_MFA_ACR: z.string().trim().min(1).optional(),
  SSO_REQUIRED_DOMAINS: domainList.optional(),
};

type OidcVars = z.output<z.ZodObject<typeof oidcEnvSchema>>;

/** The OIDC configuration, or undefined when none is set; throws a one-line message naming the variable. */
export function buildOidcConfig(vars: OidcVars): OidcConfig | undefined {
  const trio = {
    OIDC_ISSUER: vars.OIDC_ISSUER,
    OIDC_CLIENT_ID: vars.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: vars.OIDC_CLIENT_SECRET,
  };
  const missing = Object.entries(trio)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 3) {
    if (vars.SSO_REQUIRED_DOMAINS?.length) {
      throw new Error(
        'SSO_REQUIRED_DOMAINS needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
      );
    }
    return undefined;
  }
  if (missing.length > 0) {
    const present = Object.keys(trio).filter((name) => !missing.includes(name));
    throw new Error(
      `${missing.join(' and ')} must be set when ${present.join(' and ')} ${present.length > 1 ? 'are' : 'is'} set`,
    );
  }

  const roleMap = vars.OIDC_ROLE_MAP ?? new Map<string, Position>();
  if (roleMap.size > 0 && !vars.OIDC_ROLE_CLAIM) {
    throw new Error('OIDC_ROLE_CLAIM must be set when OIDC_ROLE_MAP is set');
  }
  if (vars.OIDC_PROVISIONING === 'auto' && roleMap.size === 0 && !vars.OIDC_DEFAULT_ROLE) {
    throw new Error(
      "OIDC_PROVISIONING=auto needs OIDC_ROLE_MAP or OIDC_DEFAULT_ROLE (the new account's role)",
    );
  }
  const issuerUrl = vars.OIDC_ISSUER as URL;
  return {
    issuer: issuerUrl,
    clientId: vars.OIDC_CLIENT_ID as string,
    clientSecret: vars.OIDC_CLIENT_SECRET as string,
    displayName: vars.OIDC_DISPLAY_NAME,
    scopes: vars.OIDC_SCOPES,
    roleClaim: vars.OIDC_ROLE_CLAIM,
    provisioning: vars.OIDC_PROVISIONING,
    emailVerifiedClaim: vars.OIDC_EMAIL_VERIFIED_CLAIM,
    mfaAcr: vars.OIDC_MFA_ACR,
    allowInsecureRequests: issuerUrl.protocol === 'http:',
  };
}
