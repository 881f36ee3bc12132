import { normalizeEmail, ssoRequiredMessage } from '@staff-admin/shared';
import type { Config } from '../../config/env.js';
import { forbidden } from '../../lib/errors.js';

/**
 * SSO_REQUIRED_DOMAINS (issue 35): staff of these email domains sign in with the company's
 * provider only, so the password ways in (sign-in, forgotten password, change of password) are
 * closed to them. The first admin from ADMIN_EMAIL is never forced: the break-glass account that
 * keeps the site reachable while the provider is down.
 */
export class SsoRequirement {
  private readonly domains: ReadonlySet<string>;

  constructor(
    private readonly rule: {
      domains: readonly string[];
      displayName: string;
      breakGlassEmail: string | undefined;
    },
  ) {
    this.domains = new Set(rule.domains);
  }

  applies(email: string): boolean {
    const address = normalizeEmail(email);
    if (address === this.rule.breakGlassEmail) return false;
    return this.domains.has(address.slice(address.lastIndexOf('@') + 1));
  }

  /** 403 "Use Sign in with {name}." for an email that must use the company sign-in. */
  assertPasswordAllowed(email: string): void {
    if (this.applies(email)) throw forbidden(ssoRequiredMessage(this.rule.displayName));
  }
}

export function createSsoRequirement(
  config: Pick<Config, 'oidc' | 'ssoRequiredDomains' | 'firstAdmin'>,
): SsoRequirement {
  return new SsoRequirement({
    domains: config.oidc ? config.ssoRequiredDomains : [],
    displayName: config.oidc?.displayName ?? '',
    breakGlassEmail: config.firstAdmin && normalizeEmail(config.firstAdmin.email),
  });
}
